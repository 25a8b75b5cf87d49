// `npm test`: the whole suite as stages, each timed, with a table of the times at the end (also when a stage
// fails; the run stops there and exits with its code). The budget for a fresh-clone `.ci/run` is 10 minutes with
// margin, i.e. about 9 (issue 27; it was 12: docs/decisions/0003-test-databases.md, 0059-suite-budget.md); the
// table shows which stage to look at when it grows.
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";

/**
 * [name, command, args, options?]. `beside: true` starts the stage in the background (its output held back and
 * printed when it ends) while the next stages run; it is waited for before the first stage marked `after` it.
 * The type check uses one core for half a minute while lint and the build leave the other idle (issue 17).
 * `limitMinutes`: a stage still running then is stopped and fails, named: a hung test (a unit worker once deadlocked
 * inside Node, docs/decisions/0111-session-49.md) costs minutes instead of the CI's whole 90. The limits are about
 * three times each stage's time on the slowest machine on record (unit 441 s, e2e 736 s).
 */
export const STAGES = [
  // First, as before: without a browser the journeys cannot run, so say so before spending minutes on the rest.
  ["chromium", "node", ["scripts/ensure-chromium.mjs"]],
  ["typecheck", "npm", ["run", "--silent", "typecheck"], { beside: true }],
  ["lint", "npm", ["run", "--silent", "lint"]],
  // Through ensure-build, which stamps a finished build: the tests that start the server or a CLI as a process then
  // run dist/ instead of transpiling the source at every start (src/server/test/built.ts).
  ["build", "node", ["scripts/ensure-build.mjs"]],
  // NOTE: the journeys after the unit stage, not beside it. Alone they keep this 2-core machine less than half busy
  // (572 CPU-seconds over 675 s), but beside the unit stage the load (about 18 on 2 cores) pushed a dozen
  // timing-sensitive unit tests (jsdom waits, the sign-in race) past their limits (docs/decisions/0103-session-45.md).
  ["unit", "npm", ["run", "--silent", "test:unit"], { after: ["typecheck"], limitMinutes: 20 }],
  // Every operation of the API document driven with generated requests, on PGlite and PostgreSQL at once (issue 34;
  // docs/decisions/0110-api-document-and-fuzzing.md). Bounded well under 2 minutes.
  ["fuzz", "npm", ["run", "--silent", "test:fuzz"], { limitMinutes: 6 }],
  ["e2e", "npx", ["playwright", "test"], { limitMinutes: 35 }],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const stageLimitMs = (options) => (options.limitMinutes === undefined ? undefined : options.limitMinutes * 60_000);

/**
 * Runs a command; answers its exit code and, when `hold` is set, its output instead of printing it. `started` is
 * handed the child (so a stage beside the others can be stopped when another fails).
 */
function run(command, args, hold, started = () => {}, limitMs = undefined) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: hold ? ["ignore", "pipe", "pipe"] : "inherit" });
    started(child);
    const output = [];
    let timedOut = false;
    const limit =
      limitMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill("SIGTERM");
            // NOTE: a child that ignores SIGTERM (or is stuck) is killed outright a little later.
            setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
          }, limitMs);
    const end = (result) => {
      clearTimeout(limit);
      resolve(timedOut ? { ...result, code: result.code || 1, timedOut } : result);
    };
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => end({ code: 1, error, output }));
    child.on("close", (code, signal) => end({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Runs the stages in order until one fails; answers the exit code for the whole run. */
export async function runStages(stages, log = console.log) {
  const started = performance.now();
  const times = [];
  const background = new Map();
  let failed;
  const finish = async (name) => {
    const pending = background.get(name);
    background.delete(name);
    const result = await pending.done;
    times.push([name, result.ms]);
    log(`\n--- npm test: ${name} (ran beside the stages after it) ended`);
    if (result.output.length) log(Buffer.concat(result.output).toString().trimEnd());
    return result;
  };
  const check = (name, result) => {
    if (result.code === 0 && !result.error && !result.timedOut) return true;
    if (result.error) log(result.error.message);
    if (result.timedOut) log(`\n--- npm test: ${name} was still running after its limit and was stopped`);
    failed = { name, code: result.code || 1 };
    return false;
  };
  for (const [name, command, args, options = {}] of stages) {
    for (const before of options.after ?? []) {
      if (background.has(before) && !check(before, await finish(before))) break;
    }
    if (failed) break;
    log(`\n--- npm test: ${name} (${[command, ...args].join(" ")})${options.beside ? ", beside the next stages" : ""}`);
    const stageStarted = performance.now();
    if (options.beside) {
      let child;
      const done = run(
        command,
        args,
        true,
        (c) => {
          child = c;
        },
        stageLimitMs(options),
      ).then((result) => ({ ...result, ms: performance.now() - stageStarted }));
      background.set(name, { done, stop: () => child?.kill("SIGTERM") });
      continue;
    }
    const result = await run(command, args, false, undefined, stageLimitMs(options));
    times.push([name, performance.now() - stageStarted]);
    if (!check(name, result)) break;
  }
  // A failed stage ends the run: the stages still going beside it are stopped rather than waited for.
  if (failed) for (const { stop } of background.values()) stop();
  for (const name of [...background.keys()]) {
    const result = await finish(name);
    if (!failed) check(name, result);
  }
  log("\n--- npm test: stage times");
  for (const [name, ms] of times) log(`${name.padEnd(10)} ${seconds(ms).padStart(9)}`);
  log(`${"total".padEnd(10)} ${seconds(performance.now() - started).padStart(9)}`);
  if (failed) log(`stage '${failed.name}' failed`);
  return failed ? failed.code : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(await runStages(STAGES));
