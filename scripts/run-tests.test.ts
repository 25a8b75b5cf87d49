// `npm test` runs scripts/run-tests.mjs: stages in order, stopping at the first failure with its exit code, and a
// table of stage times either way.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { runStages, STAGES } from "./run-tests.mjs";

const node = (name: string, code: string) => [name, process.execPath, ["-e", code]];

it("is what npm test runs, with Chromium first and the journeys last", () => {
  const scripts = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).scripts;
  expect(scripts.test).toBe("node scripts/run-tests.mjs");
  const names = (STAGES as [string][]).map(([name]) => name);
  expect(names).toEqual(["chromium", "typecheck", "lint", "build", "unit", "fuzz", "e2e"]);
});

it("stops at a failing stage with its exit code and still prints the times so far", async () => {
  const lines: string[] = [];
  const code = await runStages(
    [node("first", ""), node("broken", "process.exit(3)"), node("never", "")],
    (line: string) => lines.push(line),
  );
  expect(code).toBe(3);
  const table = lines.slice(lines.indexOf("\n--- npm test: stage times") + 1);
  expect(table.map((line) => line.split(/\s+/)[0])).toEqual(["first", "broken", "total", "stage"]);
  expect(table.at(-1)).toBe("stage 'broken' failed");
  expect(lines.join("\n")).not.toContain("never");
});

it("answers 0 and times every stage when all pass", async () => {
  const lines: string[] = [];
  expect(await runStages([node("a", ""), node("b", "")], (line: string) => lines.push(line))).toBe(0);
  expect(lines.filter((line) => /^(a|b|total) +\d+\.\d s$/.test(line))).toHaveLength(3);
});

it("runs a stage beside the next ones, holds its output, and waits for it where a stage comes after it", async () => {
  const lines: string[] = [];
  const slow = [
    ...node("slow", "setTimeout(() => { console.log('slow' + ' output'); process.exit(4) }, 300)"),
    { beside: true },
  ];
  const code = await runStages(
    [slow, node("quick", ""), [...node("needs-slow", ""), { after: ["slow"] }]],
    (line: string) => lines.push(line),
  );
  expect(code).toBe(4);
  const text = lines.join("\n");
  expect(text).toContain("slow output");
  // The quick stage ran while the slow one was still going; the stage after it never started.
  expect(text.indexOf("--- npm test: quick")).toBeLessThan(text.indexOf("slow output"));
  expect(text).not.toContain("--- npm test: needs-slow");
  expect(lines.at(-1)).toBe("stage 'slow' failed");
});

it("waits at the end for a stage beside the others that nothing comes after", async () => {
  const lines: string[] = [];
  const code = await runStages(
    [[...node("beside", "setTimeout(() => process.exit(0), 200)"), { beside: true }], node("quick", "")],
    (line: string) => lines.push(line),
  );
  expect(code).toBe(0);
  expect(lines.filter((line) => /^(beside|quick|total) +\d+\.\d s$/.test(line))).toHaveLength(3);
});

it("stops a stage beside the others when a later stage fails, instead of waiting for it", async () => {
  const lines: string[] = [];
  const started = performance.now();
  const code = await runStages(
    [
      [...node("long", "setTimeout(() => process.exit(0), 60_000)"), { beside: true }],
      node("broken", "process.exit(5)"),
    ],
    (line: string) => lines.push(line),
  );
  expect(code).toBe(5);
  expect(performance.now() - started).toBeLessThan(30_000);
  expect(lines.at(-1)).toBe("stage 'broken' failed");
});

it("stops a stage that runs past its limit and fails it by name", async () => {
  const lines: string[] = [];
  const started = performance.now();
  const code = await runStages(
    [[...node("hung", "setTimeout(() => process.exit(0), 60_000)"), { limitMinutes: 0.01 }], node("never", "")],
    (line: string) => lines.push(line),
  );
  expect(code).not.toBe(0);
  expect(performance.now() - started).toBeLessThan(30_000);
  expect(lines.join("\n")).toContain("--- npm test: hung was still running after its limit and was stopped");
  expect(lines.join("\n")).not.toContain("--- npm test: never");
  expect(lines.at(-1)).toBe("stage 'hung' failed");
});
