// Issue 34 section 2: personal API tokens end to end through the real app. Making, listing and revoking them; what a
// token may reach (scopes, the session-only routes, the same viewer rules as a session); the one 401; the 100 cap
// under a race; a token in the address refused and kept out of the log; the per-token limit and its headers; the
// last-use stamp; and a revoke seen at once by a second instance on the same PostgreSQL database.
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TOKEN_LIMITS, TOO_MANY_API_TOKENS } from "../../shared/schemas/api-tokens";
import { sha256 } from "../accounts/tokens";
import { buildApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import { apiTokens, throttles } from "../db/schema";
import { createDeps } from "../deps";
import { loadConfig } from "../env";
import { createDevOutbox } from "../mail/mailer";
import { createClock, createTestApp, describeEachDb, send, TEST_APP_URL } from "../test/app";
import { TEST_DATABASE_URL } from "../test/database";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { createScratchDatabase } from "../test/postgres";
import { INVALID_TOKEN_MESSAGE, READ_ONLY_TOKEN_MESSAGE, TOKEN_IN_QUERY_MESSAGE } from "./authenticate";
import { isSessionOnly, SESSION_ONLY_MESSAGE, TOKEN_RATE_LIMIT } from "./policy";
import { tokenThrottleKey } from "./rate-limit";

const logged: string[] = [];
const logger = { level: "info", stream: { write: (line: string) => void logged.push(line) } };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeEachDb(
  "personal API tokens",
  (ctx) => {
    const db = () => ctx().database.db;
    const app = () => ctx().app;
    let serial = 0;
    async function person() {
      return createVerifiedUserWithSession(db(), { username: `tokens${++serial}` }, ctx().clock.now());
    }
    async function tokenOf(cookie: string, body: Record<string, unknown> = {}) {
      const res = await send(
        app(),
        "POST",
        "/api/me/tokens",
        { name: "script", scopes: ["read"], ...body },
        { cookie },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; token: string };
    }

    it("creates a token shown once, lists it without the token, revokes it; another person's id is a 404", async () => {
      const { cookie } = await person();
      const made = await tokenOf(cookie, { name: "Reader app", scopes: ["read", "write"], expiresInDays: 30 });
      expect(made.token).toMatch(/^ffp_[A-Za-z0-9_-]{43}$/);
      const list = await send(app(), "GET", "/api/me/tokens", undefined, { cookie });
      expect(list.json()).toEqual([
        {
          id: made.id,
          name: "Reader app",
          scopes: ["read", "write"],
          createdAt: ctx().clock.now().toISOString(),
          lastUsedAt: null,
          expiresAt: new Date(ctx().clock.now().getTime() + 30 * 86_400_000).toISOString(),
        },
      ]);
      expect(list.body).not.toContain(made.token);
      expect(list.body).not.toContain(sha256(made.token));
      expect((await send(app(), "GET", "/api/user", undefined, bearer(made.token))).statusCode).toBe(200);
      const other = await person();
      expect((await send(app(), "DELETE", `/api/me/tokens/${made.id}`, undefined, other.headers)).statusCode).toBe(404);
      expect((await send(app(), "DELETE", `/api/me/tokens/${made.id}`, undefined, { cookie })).statusCode).toBe(204);
      expect((await send(app(), "GET", "/api/user", undefined, bearer(made.token))).statusCode).toBe(401);
      expect((await send(app(), "GET", "/api/me/tokens", undefined, { cookie })).json()).toEqual([]);
      const bad = await send(app(), "POST", "/api/me/tokens", { name: "x".repeat(61), scopes: ["write"] }, { cookie });
      expect(bad.statusCode).toBe(400);
    });

    it("answers one 401 to a malformed, unknown, revoked or expired token", async () => {
      const { cookie } = await person();
      const revoked = await tokenOf(cookie);
      await send(app(), "DELETE", `/api/me/tokens/${revoked.id}`, undefined, { cookie });
      const expiring = await tokenOf(cookie, { expiresInDays: 1 });
      expect((await send(app(), "GET", "/api/user", undefined, bearer(expiring.token))).statusCode).toBe(200);
      ctx().clock.advance(86_400_000 + 1_000);
      const tokens = ["not-a-token", `ffp_${"A".repeat(43)}`, revoked.token, expiring.token];
      const answers = await Promise.all(
        tokens.map((token) => send(app(), "GET", "/api/user", undefined, { ...bearer(token), cookie })),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: INVALID_TOKEN_MESSAGE, code: "UNAUTHORIZED" });
        expect(res.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
      }
    });

    it("lets a read token read and refuses its writes; a write token writes, from any origin without a cookie", async () => {
      const { cookie } = await person();
      const reader = await tokenOf(cookie);
      const writer = await tokenOf(cookie, { scopes: ["read", "write"] });
      const filter = { name: "Fluffy", query: "tag=Fluff" };
      const refused = await send(app(), "POST", "/api/saved-filters", filter, bearer(reader.token));
      expect([refused.statusCode, refused.json().message]).toEqual([403, READ_ONLY_TOKEN_MESSAGE]);
      expect((await send(app(), "GET", "/api/saved-filters", undefined, bearer(reader.token))).json()).toEqual([]);
      const elsewhere = { ...bearer(writer.token), origin: "https://tool.example" };
      expect((await send(app(), "POST", "/api/saved-filters", filter, elsewhere)).statusCode).toBe(201);
      // A cookie beside the token does not ride on the token's exemption from the same-origin rule.
      const withCookie = await send(
        app(),
        "POST",
        "/api/saved-filters",
        { ...filter, name: "Two" },
        { ...elsewhere, cookie },
      );
      expect(withCookie.statusCode).toBe(403);
    });

    it("refuses a token on every session-only route (password, email, sessions, tokens, billing, moderation …)", async () => {
      const { cookie } = await person();
      const { token } = await tokenOf(cookie, { scopes: ["read", "write"] });
      const routes = app().apiRoutes.filter((route) => isSessionOnly(route.url));
      for (const area of ["/api/account", "/api/me/tokens", "/api/create-subscription-session", "/api/moderation"]) {
        expect(
          routes.some((route) => route.url.startsWith(area)),
          area,
        ).toBe(true);
      }
      for (const route of routes) {
        const url = route.url.replace(/:[A-Za-z]+/g, "1").replace("*", "x");
        const res = await send(
          app(),
          route.method as "GET",
          url,
          route.method === "GET" ? undefined : {},
          bearer(token),
        );
        expect([route.method, route.url, res.statusCode, res.json().message]).toEqual([
          route.method,
          route.url,
          403,
          SESSION_ONLY_MESSAGE,
        ]);
      }
    });

    it("applies the members-only rule to a token read as to a signed-in reader", async () => {
      const writer = await person();
      const story = await createStory(db(), { authorId: writer.user.id, title: "Gated Quay" });
      const published = await send(
        app(),
        "POST",
        `/api/stories/${story.id}/publish`,
        { title: "Gated Quay", description: "A members-only quay.", freeformTags: ["Quays"], audience: "members" },
        writer.headers,
      );
      expect(published.statusCode, published.body).toBe(200);
      const reader = await person();
      const { token } = await tokenOf(reader.cookie);
      const path = `/api/stories/${story.id}/read`;
      expect((await send(app(), "GET", path)).statusCode).toBe(404);
      const bySession = await send(app(), "GET", path, undefined, reader.headers);
      const byToken = await send(app(), "GET", path, undefined, bearer(token));
      expect([bySession.statusCode, byToken.statusCode]).toEqual([200, 200]);
      expect(byToken.json().content).toBe(bySession.json().content);
    });

    it("answers a token's read with the reader's own flags, as their session gets, cached or not", async () => {
      const writer = await person();
      const story = await createStory(db(), {
        authorId: writer.user.id,
        title: "Lantern Row",
        content: "<p>The lamps came on one by one.</p>",
        published: true,
        publishedAt: ctx().clock.now(),
      });
      const reader = await person();
      const { token } = await tokenOf(reader.cookie);
      const path = `/api/stories/${story.id}/read`;
      // Cached signed out first: the fast path holds the view, and a bearer request has no cookie either.
      expect((await send(app(), "GET", path)).json()).toMatchObject({ liked: false, bookmarked: false });
      const liked = await send(app(), "POST", `/api/stories/${story.id}/like`, undefined, reader.headers);
      expect(liked.statusCode, liked.body).toBe(200);
      for (let i = 0; i < 3; i++) {
        const bySession = await send(app(), "GET", path, undefined, reader.headers);
        const byToken = await send(app(), "GET", path, undefined, bearer(token));
        expect(bySession.json()).toMatchObject({ liked: true });
        expect(byToken.json()).toEqual(bySession.json());
        expect(byToken.headers["cache-control"]).toBe(bySession.headers["cache-control"]);
      }
    });

    it("answers a token's Discover as the reader's own, not the signed-out list it has cached", async () => {
      const writer = await person();
      const title = `Harbour Bells ${serial}`;
      await createStory(db(), { authorId: writer.user.id, title, published: true, publishedAt: ctx().clock.now() });
      const reader = await person();
      const { token } = await tokenOf(reader.cookie);
      const path = "/api/published-stories?limit=50";
      const titles = (res: { json: () => unknown }) => (res.json() as { title: string }[]).map((s) => s.title);
      expect(titles(await send(app(), "GET", path))).toContain(title);
      const blocked = await send(app(), "POST", `/api/blocks/${writer.user.username}`, undefined, reader.headers);
      expect(blocked.statusCode, blocked.body).toBe(200);
      for (let i = 0; i < 2; i++) {
        expect(titles(await send(app(), "GET", path, undefined, reader.headers))).not.toContain(title);
        expect(titles(await send(app(), "GET", path, undefined, bearer(token)))).not.toContain(title);
      }
    });

    it("holds each person to 100 tokens, even when two creates race at 99", async () => {
      const { user, cookie } = await person();
      await db()
        .insert(apiTokens)
        .values(
          Array.from({ length: API_TOKEN_LIMITS.max - 1 }, (_, i) => ({
            userId: user.id,
            name: `t${i}`,
            tokenHash: sha256(`filler-${user.id}-${i}`),
            scopes: "read",
          })),
        );
      const body = { name: "racer", scopes: ["read"] };
      const answers = await Promise.all([1, 2].map(() => send(app(), "POST", "/api/me/tokens", body, { cookie })));
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((res) => res.statusCode === 409)?.json().message).toBe(TOO_MANY_API_TOKENS);
      const [held] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(apiTokens)
        .where(eq(apiTokens.userId, user.id));
      expect(held?.n).toBe(API_TOKEN_LIMITS.max);
    });

    it("refuses a token in the address, and the log never holds it or an Authorization header", async () => {
      const { cookie } = await person();
      const { token } = await tokenOf(cookie);
      logged.length = 0;
      for (const url of [
        `/api/user?key=${token}`,
        "/api/published-stories?access_token=abc",
        `/api/user?q=x${token}`,
      ]) {
        const res = await send(app(), "GET", url, undefined, bearer(token));
        expect([res.statusCode, res.json().message]).toEqual([400, TOKEN_IN_QUERY_MESSAGE]);
      }
      expect((await send(app(), "GET", "/api/user", undefined, bearer(token))).statusCode).toBe(200);
      const log = logged.join("");
      expect(log).toContain("/api/user?key=[redacted]");
      expect(log).not.toContain(token);
      expect(log.toLowerCase()).not.toContain("bearer");
    });

    it("counts each token's requests with RateLimit headers, then 429 with Retry-After until the window ends", async () => {
      const { cookie } = await person();
      const { id, token } = await tokenOf(cookie);
      const first = await send(app(), "GET", "/api/user", undefined, bearer(token));
      expect(first.headers["ratelimit-limit"]).toBe(String(TOKEN_RATE_LIMIT.requests));
      expect(first.headers["ratelimit-remaining"]).toBe(String(TOKEN_RATE_LIMIT.requests - 1));
      expect(Number(first.headers["ratelimit-reset"])).toBe(TOKEN_RATE_LIMIT.windowSeconds);
      // Another instance has spent all but one of the window (the counter is shared through the database).
      ctx().clock.advance(TOKEN_RATE_LIMIT.windowSeconds * 1000);
      await db()
        .insert(throttles)
        .values({
          key: tokenThrottleKey(id),
          count: TOKEN_RATE_LIMIT.requests - 1,
          windowEndsAt: new Date(ctx().clock.now().getTime() + 30_000),
        })
        .onConflictDoUpdate({
          target: throttles.key,
          set: { count: TOKEN_RATE_LIMIT.requests - 1, windowEndsAt: new Date(ctx().clock.now().getTime() + 30_000) },
        });
      const last = await send(app(), "GET", "/api/user", undefined, bearer(token));
      expect([last.statusCode, last.headers["ratelimit-remaining"]]).toEqual([200, "0"]);
      const refused = await send(app(), "GET", "/api/user", undefined, bearer(token));
      expect([refused.statusCode, refused.headers["retry-after"], refused.headers["ratelimit-reset"]]).toEqual([
        429,
        "30",
        "30",
      ]);
      ctx().clock.advance(30_000);
      expect((await send(app(), "GET", "/api/user", undefined, bearer(token))).statusCode).toBe(200);
    });

    it("stamps the last use at most once a minute", async () => {
      const { cookie } = await person();
      const { token } = await tokenOf(cookie);
      const lastUsed = async () =>
        (await send(app(), "GET", "/api/me/tokens", undefined, { cookie })).json()[0].lastUsedAt;
      const start = ctx().clock.now().toISOString();
      await send(app(), "GET", "/api/user", undefined, bearer(token));
      expect(await lastUsed()).toBe(start);
      ctx().clock.advance(59_000);
      await send(app(), "GET", "/api/user", undefined, bearer(token));
      expect(await lastUsed()).toBe(start);
      ctx().clock.advance(1_000);
      await send(app(), "GET", "/api/user", undefined, bearer(token));
      expect(await lastUsed()).toBe(ctx().clock.now().toISOString());
    });
  },
  { logger },
);

