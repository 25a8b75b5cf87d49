// Running from the TypeScript sources (tests, `npm run dev`, the benches), a worker (the import one, the gift exchange
// matching one) is bundled on first use
// the way scripts/build-server.mjs bundles it, instead of loading each of its modules through tsx in every new thread
// (seconds per import on a busy machine). The bundle lives under node_modules/.cache so its imports resolve.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const bundled = new Map<string, Promise<URL>>();

export function bundledWorker(entry: URL): Promise<URL> {
  const known = bundled.get(entry.href);
  if (known) return known;
  const made = (async () => {
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [fileURLToPath(entry)],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      write: false,
      logLevel: "warning",
    });
    const code = result.outputFiles[0]!.contents;
    const dir = fileURLToPath(new URL("../../../node_modules/.cache/ficforge/", import.meta.url));
    const base = fileURLToPath(entry)
      .replace(/^.*[\\/]/, "")
      .replace(/\.ts$/, "");
    const file = `${dir}${base}-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`;
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      // NOTE: written aside and renamed, so test processes bundling at once never load a half-written file.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    }
    return pathToFileURL(file);
  })();
  bundled.set(entry.href, made);
  return made;
}
