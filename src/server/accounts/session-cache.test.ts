// Issue 19's session cache: its bound and backstop alone, then in two app instances on one database (PGlite: two
// apps in this process on one database; PostgreSQL: two apps, each with its own pool and LISTEN connection, so only
// NOTIFY can tell one what the other did). Every change that must end or refresh a cached session is made through
// one instance and checked on the other within 1 s; hits are proved by a write nobody announces.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { expireSubscriptions } from "../billing/expire-subscriptions";
import { type Database, openDatabase } from "../db/client";
import { users } from "../db/schema";
import { createDeps } from "../deps";
import { loadConfig } from "../env";
import { createDevOutbox } from "../mail/mailer";
import { runAdminCommand } from "../moderation/admin-command";
import { createClock, send, TEST_APP_URL } from "../test/app";
import { DB_KINDS, openTestDatabase, TEST_DATABASE_URL } from "../test/database";
import { createStory, createUser, createVerifiedUserWithSession } from "../test/factories";
import { createScratchDatabase } from "../test/postgres";
import { hashPassword, TEST_PASSWORD_COST } from "./passwords";
import { type CachedSession, SessionCache } from "./session-cache";
import { createSession, SESSION_COOKIE } from "./sessions";

const fakeSession = (userId: number) => ({ user: { id: userId } }) as unknown as CachedSession;

describe("session cache (alone)", () => {
  it("keeps at most its bound, least recently used out first; forgets after its age; drops by session and by person", () => {
    const cache = new SessionCache({ maxEntries: 3, maxAgeMs: 60_000 });
    for (const [id, user] of [
      ["a", 1],
      ["b", 1],
      ["c", 2],
    ] as const)
      cache.set(id, fakeSession(user), 0, 0);
    expect(cache.get("a", 1)).toBeDefined(); // a is now the most recently used
    cache.set("d", fakeSession(3), 0, 1);
    expect([cache.size, cache.get("b", 2), cache.get("a", 2)?.user.id]).toEqual([3, undefined, 1]);
    expect(cache.get("a", 60_002)).toBeUndefined(); // older than 60 s: gone
    cache.drop({ userId: 2 });
    expect(cache.get("c", 3)).toBeUndefined();
    expect(cache.get("d", 3)).toBeDefined();
    cache.drop({ sessionId: "d" });
    expect(cache.size).toBe(0);
    // A lookup that began before a drop does not keep what it read.
    const before = cache.generation;
    cache.drop({ userId: 9 });
    cache.set("e", fakeSession(9), before, 4);
    expect(cache.get("e", 5)).toBeUndefined();
    // While invalidations may be missed nothing is kept.
    cache.setKeeping(false);
    cache.set("f", fakeSession(9), cache.generation, 6);
    expect(cache.get("f", 7)).toBeUndefined();
  });
});

async function appOn(database: Database): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: "test", APP_URL: TEST_APP_URL, SEED_DEMO: "false" });
  const deps = await createDeps(config, database, { mailer: createDevOutbox(), now: createClock().now });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return app;
}

