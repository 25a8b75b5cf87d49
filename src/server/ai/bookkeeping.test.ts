// Marin's bookkeeping (decision 0045): its POSTs take the session from the session cache while account writes look
// it up live, a charge keeps the cached "prompts left" right, and a charge that ran ahead of the model but was
// refused answers the daily-limit 429 with nothing charged and nothing streamed.
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { afterAll, beforeEach, expect, it } from "vitest";
import { DAILY_LIMIT_CODE } from "../../shared/schemas/marin";
import { sessionsChanged } from "../accounts/session-cache";
import { sessions, users } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { startOpenAiPeer } from "../test/openai-peer";
import { createAiDriver } from "./driver";
import { chargeAhead, chargeBeforeModel, MinuteWindows } from "./bookkeeping";
import { AI_REQUESTS_PER_MINUTE } from "./quota";

const peer = await startOpenAiPeer();
const ai = await createAiDriver({
  AI_PROVIDER: "openai-compatible",
  AI_BASE_URL: peer.url,
  AI_MODEL: "peer-model",
  AI_API_KEY: "test-key",
});
afterAll(() => peer.close());

it("counts one-minute windows per user in process", () => {
  const windows = new MinuteWindows();
  for (let i = 0; i < AI_REQUESTS_PER_MINUTE; i++) expect(windows.take(1, 1_000).allowed).toBe(true);
  expect(windows.take(1, 30_000)).toEqual({ allowed: false, retryAfterMs: 31_000 });
  expect(windows.take(2, 30_000).allowed).toBe(true);
  expect(windows.take(1, 61_000).allowed).toBe(true);
});

describeEachDb(
  "Marin's bookkeeping",
  (ctx) => {
    const chat = (cookie: string, stream = false) =>
      send(
        ctx().app,
        "POST",
        "/api/chat-with-marin",
        { messages: [{ role: "user", content: "Hi Marin" }] },
        { cookie, ...(stream ? { accept: "text/event-stream" } : {}) },
      );
    const status = async (cookie: string) =>
      (await send(ctx().app, "GET", "/api/marin", undefined, { cookie })).json().promptsLeft;
    // NOTE: the peer is shared by both databases' suites: a slow first chunk left by one must not reach the next.
    beforeEach(() => peer.reset());

    it("serves Marin's POSTs from the session cache, keeps its count right, and looks account writes up live", async () => {
      const { user, cookie } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
      expect(await status(cookie)).toBe(3);
      expect((await chat(cookie)).json().promptsLeft).toBe(2);
      // The cached session carries the new count: no lookup needed for the pane's status.
      expect(await status(cookie)).toBe(2);
      // A session row removed behind the cache's back (no announcement): Marin answers from the cache …
      await ctx().database.db.delete(sessions).where(eq(sessions.userId, user.id));
      expect((await chat(cookie)).statusCode).toBe(200);
      // … an account write does not.
      const password = await send(
        ctx().app,
        "POST",
        "/api/account/password",
        { currentPassword: "x", newPassword: "Another-pass1!" },
        { cookie },
      );
      expect(password.statusCode).toBe(401);
    });

    it("answers the daily limit when a charge that ran ahead of the model is refused", async () => {
      const { user, cookie } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
      const today = ctx().clock.now().toISOString().slice(0, 10);
      const spend = (count: number) =>
        ctx()
          .database.db.update(users)
          .set({ dailyPromptCount: count, lastPromptDate: today })
          .where(eq(users.id, user.id));
      // NOTE: slow enough that an upstream request can only end by the app closing it.
      peer.behave({ firstChunkDelayMs: 10_000 });
      for (const stream of [false, true]) {
        await spend(0);
        await sessionsChanged(ctx().database.db, { userId: user.id });
        expect(await status(cookie)).toBe(3);
        // The day's prompts spent behind the cache's back: the cached row still says 3 left, so the model starts.
        await spend(3);
        const res = await chat(cookie, stream);
        expect(res.statusCode).toBe(429);
        expect(res.headers["content-type"]).toContain("application/json");
        expect(res.json()).toMatchObject({ code: DAILY_LIMIT_CODE, dailyLimit: true });
        // The refusal dropped the stale cached row.
        expect(await status(cookie)).toBe(0);
      }
      const [row] = await ctx().database.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ dailyPromptCount: 3, bonusPrompts: 0 });
      // Any upstream request that was started is closed early, never read to its end.
      for (const request of peer.requests) {
        await request.finished;
        expect(request.closedEarly).toBe(true);
      }
    });

    it("runs a request ahead only on a row the session cache still holds, never on one read before a drop", async () => {
      const { user, cookie } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
      const today = ctx().clock.now().toISOString().slice(0, 10);
      expect(await status(cookie)).toBe(3);
      // A request whose lookup read the row (2 used) before a charge elsewhere took the last prompt and a refusal
      // dropped the cached session: the CI race of 10 concurrent requests, where an 11th provider request started.
      const stale = { ...user, dailyPromptCount: 2, lastPromptDate: today };
      await ctx()
        .database.db.update(users)
        .set({ dailyPromptCount: 3, lastPromptDate: today })
        .where(eq(users.id, user.id));
      await sessionsChanged(ctx().database.db, { userId: user.id });
      const request = (sessionId: string) =>
        ({ user: stale, db: ctx().database.db, server: ctx().app, sessionId }) as unknown as FastifyRequest;
      const reply = { header: () => reply } as unknown as FastifyReply;
      const [session] = await ctx().database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      await expect(chargeBeforeModel(request(session!.id), reply, null)).rejects.toMatchObject({
        status: 429,
        code: DAILY_LIMIT_CODE,
      });
      // With the cache holding the session again (a fresh lookup), a row with a prompt left runs ahead as before.
      await ctx().database.db.update(users).set({ dailyPromptCount: 2 }).where(eq(users.id, user.id));
      await sessionsChanged(ctx().database.db, { userId: user.id });
      expect(await status(cookie)).toBe(1);
      const charge = await chargeBeforeModel(request(session!.id), reply, null);
      expect(chargeAhead(charge)).toBeDefined();
      await chargeAhead(charge);
      expect(charge.allowance.promptsLeft).toBe(0);
    });
  },
  { ai },
);
