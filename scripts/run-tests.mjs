// `npm test`: the whole suite as stages, each timed, with a table of the times at the end (also when a stage
// fails; the run stops there and exits with its code). The budget for a fresh-clone `.ci/run` is 12 minutes
// (docs/decisions/0003-test-databases.md); the table shows which stage to look at when it grows.
import { spawnSync } from "node:child_process";

const STAGES = [
  // First, as before: without a browser the journeys cannot run, so say so before spending minutes on the rest.
  ["chromium", "node", ["scripts/ensure-chromium.mjs"]],
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npm", ["run", "--silent", "lint"]],
  ["build", "npm", ["run", "--silent", "build"]],
  ["unit", "npm", ["run", "--silent", "test:unit"]],
  ["e2e", "npx", ["playwright", "test"]],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const times = [];
const started = performance.now();

function summary(failed) {
  console.log("\n--- npm test: stage times");
  for (const [name, ms] of times) console.log(`${name.padEnd(10)} ${seconds(ms).padStart(9)}`);
  console.log(`${"total".padEnd(10)} ${seconds(performance.now() - started).padStart(9)}`);
  if (failed) console.log(`stage '${failed}' failed`);
}

for (const [name, command, args] of STAGES) {
  console.log(`\n--- npm test: ${name} (${[command, ...args].join(" ")})`);
  const stageStarted = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  times.push([name, performance.now() - stageStarted]);
  const code = result.status ?? 1;
  if (code !== 0 || result.error) {
    if (result.error) console.error(result.error.message);
    summary(name);
    process.exit(code || 1);
  }
}
summary();