/** Within 1 s (the bound), polling. */
async function within1s(check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 1_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("not within 1 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

for (const kind of DB_KINDS) {
  describe(`[${kind}] session cache across two instances`, () => {
    const opened: Database[] = [];
    let drop: (() => Promise<void>) | undefined;
    let first: FastifyInstance;
    let second: FastifyInstance;
    let db: Database["db"];
    beforeAll(async () => {
      if (kind === "pglite") {
        const database = await openTestDatabase(kind);
        opened.push(database);
        first = await appOn(database);
        second = await appOn(database);
      } else {
        const scratch = await createScratchDatabase(TEST_DATABASE_URL!);
        drop = () => scratch.drop();
        for (let i = 0; i < 2; i++)
          opened.push(await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 }));
        first = await appOn(opened[0]!);
        second = await appOn(opened[1]!);
      }
      db = opened[0]!.db;
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      for (const database of opened) await database.close();
      await drop?.();
    });

    const me = (app: FastifyInstance, cookie: string) => send(app, "GET", "/api/user", undefined, { cookie });
    /** A session the instance has cached (on PostgreSQL, once its LISTEN is in place). */
    async function cached(app: FastifyInstance, cookie: string): Promise<void> {
      const until = Date.now() + 5_000;
      for (;;) {
        const before = app.sessionCache.size;
        expect((await me(app, cookie)).statusCode).toBe(200);
        if (app.sessionCache.size > before || (await isHit(app, cookie))) return;
        if (Date.now() > until) throw new Error("never cached");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    async function isHit(app: FastifyInstance, cookie: string): Promise<boolean> {
      const user = (await me(app, cookie)).json();
      const marker = `unannounced_${user.id}`;
      await db.update(users).set({ description: marker }).where(eq(users.id, user.id));
      const hit = (await me(app, cookie)).json().description !== marker;
      await db.update(users).set({ description: "" }).where(eq(users.id, user.id));
      return hit;
    }
    const second401 = (cookie: string) => async () => (await me(first, cookie)).statusCode === 401;

    it("answers from the cache, and ends or refreshes a session on the other instance within 1 s", async () => {
      const password = "correct horse battery";
      const reader = await createUser(db, { password: await hashPassword(password, TEST_PASSWORD_COST) });
      const cookies: string[] = [];
      for (let i = 0; i < 3; i++)
        cookies.push(`${SESSION_COOKIE}=${(await createSession(db, reader.id, new Date())).token}`);
      const [laptop, phone, tablet] = cookies as [string, string, string];
      for (const cookie of cookies) await cached(first, cookie);
      // A hit: a write nobody announced is not seen (the backstop's 60 s would show it).
      expect(await isHit(first, laptop)).toBe(true);

      // Sign-out on the other instance.
      expect((await send(second, "POST", "/api/logout", {}, { cookie: tablet })).statusCode).toBe(200);
      await within1s(second401(tablet));
      // A rename: the other instance's cached viewer has the new name.
      const renamed = `renamed_${reader.id}`;
      expect((await send(second, "PATCH", "/api/user", { username: renamed }, { cookie: laptop })).statusCode).toBe(
        200,
      );
      await within1s(async () => (await me(first, laptop)).json().username === renamed);
      await cached(first, phone);
      // Sign out the other sessions: the phone ends everywhere, the laptop goes on.
      expect((await send(second, "DELETE", "/api/account/sessions", undefined, { cookie: laptop })).statusCode).toBe(
        200,
      );
      await within1s(second401(phone));
      expect((await me(first, laptop)).statusCode).toBe(200);

      // Plan: a paid period ends (the scheduled job on the other instance's database connection).
      await db
        .update(users)
        .set({ isPremium: true, subscriptionStatus: "canceled", subscriptionExpiresAt: new Date(Date.now() - 60_000) })
        .where(eq(users.id, reader.id));
      await send(second, "PATCH", "/api/user", { description: "premium now" }, { cookie: laptop });
      await within1s(async () => (await me(first, laptop)).json().isPremium === true);
      expect(await expireSubscriptions(opened.at(-1)!.db, new Date())).toBe(1);
      await within1s(async () => (await me(first, laptop)).json().isPremium === false);

      // Role: the admin command (on PostgreSQL, as the command line runs it: NOTIFY from outside any app).
      const email = (await me(first, laptop)).json().email;
      const granted = await runAdminCommand(
        opened.at(-1)!.db,
        { command: "grant", role: "moderator", email },
        "test",
        new Date(),
      );
      expect(granted.ok).toBe(true);
      await within1s(async () => (await me(first, laptop)).json().role === "moderator");

      // A block or a mute: Discover stops serving them the shared list.
      const other = await createUser(db);
      const discover = () => send(first, "GET", "/api/published-stories", undefined, { cookie: laptop });
      expect((await discover()).headers["cache-control"]).toBe("no-store");
      expect((await send(second, "POST", `/api/mutes/${other.username}`, {}, { cookie: laptop })).statusCode).toBe(200);
      await within1s(async () => (await discover()).headers["cache-control"] === "private, no-cache");

      // Deletion: the account is gone everywhere at once.
      const deleted = await send(
        second,
        "DELETE",
        "/api/account",
        { username: renamed, currentPassword: password, stories: "orphan" },
        { cookie: laptop },
      );
      expect(deleted.statusCode).toBe(200);
      await within1s(second401(laptop));
    });

    it("stops a suspended person at once on the other instance", async () => {
      const moderator = await createVerifiedUserWithSession(db, { role: "moderator" });
      const writer = await createVerifiedUserWithSession(db);
      await cached(first, writer.cookie);
      const suspended = await send(
        second,
        "POST",
        "/api/moderation/actions",
        { action: "suspend-user", targetType: "user", targetId: String(writer.user.id), days: 3, reason: "spam" },
        { cookie: moderator.cookie },
      );
      expect(suspended.statusCode).toBe(200);
      await within1s(second401(writer.cookie));
    });

    it("splices each viewer's own flags into one cached read view", async () => {
      const story = await createStory(db, { published: true, publishedAt: new Date(), title: "One Cached View" });
      const [liker, stranger] = [await createVerifiedUserWithSession(db), await createVerifiedUserWithSession(db)];
      const read = (app: FastifyInstance, cookie: string) =>
        send(app, "GET", `/api/stories/${story.id}/read`, undefined, { cookie }).then((r) => r.json());
      await cached(first, liker.cookie);
      await cached(first, stranger.cookie);
      expect((await read(first, liker.cookie)).liked).toBe(false);
      expect((await send(second, "POST", `/api/stories/${story.id}/like`, {}, liker.headers)).statusCode).toBe(200);
      await within1s(async () => (await read(first, liker.cookie)).liked === true);
      const entries = first.readCache.size.entries;
      const [mine, theirs] = [await read(first, liker.cookie), await read(first, stranger.cookie)];
      expect([mine.liked, mine.bookmarked, theirs.liked, theirs.bookmarked]).toEqual([true, false, false, false]);
      expect({ ...mine, liked: false, bookmarked: false }).toEqual(theirs);
      // One cached view for both viewers, not one per viewer.
      expect(first.readCache.size.entries).toBe(entries);
    });
  });
}