it("applies and documents the limit an operator sets (API_TOKEN_REQUESTS_PER_MINUTE)", async () => {
  const { app, database, clock } = await createTestApp("pglite", { env: { API_TOKEN_REQUESTS_PER_MINUTE: "5" } });
  try {
    const reader = await createVerifiedUserWithSession(database.db, { username: "tokenslimit" }, clock.now());
    const made = await send(
      app,
      "POST",
      "/api/me/tokens",
      { name: "script", scopes: ["read"] },
      { cookie: reader.cookie },
    );
    const { token } = made.json() as { token: string };
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await send(app, "GET", "/api/user", undefined, bearer(token)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[0]!.headers["ratelimit-limit"]).toBe("5");
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(document.paths["/api/user"].get["x-rate-limit"].token).toBe("5 requests per 60 seconds per API token");
  } finally {
    await app.close();
    await database.close();
  }
});

/** Two instances, each with its own pool and LISTEN connection: only NOTIFY can tell one what the other did. */
describe.skipIf(!TEST_DATABASE_URL)("[postgres] API token revoked on one instance", () => {
  const opened: Database[] = [];
  const apps: FastifyInstance[] = [];
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL!);
    drop = () => scratch.drop();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
      opened.push(database);
      const config = loadConfig({ NODE_ENV: "test", APP_URL: TEST_APP_URL, SEED_DEMO: "false" });
      const deps = await createDeps(config, database, { mailer: createDevOutbox(), now: createClock().now });
      const app = await buildApp(deps, { logger: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of opened) await database.close();
    await drop?.();
  });

  it("is 401 on the other instance at once", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const { cookie } = await createVerifiedUserWithSession(opened[0]!.db, { username: "twoinstances" });
    const made = (await send(first, "POST", "/api/me/tokens", { name: "cli", scopes: ["read"] }, { cookie })).json();
    // The second instance has the token's lookup cached.
    expect((await send(second, "GET", "/api/user", undefined, bearer(made.token))).statusCode).toBe(200);
    expect((await send(second, "GET", "/api/user", undefined, bearer(made.token))).statusCode).toBe(200);
    expect((await send(first, "DELETE", `/api/me/tokens/${made.id}`, undefined, { cookie })).statusCode).toBe(204);
    const until = Date.now() + 1_000;
    while ((await send(second, "GET", "/api/user", undefined, bearer(made.token))).statusCode !== 401) {
      if (Date.now() > until) throw new Error("the revoked token still worked on the other instance after 1 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});
