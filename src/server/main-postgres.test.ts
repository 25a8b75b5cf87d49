// The real server process on PostgreSQL: when the server ends its connections, the process lives on,
// logs the loss, serves the next request, and still stops cleanly.
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client";
import { TEST_DATABASE_URL } from "./test/database";
import { createVerifiedUserWithSession } from "./test/factories";
import { createScratchDatabase, terminateBackends } from "./test/postgres";
import { freePort } from "./test/free-port";
import { entryArgs } from "./test/built";

const ROOT = new URL("../../", import.meta.url).pathname;

describe.skipIf(!TEST_DATABASE_URL)("[postgres] the server process", () => {
  const cleanup: Array<() => unknown> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it("survives pg_terminate_backend on its connections and serves the next request", async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL!);
    cleanup.push(() => scratch.drop());
    // NOTE: port 0, read back from the log: a port picked free beforehand could be taken by another worker while
    // the server starts (EADDRINUSE seen in CI), or worse, answered by someone else.
    const child = spawn(process.execPath, entryArgs("main"), {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "test",
        SHUTDOWN_DRAIN_MS: "0",
        SEED_DEMO: "true",
        LOG_LEVEL: "info",
        PORT: "0",
        DATABASE_URL: scratch.url,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    cleanup.push(() => child.kill("SIGKILL"));
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    let url = "";
    let headers: Record<string, string> = {};
    const status = (path: string) => fetch(`${url}${path}`, { headers }).then((r) => r.status);

    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
      if (attempt > 600) throw new Error(`server did not become ready: ${output}`);
      url ||= /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? "";
      if (url && (await status("/readyz").catch(() => 0))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seeding = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 1 });
    ({ headers } = await createVerifiedUserWithSession(seeding.db));
    await seeding.close();
    // Several requests at once leave several idle connections in the pool.
    expect(await Promise.all([1, 2, 3].map(() => status("/api/stories")))).toEqual([200, 200, 200]);

    expect(await terminateBackends(TEST_DATABASE_URL!, scratch.name)).toBeGreaterThan(0);
    expect(child.exitCode).toBeNull();
    expect(await status("/api/stories")).toBe(200);
    expect(await status("/readyz")).toBe(200);
    // The log is written in batches (every 250 ms at the latest), so the warning may land a moment later.
    await expect.poll(() => output, { timeout: 5_000 }).toContain("database connection lost");
    expect(output).toContain("57P01");

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("stopped cleanly");
  }, 200_000);

  it("stops with one line when the database cannot be reached at start", async () => {
    const closedPort = await freePort();
    const child = spawn(process.execPath, entryArgs("main"), {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/ficforge` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    cleanup.push(() => child.kill("SIGKILL"));
    let output = "";
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe("Cannot reach the database at DATABASE_URL: ECONNREFUSED");
  }, 60_000);
});
