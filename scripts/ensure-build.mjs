// `prestart`: builds only when the sources changed since the last successful build, so a start on a built clone goes
// straight to the server. The stamp (build-stamp.mjs) is written into dist/ only after the whole build script
// succeeded (and removed before it runs, so a failed build never looks current). `npm test`'s build stage runs it too,
// so the tests that start the server or a CLI as a process may run the build instead of the source (src/server/test/built.ts).
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { buildIsCurrent, sourceHash, STAMP } from "./build-stamp.mjs";

const hash = sourceHash();
if (!buildIsCurrent(".", hash)) {
  console.log("Sources changed since the last build: npm run build");
  rmSync(STAMP, { force: true });
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, `${hash}\n`);
}
