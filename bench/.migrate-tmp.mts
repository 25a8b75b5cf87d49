import { openDatabase } from "../src/server/db/client";
const started = performance.now();
const d = await openDatabase({ kind: "postgres", url: process.argv[2]!, queryTimeoutMs: 3_600_000 });
console.log(`migrated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await d.close();
