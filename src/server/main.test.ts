// The real entry point as a process: start, refuse a second start on the same data directory, stop on SIGINT.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyOfPgliteTemplate } from "./test/database";
import { freePort } from "./test/free-port";
import { entryArgs } from "./test/built";

const ROOT = new URL("../../", import.meta.url).pathname;

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, entryArgs("main"), {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", SHUTDOWN_DRAIN_MS: "0", SEED_DEMO: "false", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

describe("the server process", () => {
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const child of running) child.kill("SIGKILL");
  });

  it("refuses a second start on the same data directory and stops cleanly on SIGINT", async () => {
    // NOTE: already migrated, as after a first start; the journeys' server starts on an empty directory.
    const dataDir = copyOfPgliteTemplate();
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    running.push(first.child);
    await waitForHealth(`http://127.0.0.1:${port}`, first.child);

    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    running.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another FicForge process`);

    // A request in flight when SIGINT arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status);
    first.child.kill("SIGINT");
    expect(await inFlight).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("stopped cleanly");

    // The lock went with the process: the directory opens again.
    const third = start({ DATA_DIR: dataDir, PORT: String(port) });
    running.push(third.child);
    await waitForHealth(`http://127.0.0.1:${port}`, third.child);
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
  }, 400_000);

  it("refuses a bad configuration with one line naming the variable", async () => {
    const bad = start({ PORT: "eighty", DATA_DIR: mkdtempSync(join(tmpdir(), "ficforge-bad-")) });
    running.push(bad.child);
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim().split("\n").at(-1)).toMatch(/^Invalid configuration: PORT /);
  }, 60_000);
});
