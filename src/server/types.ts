// What the app carries on its instance and on each request.
import type { AiDriver } from "./ai/driver";
import type { Config } from "./env";
import type { Database, Db } from "./db/client";
import type { Mailer } from "./mail/mailer";
import type { PaymentsDriver } from "./billing/payments";
import type { WakeSignal } from "./email-notifications/wake";
import type { ImageStorage } from "./images/storage/driver";
import type { WorkerPulse } from "./email-notifications/pulse";
import type { AppMetrics } from "./metrics/metrics";
import type { EventBus } from "./events/bus";

export type { UserRow } from "./user-row";
import type { UserRow } from "./user-row";

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  ai: AiDriver;
  payments: PaymentsDriver;
  /** Where image bytes live: DATA_DIR/images or S3 (decision 0036). */
  imageStorage: ImageStorage;
  /** The clock; tests move it. */
  now: () => Date;
  /** Wakes this instance's notification email worker (email-notifications/start.ts). */
  emailWake: WakeSignal;
  /** What this instance's email worker last did, for /readyz (email-notifications/pulse.ts). */
  emailPulse: WorkerPulse;
  /** This app's Prometheus registry and metrics (metrics/metrics.ts): one per app, never prom-client's global one. */
  metrics: AppMetrics;
  /** The domain events (events/): commands emit after their commit; buildApp registers the subscribers once. */
  events: EventBus;
  /**
   * Told after a save or publish committed of the chapters it published for the first time (issue 17): the place
   * for notifyNewChapters(storyId, ns). Runs once per chapter ever, across instances (chapters/sync-chapters.ts).
   */
  onNewChapters?: (storyId: number, ns: number[]) => void;
}

import type { CachedSession } from "./accounts/session-cache";

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    db: Db;
    /** For reads that may come from a read replica (Discover, public pages, feeds …; http/read-your-writes.ts). */
    readDb: Db;
    user: UserRow | null;
    sessionId: string | null;
    /** The signed-in request's cached session (session-cache.ts): the viewer's flags beside the user row. */
    session: CachedSession | null;
  }
}
