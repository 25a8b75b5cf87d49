// What a start loads: heavy native modules wait until a request needs them (bench/start.ts, bench/memory.ts).
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { copyOfPgliteTemplate } from "./test/database";
import { entryArgs } from "./test/built";

const ROOT = new URL("../../", import.meta.url).pathname;
// NOTE: already migrated: what a start loads is under test, not the migrations (~4 CPU-seconds on an empty one).
const dataDir = copyOfPgliteTemplate();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("answers /healthz without loading sharp (libvips)", async () => {
  const port = 20_000 + (process.pid % 10_000);
  const child = spawn(process.execPath, entryArgs("main"), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      SHUTDOWN_DRAIN_MS: "0",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    let healthy = false;
    for (const deadline = Date.now() + 100_000; !healthy && Date.now() < deadline; ) {
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(healthy).toBe(true);
    const maps = readFileSync(`/proc/${child.pid}/maps`, "utf8");
    expect(maps).toContain("node"); // the map of a live process, read right
    expect(maps).not.toMatch(/libvips/);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}, 120_000);
