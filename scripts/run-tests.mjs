// `npm test`: the whole suite as stages, each timed, with a table of the times at the end (also when a stage
// fails; the run stops there and exits with its code). The budget for a fresh-clone `.ci/run` is 12 minutes
// (docs/decisions/0003-test-databases.md); the table shows which stage to look at when it grows.
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

export const STAGES = [
  // First, as before: without a browser the journeys cannot run, so say so before spending minutes on the rest.
  ["chromium", "node", ["scripts/ensure-chromium.mjs"]],
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npm", ["run", "--silent", "lint"]],
  ["build", "npm", ["run", "--silent", "build"]],
  ["unit", "npm", ["run", "--silent", "test:unit"]],
  ["e2e", "npx", ["playwright", "test"]],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs the stages in order until one fails; answers the exit code for the whole run. */
export function runStages(stages, log = console.log) {
  const started = performance.now();
  const times = [];
  let failed;
  for (const [name, command, args] of stages) {
    log(`\n--- npm test: ${name} (${[command, ...args].join(" ")})`);
    const stageStarted = performance.now();
    const result = spawnSync(command, args, { stdio: "inherit" });
    times.push([name, performance.now() - stageStarted]);
    if (result.status !== 0 || result.error) {
      if (result.error) log(result.error.message);
      failed = { name, code: result.status || 1 };
      break;
    }
  }
  log("\n--- npm test: stage times");
  for (const [name, ms] of times) log(`${name.padEnd(10)} ${seconds(ms).padStart(9)}`);
  log(`${"total".padEnd(10)} ${seconds(performance.now() - started).padStart(9)}`);
  if (failed) log(`stage '${failed.name}' failed`);
  return failed ? failed.code : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(runStages(STAGES));
