// Observability (issue 19 section 4): /metrics behind its bearer token, the metrics moving as the app works (reads and
// the read cache, Marin against a real OpenAI-compatible server, the daily quota, a Stripe webhook, the email worker),
// request ids in the log, the header and an error answer, and /readyz's checks.
import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, expect, it } from "vitest";
import { FREE_PROMPTS_PER_DAY } from "../../shared/limits";
import { createAiDriver } from "../ai/driver";
import { utcDay } from "../ai/quota";
import type { Db } from "../db/client";
import { notifications } from "../db/schema";
import { PULSE_GRACE_MS } from "../email-notifications/pulse";
import { startEmailWorker } from "../email-notifications/start";
import { signingKeyLoader } from "../email-notifications/unsubscribe-token";
import { createEmailWorker, type EmailWorker, type PassResult } from "../email-notifications/worker";
import { createTestApp, describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession } from "../test/factories";
import { startOpenAiPeer } from "../test/openai-peer";
import { deliverWebhook, webhookTestPayments } from "../test/stripe-webhooks";
import { bearerMatches } from "./http-metrics";

const TOKEN = "metrics-token-for-tests-0123456789";
const peer = await startOpenAiPeer();
const ai = await createAiDriver({
  AI_PROVIDER: "openai-compatible",
  AI_BASE_URL: peer.url,
  AI_MODEL: "peer-model",
  AI_API_KEY: "test-key",
});
afterAll(() => peer.close());
beforeEach(() => peer.reset());

const lines: string[] = [];
const logger = { level: "info", stream: { write: (line: string) => void lines.push(line) } };
const logOf = (id: string) =>
  lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).filter((entry) => entry.reqId === id);

