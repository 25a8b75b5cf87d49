// Writes src/server/test/file-durations.json (the unit stage's file order, src/server/test/slow-first-sequencer.ts)
// from a vitest JSON report: `npx vitest run --reporter=json --outputFile=/tmp/vitest.json`, then
// `node scripts/file-durations.mjs /tmp/vitest.json`. Files under 5 s are left out (they go by size).
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

const [report] = process.argv.slice(2);
if (!report) throw new Error("usage: node scripts/file-durations.mjs <vitest JSON report>");
const { testResults } = JSON.parse(readFileSync(report, "utf8"));
const seconds = testResults
  .map((file) => [relative(process.cwd(), file.name), Math.round((file.endTime - file.startTime) / 1000)])
  .filter(([, s]) => s >= 5)
  .sort((a, b) => b[1] - a[1]);
writeFileSync("src/server/test/file-durations.json", `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
console.log(`${seconds.length} files`);
