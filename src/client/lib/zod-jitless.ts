// Zod without its compiled fast path in the browser. Otherwise its first object parse probes `new Function("")`:
// the app's CSP (script-src 'self', no 'unsafe-eval') blocks it, zod swallows the error, but Chrome still lists a
// "Content security policy" issue, which is what held Lighthouse's best practices at 96 (decision 0061).
// Imported first by app.tsx, before any schema parses; the server keeps the compiled path.
import { config } from "zod/v4/core";

config({ jitless: true });
