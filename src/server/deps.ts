// The app's dependencies from its configuration: main.ts, the tests and the benchmarks build them here, each
// replacing what it must (a test's clock, a peer's mailer, a stand-in payments driver).
import type { FastifyBaseLogger } from "fastify";
import { createAiDriver } from "./ai/driver";
import { createPayments } from "./billing/create-payments";
import type { Database } from "./db/client";
import { registerReplicaMetrics } from "./db/replica-metrics";
import type { Config } from "./env";
import { createEventBus } from "./events/bus";
import { createWakeSignal } from "./email-notifications/wake";
import { createImageStorage } from "./images/storage/driver";
import { createWorkerPulse } from "./email-notifications/pulse";
import { pendingEmailCount } from "./email-notifications/queue-depth";
import { instrumentAi } from "./metrics/ai-metrics";
import { createMetrics } from "./metrics/metrics";
import { createDevOutbox, createSmtpMailer } from "./mail/mailer";
import type { AppDeps } from "./types";

export interface DepsOptions
  extends Partial<Pick<AppDeps, "mailer" | "ai" | "payments" | "now" | "onNewChapters" | "imageStorage">> {
  /** Where the dev outbox logs the emails it keeps. */
  log?: Pick<FastifyBaseLogger, "info">;
}

export async function createDeps(config: Config, database: Database, options: DepsOptions = {}): Promise<AppDeps> {
  const mailer =
    options.mailer ??
    (config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createDevOutbox(options.log));
  const metrics = createMetrics(database.pool);
  metrics.sources.emailQueue = () => pendingEmailCount(database.db);
  if (database.replicas) registerReplicaMetrics(metrics.registry, database.replicas);
  return {
    config,
    database,
    mailer,
    ai: instrumentAi(options.ai ?? (await createAiDriver(config)), metrics),
    payments: options.payments ?? (await createPayments(config)),
    imageStorage: options.imageStorage ?? createImageStorage(config),
    now: options.now ?? (() => new Date()),
    emailWake: createWakeSignal(),
    emailPulse: createWorkerPulse(),
    metrics,
    events: createEventBus(),
    onNewChapters: options.onNewChapters,
  };
}
