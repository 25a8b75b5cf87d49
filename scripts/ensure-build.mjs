// `prestart`: builds only when the sources changed since the last successful `npm run build`, so a start on a
// built clone goes straight to the server. The stamp is a hash of what the build reads, written into dist/ only
// after the whole build script succeeded (and removed before it runs, so a failed build never looks current).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const STAMP = "dist/.build-stamp";
const INPUTS = ["src", "scripts", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
const OUTPUTS = ["dist/server/main.js", "dist/server/convert-worker.js", "dist/client/index.html", "dist/client/sw.js"];
// Tests are never part of the build: changing one needs no rebuild.
const IGNORED = /\.test\.tsx?$/;

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function sourceHash() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files)) {
    if (IGNORED.test(file)) continue;
    hash.update(`${file}\0`).update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

const hash = sourceHash();
const built = existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === hash && OUTPUTS.every((f) => existsSync(f));
if (!built) {
  console.log("Sources changed since the last build: npm run build");
  rmSync(STAMP, { force: true });
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, `${hash}\n`);
}
