import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./src/server/test/slow-first-sequencer";

const INCLUDE = ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"];

// NOTE: a file that replaces a module (vi.mock) needs a module graph of its own: in a shared one the app was
// already imported with the real module. Client tests run in jsdom and stub globals, so they stay isolated too.
const MOCKS_MODULES = /\bvi\.(mock|doMock)\(/;
const testFiles = (dir: string) =>
  readdirSync(new URL(`${dir}/`, import.meta.url), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`);
// NOTE: a client test that stubs globals (fetch, timers, window properties) keeps a module graph and a jsdom of its own
// too; the others (pure functions, components on a plain jsdom) share a worker's, as server tests do.
const STUBS_GLOBALS =
  /\bvi\.(stubGlobal|stubEnv|useFakeTimers)\(|Object\.defineProperty\((window|globalThis|navigator|document)\b|\b(window|globalThis)\.\w+ *=[^=]/;
const read = (file: string) => readFileSync(new URL(file, import.meta.url), "utf8");
const ISOLATED = [...testFiles("src"), ...testFiles("scripts")].filter(
  (file) => MOCKS_MODULES.test(read(file)) || (file.startsWith("src/client/") && STUBS_GLOBALS.test(read(file))),
);
const CLIENT = testFiles("src/client").filter((file) => !ISOLATED.includes(file));

export default defineConfig({
  test: {
    environment: "node",
    setupFiles: ["src/server/test/setup.ts"],
    globalSetup: ["src/server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // NOTE: each suite opens its own database (a PGlite copy of the run's template, a PostgreSQL database made from
    // the run's template), so files run in parallel safely. One worker more than cores: integration suites wait on
    // PostgreSQL, the OIDC/SMTP/AI peers and child processes much of the time.
    pool: "forks",
    maxWorkers: availableParallelism() + 1,
    // The longest files first, from this clone's last run or the committed measurement (a fresh clone has no
    // cache, and vitest then runs the projects in name order and each by size: the slowest files started last).
    sequence: { sequencer: SlowFirstSequencer },
    // Verbose, so the output names every suite, e.g. "[pglite] ..." and "[postgres] ...".
    reporters: ["verbose"],
    projects: [
      {
        extends: true,
        // Server and script tests share each worker's module graph: importing the app once per worker instead of
        // once per file cut the suite's CPU time by about a third (docs/decisions/0003-test-databases.md).
        test: { name: "shared", include: INCLUDE, exclude: [...ISOLATED, ...CLIENT], isolate: false },
      },
      { extends: true, test: { name: "client", include: CLIENT.length ? CLIENT : ["!"], isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED.length ? ISOLATED : ["!"], isolate: true } },
    ],
  },
});