/** A sample's value in Prometheus text, or undefined: `name{a="1",b="2"} 3`, labels in the order given. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const braces = line.match(/^[^{ ]+(?:\{(.*)\})? (\S+)$/);
    const got = braces?.[1]?.split(",") ?? [];
    if (wanted.every((label) => got.includes(label))) return Number(braces?.[2]);
  }
  return undefined;
}

describeEachDb(
  "observability",
  (ctx) => {
    const scrape = async () => {
      const response = await ctx().app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(200);
      return response.body;
    };

    it("answers /metrics only with the token, and 404 when no token is configured", async () => {
      for (const authorization of [undefined, "Bearer wrong", `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
        const response = await ctx().app.inject({
          url: "/metrics",
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(response.body).not.toMatch(/ficforge_|# HELP|# TYPE|_total|_seconds/);
        expect(response.json()).toMatchObject({ message: "Not authenticated", code: "UNAUTHORIZED" });
      }
      const ok = await ctx().app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.body).toContain("# TYPE ficforge_http_request_duration_seconds histogram");

      // Unset: the path is unknown. A second app on the same database also shows registries do not collide.
      const bare = await createTestApp(ctx().kind, { database: ctx().database });
      try {
        const response = await bare.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain("ficforge_");
      } finally {
        await bare.app.close();
      }
    });

    it("moves with requests, read-cache hits, an AI call, a quota denial and webhooks", async () => {
      const { db } = ctx().database;
      const author = await createUser(db);
      const story = await createStory(db, { authorId: author.id, published: true, publishedAt: new Date() });
      const before = await scrape();
      const route = { route: "/api/stories/:id/read", method: "GET", status: "200" };
      const hits = sample(before, "ficforge_read_cache_hits_total") ?? 0;
      const misses = sample(before, "ficforge_read_cache_misses_total") ?? 0;

      for (let i = 0; i < 3; i++) {
        expect((await send(ctx().app, "GET", `/api/stories/${story.id}/read`)).statusCode).toBe(200);
      }
      // An unknown path counts as `unmatched`, never as its raw URL.
      await ctx().app.inject({ url: `/api/no-such-thing-${randomUUID()}` });

      const { cookie, user } = await createVerifiedUserWithSession(db, {}, ctx().clock.now());
      const own = await createStory(db, { authorId: user.id });
      peer.behave({ chunks: ["Ren ran ", "to the tower."] });
      const generate = () =>
        send(ctx().app, "POST", "/api/generate-content", { prompt: "Next", storyId: own.id }, { cookie });
      expect((await generate()).statusCode).toBe(200);

      const spent = await createVerifiedUserWithSession(
        db,
        { dailyPromptCount: FREE_PROMPTS_PER_DAY, lastPromptDate: utcDay(ctx().clock.now()) },
        ctx().clock.now(),
      );
      const denied = await send(
        ctx().app,
        "POST",
        "/api/chat-with-marin",
        { messages: [{ role: "user", content: "Hi Marin" }] },
        spent.headers,
      );
      expect(denied.statusCode).toBe(429);

      const event = { id: `evt_${randomUUID()}`, object: "event", type: "customer.created", data: { object: {} } };
      expect((await deliverWebhook(ctx().app, event)).json()).toMatchObject({ outcome: "ignored" });
      expect((await deliverWebhook(ctx().app, event, { signature: "t=1,v1=bad" })).statusCode).toBe(400);

      const after = await scrape();
      expect(sample(after, "ficforge_http_request_duration_seconds_count", route)).toBe(3);
      // Cumulative buckets: all three within 10 s, none within 0 s; the sum is their time.
      expect(sample(after, "ficforge_http_request_duration_seconds_bucket", { ...route, le: "10" })).toBe(3);
      expect(sample(after, "ficforge_http_request_duration_seconds_bucket", { ...route, le: "+Inf" })).toBe(3);
      const sum = sample(after, "ficforge_http_request_duration_seconds_sum", route) ?? 0;
      expect(sum).toBeGreaterThan(0);
      expect(sum).toBeLessThan(30);
      expect(after).toContain('route="unmatched"');
      expect(after).not.toContain("no-such-thing");
      expect(sample(after, "ficforge_read_cache_misses_total")).toBe(misses + 1);
      expect(sample(after, "ficforge_read_cache_hits_total")).toBe(hits + 2);
      expect(sample(after, "ficforge_read_cache_bytes")).toBeGreaterThan(0);
      const provider = { provider: "openai-compatible" };
      expect(sample(after, "ficforge_ai_requests_total", { ...provider, outcome: "ok" })).toBe(1);
      expect(sample(after, "ficforge_ai_request_duration_seconds_count", provider)).toBe(1);
      expect(sample(after, "ficforge_ai_tokens_total", { ...provider, kind: "output" })).toBeGreaterThan(0);
      expect(sample(after, "ficforge_quota_denials_total", { limit: "daily" })).toBe(1);
      expect(sample(after, "ficforge_webhook_events_total", { source: "stripe", outcome: "ignored" })).toBe(1);
      expect(sample(after, "ficforge_webhook_events_total", { source: "stripe", outcome: "bad_signature" })).toBe(1);
      expect(sample(after, "ficforge_email_queue_depth")).toBe(0);
      if (ctx().kind === "postgres") {
        expect(sample(after, "ficforge_db_pool_total")).toBeGreaterThan(0);
        expect(sample(after, "ficforge_db_pool_waiting")).toBe(0);
      } else {
        // PGlite is one backend in this process: no pool to report (docs/decisions/0037).
        expect(after).not.toMatch(/^ficforge_db_pool_in_use /m);
      }

      // A provider failure counts as failed.
      peer.behave({ failure: "status-500" });
      expect((await generate()).statusCode).toBeGreaterThanOrEqual(500);
      expect(sample(await scrape(), "ficforge_ai_requests_total", { ...provider, outcome: "failed" })).toBe(1);
    });

    it("carries the request id in the header, every log line and an error answer", async () => {
      const given = "edge-4f2a.9:1";
      lines.length = 0;
      const known = await ctx().app.inject({ url: "/api/nothing-here", headers: { "x-request-id": given } });
      expect(known.headers["x-request-id"]).toBe(given);
      expect(logOf(given).map((entry) => entry.msg)).toEqual(["request completed"]);

      for (const bad of ["has space", "x".repeat(129), "semi;colon", ""]) {
        const response = await ctx().app.inject({ url: "/healthz", headers: { "x-request-id": bad } });
        const made = String(response.headers["x-request-id"]);
        expect(made).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
        expect(logOf(made)).toHaveLength(1);
        expect(lines.join("")).not.toContain("semi;colon");
      }

      // A database failure mid-request: the answer names the id the log lines carry.
      const database = ctx().deps.database;
      const real = database.db;
      const down = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      database.db = new Proxy(real, {
        get: () => {
          throw down;
        },
      }) as Db;
      try {
        const failed = await ctx().app.inject({
          url: "/api/stories/987654321/read",
          headers: { "x-request-id": given },
        });
        expect(failed.statusCode).toBe(503);
        expect(failed.json()).toMatchObject({ code: "DB_UNAVAILABLE", requestId: given });
        expect(logOf(given).some((entry) => entry.msg === "database unavailable")).toBe(true);
      } finally {
        database.db = real;
      }
    });

    it("counts email send failures and reports the worker in /readyz", async () => {
      const ready = async () => {
        const response = await ctx().app.inject({ url: "/readyz" });
        return { status: response.statusCode, body: response.json() };
      };
      const healthy = await ready();
      expect(healthy.status).toBe(200);
      expect(healthy.body.checks).toMatchObject({
        database: { ok: true },
        migrations: { ok: true },
        email: { ok: true, detail: "not running in this process" },
      });

      const { db } = ctx().database;
      const user = await createUser(db);
      await db.insert(notifications).values({
        userId: user.id,
        type: "new_follower",
        emailState: "pending",
        createdAt: ctx().clock.now(),
        dedupeKey: `test:${randomUUID()}`,
      });
      expect(sample(await scrape(), "ficforge_email_queue_depth")).toBe(1);

      const failing = createEmailWorker({
        db,
        mailer: { send: () => Promise.reject(new Error("SMTP refused")) },
        now: ctx().clock.now,
        appUrl: TEST_APP_URL,
        signingKey: signingKeyLoader(db, undefined),
      });
      let passed: (result: Promise<PassResult>) => void = () => {};
      const firstPass = new Promise<Promise<PassResult>>((resolve) => {
        passed = resolve;
      });
      const worker: EmailWorker = {
        runOnce: () => {
          const result = failing.runOnce();
          passed(result);
          return result;
        },
      };
      const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
      const running = startEmailWorker(ctx().deps, quiet, worker, { everyMs: 60_000, firstRunAfterMs: 0 });
      try {
        expect((await await firstPass).failures).toBe(1);
        const text = await scrape();
        expect(sample(text, "ficforge_notification_email_failures_total")).toBe(1);
        expect(sample(text, "ficforge_notification_emails_sent_total")).toBe(0);
        expect((await ready()).status).toBe(200);

        // The next pass (backed off to 2 minutes) is long overdue: a stuck worker.
        ctx().clock.advance(2 * 60_000 + PULSE_GRACE_MS + 1_000);
        const stuck = await ready();
        expect(stuck.status).toBe(503);
        expect(stuck.body).toMatchObject({
          code: "NOT_READY",
          checks: { email: { ok: false, detail: "pass overdue" } },
        });
      } finally {
        await running.stop();
      }
      const stopped = await ready();
      expect(stopped.status).toBe(503);
      expect(stopped.body.checks.email).toEqual({ ok: false, detail: "stopped" });
      expect(stopped.body.checks.database).toEqual({ ok: true });
      ctx().deps.emailPulse.state = "not-started";
    });
  },
  { env: { METRICS_TOKEN: TOKEN }, ai, payments: webhookTestPayments(), logger },
);

it("compares bearer tokens exactly", () => {
  expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
  expect(bearerMatches(`Bearer  ${TOKEN} `, TOKEN)).toBe(true);
  expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(false);
  expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
  expect(bearerMatches(undefined, TOKEN)).toBe(false);
});
