// Runs the email worker in the background: a pass every 20 s, at once when woken, and after a pass whose send
// failed (the mail server down) the next one backs off, doubling up to 5 minutes. Never two passes at once.
import type { MaintenanceLog } from "../maintenance";
import type { AppDeps } from "../types";
import { signingKeyLoader } from "./unsubscribe-token";
import { createEmailWorker, type EmailWorker } from "./worker";

export const EMAIL_PASS_EVERY_MS = 20_000;
const MAX_BACKOFF_MS = 5 * 60 * 1000;

export interface RunningEmailWorker {
  /** Cancels what is scheduled and resolves when a pass in progress has finished. */
  stop(): Promise<void>;
}

export function startEmailWorker(
  deps: Pick<AppDeps, "database" | "mailer" | "now" | "config" | "emailWake"> &
    Partial<Pick<AppDeps, "emailPulse" | "metrics">>,
  log: MaintenanceLog & { info(details: object, message: string): void },
  worker: EmailWorker = createEmailWorker({
    db: deps.database.db,
    mailer: deps.mailer,
    now: deps.now,
    appUrl: deps.config.APP_URL,
    signingKey: signingKeyLoader(deps.database.db, deps.config.APP_SECRET),
  }),
  { everyMs = EMAIL_PASS_EVERY_MS, firstRunAfterMs = 2_000 } = {},
): RunningEmailWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;
  let failedPasses = 0;

  // NOTE: the pulse is what /readyz reads (pulse.ts); the metrics count what each pass sent and failed to send.
  const pulse = deps.emailPulse;
  if (pulse) pulse.state = "running";
  const schedule = (delayMs: number) => {
    if (pulse) pulse.nextPassAt = deps.now().getTime() + delayMs;
    clearTimeout(timer);
    timer = setTimeout(() => void pass(), delayMs).unref();
  };

  const pass = async () => {
    if (stopped || running) return;
    wokenWhileRunning = false;
    if (pulse) pulse.passStartedAt = deps.now().getTime();
    running = worker
      .runOnce()
      .then(({ error, ...result }) => {
        deps.metrics?.emailsSent.inc(result.emails);
        deps.metrics?.emailFailures.inc(result.failures);
        if (error) {
          failedPasses++;
          log.warn(
            { job: "notification-email", error: errorDetails(error), result },
            "notification email: send failed",
          );
        } else {
          failedPasses = 0;
          if (result.emails > 0 || result.dropped > 0)
            log.info({ job: "notification-email", result }, "notification email sent");
        }
      })
      .catch((error: unknown) => {
        failedPasses++;
        log.warn(
          { job: "notification-email", error: errorDetails(error) },
          "notification email pass failed; retrying later",
        );
      });
    await running;
    running = undefined;
    if (pulse) {
      pulse.passStartedAt = undefined;
      pulse.lastPassAt = deps.now().getTime();
    }
    if (stopped) return;
    if (failedPasses > 0) schedule(Math.min(everyMs * 2 ** failedPasses, MAX_BACKOFF_MS));
    else schedule(wokenWhileRunning ? 0 : everyMs);
  };

  const unsubscribe = deps.emailWake.onWake(() => {
    // NOTE: while the mail server is failing, new notifications wait for the backoff instead of hammering it.
    if (stopped || failedPasses > 0) return;
    if (running) wokenWhileRunning = true;
    else schedule(0);
  });
  schedule(firstRunAfterMs);

  return {
    async stop() {
      stopped = true;
      if (pulse) pulse.state = "stopped";
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}

/** An error for the log, without a failed query's parameters or an email's addresses. */
function errorDetails(error: unknown): object {
  if (!(error instanceof Error)) return { message: String(error) };
  const inner = error.cause instanceof Error ? error.cause : error;
  const { code, responseCode } = inner as { code?: unknown; responseCode?: unknown };
  return { name: inner.name, code, responseCode, message: inner.message.slice(0, 200) };
}
