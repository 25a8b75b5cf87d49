// What makes a build current: a hash of everything the build reads, written to dist/.build-stamp by ensure-build.mjs
// only after the whole build succeeded. Paths are relative to the working directory (the project's root).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export const STAMP = "dist/.build-stamp";
const INPUTS = ["src", "scripts", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
export const OUTPUTS = [
  "dist/server/main.js",
  "dist/server/convert-worker.js",
  "dist/server/matching-worker.js",
  "dist/client/index.html",
  "dist/client/sw.js",
  "dist/server/admin-cli.js",
  "dist/server/backup-cli.js",
  "dist/server/migrate-to-postgres-cli.js",
];
// Tests are never part of the build: changing one needs no rebuild.
const IGNORED = /\.test\.tsx?$/;

function files(root, path) {
  const at = join(root, path);
  if (!existsSync(at)) return [];
  if (!statSync(at).isDirectory()) return [path];
  return readdirSync(at)
    .sort()
    .flatMap((name) => files(root, join(path, name)));
}

/** The hash of the build's inputs under `root` (the working directory by default). */
export function sourceHash(root = ".") {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap((input) => files(root, input))) {
    if (IGNORED.test(file)) continue;
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

/** True when `root`'s dist/ holds a successful build of its sources as they are now. */
export function buildIsCurrent(root = ".", hash = sourceHash(root)) {
  const at = (file) => join(root, file);
  return (
    existsSync(at(STAMP)) &&
    readFileSync(at(STAMP), "utf8").trim() === hash &&
    OUTPUTS.every((file) => existsSync(at(file)))
  );
}
