// The app's Prometheus metrics (issue 19 section 4, docs/decisions/0037): one registry per app instance, so tests that
// build many apps in one process never collide on prom-client's global registry. Counters and histograms move where
// things happen; gauges (pool, read cache, email queue) are read when /metrics is scraped.
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { createRequestHistogram, type RequestHistogram } from "./request-histogram";

/** Seconds: a cached read answers in well under a millisecond, a cold Discover in tens, a Marin stream in seconds. */
const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
const AI_BUCKETS = [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120];

/** What the gauges read at scrape time; buildApp and the database fill these in. */
export interface MetricSources {
  /** pg's Pool: connections checked out and clients waiting for one. PGlite has no pool (one in-process backend). */
  pool?: () => { inUse: number; waiting: number; total: number };
  readCache?: () => { entries: number; bytes: number; hits: number; misses: number };
  /** The crawler shield's counts (crawler-shield/read-limit.ts). */
  crawlerShield?: () => { limited: number; overflowed: number; crawlersRefused: number };
  /** Notifications whose email is still to be sent. */
  emailQueue?: () => Promise<number>;
  /** How many times each domain event was emitted (events/bus.ts). */
  domainEvents?: () => ReadonlyMap<string, number>;
}

export type QuotaLimit = "daily" | "per_minute";
export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "bad_signature" | "disabled" | "failed";

export interface AppMetrics {
  registry: Registry;
  sources: MetricSources;
  /** Labels route (the matched pattern), method and status: see http-metrics.ts. */
  httpDuration: RequestHistogram;
  aiRequests: Counter<"provider" | "outcome">;
  aiTokens: Counter<"provider" | "kind">;
  aiDuration: Histogram<"provider">;
  quotaDenials: Counter<"limit">;
  webhooks: Counter<"source" | "outcome">;
  emailsSent: Counter;
  emailFailures: Counter;
}

/** `pool`: the database's pool, when it has one; PGlite has none and its pool gauges are left out. */
export function createMetrics(pool?: MetricSources["pool"]): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const sources: MetricSources = { pool };

  const gauge = (name: string, help: string, read: () => number | undefined | Promise<number | undefined>) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        // NOTE: a source that cannot tell (the database down) keeps the last value rather than a misleading 0.
        const value = await read();
        if (value !== undefined) this.set(value);
      },
    });

  if (pool) {
    gauge("ficforge_db_pool_in_use", "PostgreSQL connections checked out of the pool", () => pool().inUse);
    gauge("ficforge_db_pool_waiting", "Queries waiting for a PostgreSQL connection", () => pool().waiting);
    gauge("ficforge_db_pool_total", "PostgreSQL connections open in the pool", () => pool().total);
  }
  gauge("ficforge_read_cache_bytes", "Bytes held by the read cache", () => sources.readCache?.().bytes);
  gauge("ficforge_read_cache_entries", "Entries held by the read cache", () => sources.readCache?.().entries);
  // NOTE: counters kept as plain numbers on the cache's hot path and read here, so a hit costs one increment.
  new Counter({
    name: "ficforge_read_cache_hits_total",
    help: "Read-cache lookups answered from memory",
    registers,
    collect() {
      const stats = sources.readCache?.();
      if (!stats) return;
      this.reset();
      this.inc(stats.hits);
    },
  });
  new Counter({
    name: "ficforge_read_cache_misses_total",
    help: "Read-cache lookups that had to build the answer",
    registers,
    collect() {
      const stats = sources.readCache?.();
      if (!stats) return;
      this.reset();
      this.inc(stats.misses);
    },
  });
  new Counter({
    name: "ficforge_domain_events_total",
    help: "Domain events emitted after a commit, by name",
    labelNames: ["name"],
    registers,
    collect() {
      const counts = sources.domainEvents?.();
      if (!counts) return;
      this.reset();
      for (const [name, count] of counts) this.inc({ name }, count);
    },
  });
  const shieldCounter = (
    name: string,
    help: string,
    read: (s: { limited: number; overflowed: number; crawlersRefused: number }) => number,
  ) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        const stats = sources.crawlerShield?.();
        if (!stats) return;
        this.reset();
        this.inc(read(stats));
      },
    });
  shieldCounter(
    "ficforge_public_reads_limited_total",
    "Signed-out reads answered 429 by the per-address limit",
    (s) => s.limited,
  );
  shieldCounter(
    "ficforge_public_reads_untracked_total",
    "Signed-out reads from addresses the limit could not track (its table was full for the minute)",
    (s) => s.overflowed,
  );
  shieldCounter(
    "ficforge_ai_crawlers_refused_total",
    "Public reads refused because the User-Agent names an AI crawler",
    (s) => s.crawlersRefused,
  );
  gauge("ficforge_email_queue_depth", "Notifications whose email is still to be sent", () =>
    sources.emailQueue?.().catch(() => undefined),
  );

  return {
    registry,
    sources,
    httpDuration: createRequestHistogram(
      registry,
      "ficforge_http_request_duration_seconds",
      "Time to answer a request, by route pattern, method and status",
      HTTP_BUCKETS,
    ),
    aiRequests: new Counter({
      name: "ficforge_ai_requests_total",
      help: "Generations asked of the AI provider, by outcome (ok, failed, aborted)",
      labelNames: ["provider", "outcome"],
      registers,
    }),
    aiTokens: new Counter({
      name: "ficforge_ai_tokens_total",
      help: "Tokens the AI provider reported, by kind (input, output)",
      labelNames: ["provider", "kind"],
      registers,
    }),
    aiDuration: new Histogram({
      name: "ficforge_ai_request_duration_seconds",
      help: "Time from asking the AI provider to the end of its answer",
      labelNames: ["provider"],
      buckets: AI_BUCKETS,
      registers,
    }),
    quotaDenials: new Counter({
      name: "ficforge_quota_denials_total",
      help: "Marin prompts refused by a limit (daily: the free daily quota; per_minute: the request rate)",
      labelNames: ["limit"],
      registers,
    }),
    webhooks: new Counter({
      name: "ficforge_webhook_events_total",
      help: "Payment events received, by source and outcome",
      labelNames: ["source", "outcome"],
      registers,
    }),
    emailsSent: new Counter({
      name: "ficforge_notification_emails_sent_total",
      help: "Notification emails sent by this instance's worker",
      registers,
    }),
    emailFailures: new Counter({
      name: "ficforge_notification_email_failures_total",
      help: "Notification email sends that failed",
      registers,
    }),
  };
}
