// `prestart` builds once, then only when a source changed, and never trusts a build that failed.
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the build scripts, without types
import { OUTPUTS } from "./build-stamp.mjs";

const SCRIPT = fileURLToPath(new URL("./ensure-build.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "ficforge-ensure-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A project whose build writes every output the stamp checks (build-stamp.mjs OUTPUTS) and counts its runs; a FAIL file makes it fail half-way.
const BUILD = `
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
appendFileSync("builds.log", "x");
mkdirSync("dist/server", { recursive: true });
const outputs = ${JSON.stringify(OUTPUTS)};
for (const file of outputs.filter((f) => f.startsWith("dist/server/"))) writeFileSync(file, "");
if (existsSync("FAIL")) process.exit(1);
mkdirSync("dist/client", { recursive: true });
for (const file of outputs.filter((f) => f.startsWith("dist/client/"))) writeFileSync(file, "");
`;
writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, scripts: { build: "node build.mjs" } }));
writeFileSync(join(dir, "build.mjs"), BUILD);
mkdirSync(join(dir, "src"));
writeFileSync(join(dir, "src/main.ts"), "export const a = 1;\n");

function ensureBuild(): { status: number | null; builds: number } {
  const result = spawnSync(process.execPath, [SCRIPT], { cwd: dir, encoding: "utf8" });
  const log = join(dir, "builds.log");
  return { status: result.status, builds: existsSync(log) ? readFileSync(log, "utf8").length : 0 };
}

it("builds on the first start, then only when a source changed", () => {
  expect(ensureBuild()).toEqual({ status: 0, builds: 1 });
  expect(ensureBuild()).toEqual({ status: 0, builds: 1 });

  writeFileSync(join(dir, "src/main.test.ts"), "// tests are not built\n");
  expect(ensureBuild()).toEqual({ status: 0, builds: 1 });

  appendFileSync(join(dir, "src/main.ts"), "export const b = 2;\n");
  expect(ensureBuild()).toEqual({ status: 0, builds: 2 });
  expect(ensureBuild()).toEqual({ status: 0, builds: 2 });
});

it("rebuilds when an output is missing", () => {
  rmSync(join(dir, "dist/client"), { recursive: true });
  expect(ensureBuild()).toEqual({ status: 0, builds: 3 });
});

it("fails with the build, and a failed build is retried even once the sources are back as they were", () => {
  writeFileSync(join(dir, "FAIL"), "");
  appendFileSync(join(dir, "src/main.ts"), "export const c = 3;\n");
  expect(ensureBuild()).toEqual({ status: 1, builds: 4 });
  expect(existsSync(join(dir, "dist/.build-stamp"))).toBe(false);

  rmSync(join(dir, "FAIL"));
  const source = readFileSync(join(dir, "src/main.ts"), "utf8");
  writeFileSync(join(dir, "src/main.ts"), source.replace("export const c = 3;\n", ""));
  expect(ensureBuild()).toEqual({ status: 0, builds: 5 });
  expect(ensureBuild()).toEqual({ status: 0, builds: 5 });
});
