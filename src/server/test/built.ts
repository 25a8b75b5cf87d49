// How a test starts the server or an operator's CLI as a process: the build in dist/ when it is current (`npm test`
// builds first, through scripts/ensure-build.mjs, which stamps it), else the source under tsx. Under tsx every start
// transpiles the server's modules again: about 5 s of CPU a start on this machine, and the unit stage starts dozens.
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain ES module of the build scripts, without types
import { buildIsCurrent } from "../../../scripts/build-stamp.mjs";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

const SOURCES = {
  main: "src/server/main.ts",
  "admin-cli": "src/server/admin/admin-cli.ts",
  "backup-cli": "src/server/admin/backup-cli.ts",
  "migrate-to-postgres-cli": "src/server/db/migrate-to-postgres-cli.ts",
} as const;
export type Entry = keyof typeof SOURCES;

let current: boolean | undefined;
/** Whether dist/ is a successful build of the sources as they are (hashed once per test process). */
export function builtIsCurrent(): boolean {
  current ??= buildIsCurrent(ROOT) as boolean;
  return current;
}

/** The arguments after `node` that run an entry: `dist/server/<entry>.js`, or `--import tsx <source>`. Absolute paths. */
export function entryArgs(entry: Entry): string[] {
  return builtIsCurrent()
    ? ["--enable-source-maps", `${ROOT}dist/server/${entry}.js`]
    : ["--import", "tsx", `${ROOT}${SOURCES[entry]}`];
}
