// Background upkeep on timers: each job runs soon after start and then every `everyMs`, never two runs
// of one job at once, and one job at a time: a job due while another runs waits its turn. A failed run is logged
// and tried again next time; it never ends the process. The jobs themselves are listed in maintenance-jobs.ts.
// NOTE: one at a time, so upkeep holds at most one of the database pool's connections: at a million works the
// twenty jobs starting together held them all for seconds, and readers waited 8 s for a connection (decision 0078).
import { databaseFailure } from "./db/unavailable";

export interface MaintenanceJob {
  /** kebab-case, for the logs. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface MaintenanceLog {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export interface MaintenanceOptions {
  log: MaintenanceLog;
  jobs: MaintenanceJob[];
  /** Delay before the first runs: soon, but out of the way of start-up. */
  firstRunAfterMs?: number;
}

export interface Maintenance {
  /** Cancels what is scheduled and resolves when the runs in progress have finished. */
  stop(): Promise<void>;
}

export function startMaintenance({ log, jobs, firstRunAfterMs = 5_000 }: MaintenanceOptions): Maintenance {
  let stopped = false;
  const timers = new Map<MaintenanceJob, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  /** The run in progress (or the last one): the next job's run starts after it. */
  let lane: Promise<unknown> = Promise.resolve();
  const inTurn = (job: MaintenanceJob) => {
    const turn = lane.then(() => (stopped ? undefined : job.run()));
    lane = turn.catch(() => undefined);
    return turn;
  };

  const schedule = (job: MaintenanceJob, delayMs: number) => {
    // NOTE: unref'd, so pending upkeep never keeps the process alive; the next run is only scheduled
    // once this one has finished, so a slow run delays its successor instead of overlapping it.
    timers.set(job, setTimeout(() => void run(job), delayMs).unref());
  };

  const run = async (job: MaintenanceJob) => {
    if (stopped) return;
    const started = Date.now();
    const attempt = inTurn(job).then(
      (result: unknown) => log.debug({ job: job.name, ms: Date.now() - started, result }, "maintenance job done"),
      (error: unknown) =>
        log.warn({ job: job.name, error: safeDetails(error) }, "maintenance job failed; retrying later"),
    );
    running.add(attempt);
    await attempt;
    running.delete(attempt);
    if (!stopped) schedule(job, job.everyMs);
  };

  for (const job of jobs) schedule(job, firstRunAfterMs);
  return {
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}

/** What a failure was, without a failed query's parameters (drizzle puts them in its message). */
function safeDetails(error: unknown): object {
  const failure = databaseFailure(error);
  if (failure) return { ...failure, databaseUnavailable: true };
  if (!(error instanceof Error)) return { message: String(error) };
  // NOTE: a DrizzleQueryError's message and stack carry the parameters; its cause (the driver's error) does not.
  const inner = error.cause instanceof Error ? error.cause : error;
  return { message: inner.message, code: (inner as { code?: unknown }).code, stack: inner.stack };
}
