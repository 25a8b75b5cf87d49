// The maintenance scheduler: when jobs run, that a run never overlaps itself, that failures are logged
// and retried, that stop() waits for a run in progress, and that its timers never hold the process open.
import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type MaintenanceJob, startMaintenance } from "./maintenance";

const ROOT = new URL("../../", import.meta.url).pathname;
const MINUTE = 60_000;

function recordingLog() {
  const warnings: Array<{ details: Record<string, unknown>; message: string }> = [];
  return {
    warnings,
    log: {
      warn: (details: object, message: string) =>
        warnings.push({ details: details as Record<string, unknown>, message }),
      debug: () => {},
    },
  };
}

describe("the maintenance scheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs each job soon after start and then every everyMs", async () => {
    const runs: string[] = [];
    const job = (name: string, everyMs: number): MaintenanceJob => ({
      name,
      everyMs,
      run: async () => void runs.push(name),
    });
    const maintenance = startMaintenance({
      log: recordingLog().log,
      jobs: [job("hourly", 60 * MINUTE), job("daily", 24 * 60 * MINUTE)],
      firstRunAfterMs: 5_000,
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.sort()).toEqual(["daily", "hourly"]);
    await vi.advanceTimersByTimeAsync(3 * 60 * MINUTE);
    expect(runs.filter((name) => name === "hourly")).toHaveLength(4);
    expect(runs.filter((name) => name === "daily")).toHaveLength(1);
    await maintenance.stop();
  });

  it("never starts a run while the previous one of the same job is still going", async () => {
    let active = 0;
    let maxActive = 0;
    let finish: () => void = () => {};
    const job: MaintenanceJob = {
      name: "slow",
      everyMs: MINUTE,
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        active--;
      },
    };
    const maintenance = startMaintenance({ log: recordingLog().log, jobs: [job], firstRunAfterMs: 0 });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(maxActive).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(maxActive).toBe(1);
    expect(active).toBe(1);
    finish();
    await maintenance.stop();
  });

  it("runs one job at a time: a job due while another runs waits for it to finish", async () => {
    let active = 0;
    let maxActive = 0;
    const order: string[] = [];
    const finishers: Array<() => void> = [];
    const job = (name: string): MaintenanceJob => ({
      name,
      everyMs: 60 * MINUTE,
      run: async () => {
        order.push(name);
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise<void>((resolve) => finishers.push(resolve));
        active--;
      },
    });
    const maintenance = startMaintenance({
      log: recordingLog().log,
      jobs: [job("first"), job("second"), job("third")],
      firstRunAfterMs: 0,
    });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(order).toEqual(["first"]);
    finishers.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["first", "second"]);
    finishers.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["first", "second", "third"]);
    expect(maxActive).toBe(1);
    // Stopped while the third runs: the others, due again later, never start.
    const stopping = maintenance.stop();
    finishers.shift()!();
    await stopping;
    await vi.advanceTimersByTimeAsync(2 * 60 * MINUTE);
    expect(order).toEqual(["first", "second", "third"]);
  });

  it("logs a failing run as a warning and tries again next time", async () => {
    const { log, warnings } = recordingLog();
    let calls = 0;
    const maintenance = startMaintenance({
      log,
      firstRunAfterMs: 0,
      jobs: [
        {
          name: "flaky",
          everyMs: MINUTE,
          run: async () => {
            calls++;
            if (calls === 1) throw new Error("disk full");
          },
        },
        {
          name: "throws-at-once",
          everyMs: MINUTE,
          run: () => {
            throw new Error("not even a promise");
          },
        },
      ],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings.map((w) => [w.details.job, (w.details.error as { message: string }).message])).toEqual([
      ["flaky", "disk full"],
      ["throws-at-once", "not even a promise"],
    ]);
    expect(warnings[0]!.message).toBe("maintenance job failed; retrying later");
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(calls).toBe(2);
    expect(warnings.filter((w) => w.details.job === "flaky")).toHaveLength(1);
    expect(warnings.filter((w) => w.details.job === "throws-at-once")).toHaveLength(2);
    await maintenance.stop();
  });

  it("stops: cancels what is scheduled and waits for the run in progress", async () => {
    let runs = 0;
    let finish: () => void = () => {};
    const maintenance = startMaintenance({
      log: recordingLog().log,
      firstRunAfterMs: 0,
      jobs: [
        {
          name: "slow",
          everyMs: MINUTE,
          run: () => {
            runs++;
            return new Promise<void>((resolve) => {
              finish = resolve;
            });
          },
        },
      ],
    });
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = maintenance.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(runs).toBe(1);
  });
});

describe("a process with maintenance scheduled", () => {
  it("exits on its own: the timers do not hold it open", () => {
    const script = `
      import { startMaintenance } from "./src/server/maintenance.ts";
      startMaintenance({ log: console, firstRunAfterMs: 60_000, jobs: [{ name: "x", everyMs: 60_000, run: async () => {} }] });
    `;
    const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: ROOT,
      timeout: 20_000,
      encoding: "utf8",
    });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(0);
  });
});
