// What this instance's email worker last did, for /readyz: whether it runs, when its next pass is due and when a pass
// began. The worker (start.ts) beats it; the app only reads it. Never started (tests, benchmarks, the admin CLI), it
// says so and /readyz does not count it.
export type WorkerState = "not-started" | "running" | "stopped";

export interface WorkerPulse {
  state: WorkerState;
  /** When the next pass is scheduled (epoch ms, the app clock); a pass late by more than the grace is a stuck worker. */
  nextPassAt: number | undefined;
  /** When the pass in progress began, or undefined between passes. */
  passStartedAt: number | undefined;
  /** When the last pass finished. */
  lastPassAt: number | undefined;
}

export const createWorkerPulse = (): WorkerPulse => ({
  state: "not-started",
  nextPassAt: undefined,
  passStartedAt: undefined,
  lastPassAt: undefined,
});

/** A pass may be this late (a busy event loop, a slow wake) before the worker counts as stuck. */
export const PULSE_GRACE_MS = 60_000;
/** A pass that runs longer than this is stuck (its leases last 5 minutes: worker.ts LEASE_MS). */
export const PASS_STUCK_MS = 5 * 60 * 1000;

/** Why the worker is not healthy at `now`, or undefined when it is (or was never started here). */
export function pulseProblem(pulse: WorkerPulse, now: number): string | undefined {
  if (pulse.state === "not-started") return undefined;
  if (pulse.state === "stopped") return "stopped";
  if (pulse.passStartedAt !== undefined && now - pulse.passStartedAt > PASS_STUCK_MS) return "pass stuck";
  if (pulse.passStartedAt === undefined && pulse.nextPassAt !== undefined && now - pulse.nextPassAt > PULSE_GRACE_MS)
    return "pass overdue";
  return undefined;
}

/** The email worker's part of /readyz (http/health.ts): alive, or why not. */
export function pulseCheck(pulse: WorkerPulse, now: number): { ok: boolean; detail?: string } {
  if (pulse.state === "not-started") return { ok: true, detail: "not running in this process" };
  const problem = pulseProblem(pulse, now);
  return problem ? { ok: false, detail: problem } : { ok: true };
}
