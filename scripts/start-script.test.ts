// `npm start` carries the memory settings (docs/decisions/0012-server-performance.md), and this Node accepts them:
// node refuses to start on a V8 flag it does not know, so a renamed flag would stop the server, not just cost memory.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

const root = new URL("..", import.meta.url);
const start = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).scripts.start as string;

it("runs the built server with a bounded heap, one tier-up thread, two malloc arenas and fixed mmap/trim thresholds", () => {
  expect(start).toMatch(/ dist\/server\/main\.js$/);
  // The same command with the server swapped for a probe of what the process was started with.
  const probe = `const e = process.env; console.log(JSON.stringify({ arenas: e.MALLOC_ARENA_MAX, mmap: e.MALLOC_MMAP_THRESHOLD_, trim: e.MALLOC_TRIM_THRESHOLD_, flags: process.execArgv }))`;
  const command = start
    .replace(/\bnode\b/, `"${process.execPath}"`)
    .replace(/dist\/server\/main\.js$/, `-e '${probe}'`);
  const result = spawnSync("/bin/sh", ["-c", `exec env ${command}`], { encoding: "utf8" });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  const { arenas, mmap, trim, flags } = JSON.parse(result.stdout) as Record<string, string | undefined> & {
    flags: string[];
  };
  expect([arenas, mmap, trim]).toEqual(["2", "131072", "131072"]);
  expect(flags).toEqual(
    expect.arrayContaining([
      "--max-semi-space-size=8",
      "--heap-growing-percent=20",
      "--wasm-num-compilation-tasks=1",
      "--enable-source-maps",
    ]),
  );
});
