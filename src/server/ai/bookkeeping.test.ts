// Marin's bookkeeping (decision 0045): its POSTs take the session from the session cache while account writes look
// it up live, a charge keeps the cached "prompts left" right, and a charge that ran ahead of the model but was
// refused answers the daily-limit 429 with nothing charged and nothing streamed.
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { DAILY_LIMIT_CODE } from "../../shared/schemas/marin";
import { sessionsChanged } from "../accounts/session-cache";
import { sessions, users } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { startOpenAiPeer } from "../test/openai-peer";
import { createAiDriver } from "./driver";
import { MinuteWindows } from "./bookkeeping";
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
      peer.reset();
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
  },
  { ai },
);
