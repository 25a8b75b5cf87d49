// Marin's endpoints in JSON mode against a real OpenAI-compatible server: the prompt upstream, the answers, provider
// failures (nothing charged), the daily quota (concurrency, the UTC day, the referral pool), premium, the per-minute
// guard, ownership and validation.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, expect, it } from "vitest";
import { FREE_PROMPTS_PER_DAY } from "../../shared/limits";
import { DAILY_LIMIT_CODE, DAILY_LIMIT_MESSAGE } from "../../shared/schemas/marin";
import { users } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserOverrides } from "../test/factories";
import { startOpenAiPeer } from "../test/openai-peer";
import { createAiDriver } from "./driver";
import { AI_REQUESTS_PER_MINUTE, utcDay } from "./quota";
import { MARIN_FAILURES } from "./run-model";

const peer = await startOpenAiPeer();
const ai = await createAiDriver({
  AI_PROVIDER: "openai-compatible",
  AI_BASE_URL: peer.url,
  AI_MODEL: "peer-model",
  AI_API_KEY: "test-key",
});
afterAll(() => peer.close());
beforeEach(() => peer.reset());

const STORY = {
  title: "Ashes of Spring",
  characters: { lead: ["Stoic", "Sunbeam"], supporting: ["Bookworm"], description: "Ren and Mika" },
  setting: "A floating city above the clouds",
  themes: ["enemies-to-lovers"],
  moods: { romance: 80, angst: 30 },
  fandoms: ["Naruto"],
  content: "<h2>Chapter 1: The Fall</h2><p>Ren woke to bells.</p>",
};

describeEachDb(
  "Marin (JSON)",
  (ctx) => {
    const today = () => utcDay(ctx().clock.now());
    async function writer(overrides: UserOverrides = {}) {
      return createVerifiedUserWithSession(ctx().database.db, overrides, ctx().clock.now());
    }
    const chat = (cookie: string, body: Record<string, unknown> = {}) =>
      send(
        ctx().app,
        "POST",
        "/api/chat-with-marin",
        { messages: [{ role: "user", content: "Hi Marin" }], ...body },
        {
          cookie,
        },
      );
    const generate = (cookie: string, body: Record<string, unknown> = {}) =>
      send(ctx().app, "POST", "/api/generate-content", { prompt: "Write the next chapter", ...body }, { cookie });
    const row = async (id: number) => (await ctx().database.db.select().from(users).where(eq(users.id, id)))[0]!;

    it("sends the story's characters, setting and moods upstream and answers the spec's JSON", async () => {
      const { user, cookie } = await writer();
      const story = await createStory(ctx().database.db, { authorId: user.id, ...STORY });
      peer.behave({ chunks: ["## Chapter 2: Bells\n\n", "Ren ran ", "to *the* tower."] });
      const res = await generate(cookie, { storyId: story.id, storyContext: { currentContent: "<p>Newer text.</p>" } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        content: "<h2>Chapter 2: Bells</h2><p>Ren ran to <em>the</em> tower.</p>",
        text: "## Chapter 2: Bells\n\nRen ran to *the* tower.",
        chapter: true,
        showPromptCount: true,
        promptsLeft: FREE_PROMPTS_PER_DAY - 1,
        model: "peer-model",
        generatedAt: ctx().clock.now().toISOString(),
        // Kept so the writer may ask for another version of it (issue 32).
        generationId: expect.any(Number),
      });
      const sent = peer.requests.at(-1)!.body;
      expect(sent.model).toBe("peer-model");
      const prompt = peer.promptText();
      expect(prompt).toContain("Lead characters: Stoic, Sunbeam");
      expect(prompt).toContain("Setting: A floating city above the clouds");
      expect(prompt).toContain("Mood: Romance 80/100 (strong), Angst 30/100 (light)");
      expect(prompt).toContain("Newer text.");
      expect(prompt).not.toContain("Ren woke to bells.");
      expect(prompt).toContain("user: Write the next chapter");
      expect(await row(user.id)).toMatchObject({ dailyPromptCount: 1, lastPromptDate: today() });
    });

    it("chats with the history, passes the seed, and answers response, showPromptCount, promptsLeft, model", async () => {
      const { cookie } = await writer();
      peer.behave({ chunks: ["Try ", "a storm."] });
      const messages = [
        { role: "user", content: "Who is Ren?" },
        { role: "assistant", content: "Your stoic knight." },
        { role: "user", content: "Give me a twist" },
      ];
      const res = await chat(cookie, { messages, seed: 7, storyContext: { setting: "A lighthouse" } });
      expect(res.json()).toEqual({
        response: "Try a storm.",
        showPromptCount: true,
        promptsLeft: 2,
        model: "peer-model",
      });
      const sent = peer.requests.at(-1)!.body;
      expect(sent.seed).toBe(7);
      expect(sent.messages!.slice(1)).toEqual(messages);
      expect(sent.messages![0]!.content).toContain("Setting: A lighthouse");
    });

    it("answers another user's story as not found, without charging", async () => {
      const { user, cookie } = await writer();
      const theirs = await createStory(ctx().database.db, STORY);
      const res = await generate(cookie, { storyId: theirs.id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: "Story not found" });
      expect(peer.requests).toHaveLength(0);
      expect((await row(user.id)).dailyPromptCount).toBe(0);
    });

    it("refuses bad bodies with 400 and signed-out requests with 401", async () => {
      const { cookie } = await writer();
      const blank = await generate(cookie, { prompt: "   " });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({
        message: "Please type a message",
        fields: { prompt: "Please type a message" },
      });
      expect((await chat(cookie, { messages: [] })).json()).toMatchObject({ message: "Please type a message" });
      expect((await generate(cookie, { action: "rewrite", selection: " " })).json()).toMatchObject({
        fields: { selection: "Select some text to rewrite" },
      });
      expect((await chat(cookie, { messages: [{ role: "system", content: "x" }] })).statusCode).toBe(400);
      expect((await generate(cookie, { storyId: "abc" })).statusCode).toBe(400);
      expect((await send(ctx().app, "POST", "/api/chat-with-marin", { messages: [] })).statusCode).toBe(401);
      expect(peer.requests).toHaveLength(0);
    });

    it("turns an upstream 500, a malformed chunk, an empty answer and a refusal into clear errors, uncharged", async () => {
      const { user, cookie } = await writer();
      const cases = [
        ["status-500", 502, MARIN_FAILURES.failed],
        ["malformed-chunk", 502, MARIN_FAILURES.failed],
        ["empty", 502, MARIN_FAILURES.empty],
        ["content-filter", 502, MARIN_FAILURES.refused],
      ] as const;
      for (const [failure, status, expected] of cases) {
        peer.behave({ failure });
        const res = await generate(cookie);
        expect([failure, res.statusCode]).toEqual([failure, status]);
        expect(res.json()).toEqual({ message: expected.message, code: expected.code });
      }
      expect(await row(user.id)).toMatchObject({ dailyPromptCount: 0 });
    });

    it("answers 503 when the provider cannot be reached", async () => {
      const { user, cookie } = await writer();
      const down = await createAiDriver({
        AI_PROVIDER: "openai-compatible",
        AI_BASE_URL: "http://127.0.0.1:9/v1",
        AI_MODEL: "x",
        AI_API_KEY: undefined,
      });
      const saved = ctx().deps.ai;
      Object.assign(ctx().deps, { ai: down });
      try {
        const res = await chat(cookie);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: MARIN_FAILURES.unavailable.message, code: "AI_UNAVAILABLE" });
      } finally {
        Object.assign(ctx().deps, { ai: saved });
      }
      expect((await row(user.id)).dailyPromptCount).toBe(0);
    });

    it("lets exactly one of 10 concurrent requests through for a user who has used 2 of 3", async () => {
      const { user, cookie } = await writer({ dailyPromptCount: 2, lastPromptDate: today() });
      peer.behave({ chunkDelayMs: 5 });
      const results = await Promise.all(Array.from({ length: 10 }, () => chat(cookie)));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, ...Array(9).fill(429)]);
      const limited = results.find((r) => r.statusCode === 429)!.json();
      expect(limited).toEqual({ dailyLimit: true, message: DAILY_LIMIT_MESSAGE, code: DAILY_LIMIT_CODE });
      expect(results.find((r) => r.statusCode === 200)!.json().promptsLeft).toBe(0);
      expect(peer.requests).toHaveLength(1);
      expect((await row(user.id)).dailyPromptCount).toBe(3);
    });

    it("resets the count on a new UTC day", async () => {
      const { user, cookie } = await writer({ dailyPromptCount: 3, lastPromptDate: today() });
      expect((await chat(cookie)).statusCode).toBe(429);
      const status = await send(ctx().app, "GET", "/api/marin", undefined, { cookie });
      expect(status.json()).toEqual({
        showPromptCount: true,
        promptsLeft: 0,
        dailyLimit: 3,
        model: "peer-model",
        offline: false,
      });
      const now = ctx().clock.now();
      const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
      ctx().clock.advance(nextMidnight - now.getTime() + 1);
      const res = await chat(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().promptsLeft).toBe(2);
      expect(await row(user.id)).toMatchObject({ dailyPromptCount: 1, lastPromptDate: today() });
    });

    it("spends the referral pool only after the day's free prompts, and refunds a failed pool prompt to it", async () => {
      const { user, cookie } = await writer({ bonusPrompts: 3 });
      for (let left = 5; left >= 3; left--) expect((await chat(cookie)).json().promptsLeft).toBe(left);
      expect(await row(user.id)).toMatchObject({ dailyPromptCount: 3, bonusPrompts: 3 });
      expect((await chat(cookie)).json().promptsLeft).toBe(2);
      expect(await row(user.id)).toMatchObject({ dailyPromptCount: 4, bonusPrompts: 2 });
      peer.behave({ failure: "status-500" });
      expect((await chat(cookie)).statusCode).toBe(502);
      expect(await row(user.id)).toMatchObject({ dailyPromptCount: 4, bonusPrompts: 2 });
      const status = await send(ctx().app, "GET", "/api/marin", undefined, { cookie });
      expect(status.json()).toMatchObject({ promptsLeft: 2, dailyLimit: 6 });
    });

    it("never limits a premium user by the day, but still by the minute (429 with Retry-After)", async () => {
      const { user, cookie } = await writer({ isPremium: true, dailyPromptCount: 50, lastPromptDate: today() });
      for (let i = 0; i < AI_REQUESTS_PER_MINUTE; i++) {
        const res = await chat(cookie);
        expect(res.json()).toMatchObject({ showPromptCount: false, promptsLeft: null });
      }
      const limited = await chat(cookie);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: "AI_RATE_LIMITED" });
      expect(limited.json().dailyLimit).toBeUndefined();
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect((await row(user.id)).dailyPromptCount).toBe(50);
      ctx().clock.advance(61_000);
      expect((await chat(cookie)).statusCode).toBe(200);
      const status = await send(ctx().app, "GET", "/api/marin", undefined, { cookie });
      expect(status.json()).toEqual({
        showPromptCount: false,
        promptsLeft: null,
        dailyLimit: null,
        model: "peer-model",
        offline: false,
      });
    });

    it("keeps response length and chat styles for premium users (403 for free ones) and passes them on", async () => {
      const free = await writer();
      const refused = await chat(free.cookie, { length: "long" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "PREMIUM_REQUIRED" });
      expect((await chat(free.cookie, { chatStyle: "muse" })).statusCode).toBe(403);
      const premium = await writer({ isPremium: true });
      expect((await chat(premium.cookie, { length: "long", chatStyle: "muse" })).statusCode).toBe(200);
      expect(peer.promptText()).toContain("Chat style: muse");
      expect(peer.promptText()).toContain("Response length: long");
      expect(peer.requests.at(-1)!.body.max_tokens).toBe(1500);
    });

    it("gives the automatic opening scene of a still-empty story free, once, and takes the claim back on failure", async () => {
      const { user, cookie } = await writer();
      const empty = await createStory(ctx().database.db, { authorId: user.id, title: "Blank", content: "" });
      const opening = { storyId: empty.id, isAutoGenerated: true, prompt: "Write the opening scene of this story." };
      peer.behave({ failure: "status-500" });
      expect((await generate(cookie, opening)).statusCode).toBe(502);
      peer.behave({ failure: "none", chunks: ["## Chapter 1: Dawn\n\n", "It began."] });
      const first = await generate(cookie, opening);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ promptsLeft: FREE_PROMPTS_PER_DAY, chapter: true });
      expect((await row(user.id)).dailyPromptCount).toBe(0);
      // Once per story: asking again (the story still unsaved) is an ordinary, charged prompt.
      const again = await generate(cookie, opening);
      expect(again.json()).toMatchObject({ promptsLeft: FREE_PROMPTS_PER_DAY - 1 });
      // A story with text gets no free opening, nor does a request without isAutoGenerated.
      const written = await createStory(ctx().database.db, { authorId: user.id, ...STORY });
      expect((await generate(cookie, { ...opening, storyId: written.id })).json()).toMatchObject({
        promptsLeft: FREE_PROMPTS_PER_DAY - 2,
      });
      const other = await createStory(ctx().database.db, { authorId: user.id, title: "Other", content: "" });
      expect((await generate(cookie, { ...opening, storyId: other.id, isAutoGenerated: false })).json()).toMatchObject({
        promptsLeft: 0,
      });
    });

    it("claims the free opening scene once under concurrent requests", async () => {
      const { user, cookie } = await writer();
      const empty = await createStory(ctx().database.db, {
        authorId: user.id,
        title: "Blank",
        content: "<p>Start writing your story here...</p>",
      });
      peer.behave({ chunks: ["It began."] });
      const opening = { storyId: empty.id, isAutoGenerated: true, prompt: "Write the opening scene of this story." };
      const answers = await Promise.all(Array.from({ length: 4 }, () => generate(cookie, opening)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect((await row(user.id)).dailyPromptCount).toBe(3);
    });

    it("previews the context without charging or calling the model", async () => {
      const { user, cookie } = await writer();
      const story = await createStory(ctx().database.db, { authorId: user.id, ...STORY });
      const res = await send(
        ctx().app,
        "POST",
        "/api/marin/context",
        { kind: "generate", prompt: "Go", storyId: story.id },
        { cookie },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().summary).toBe("3 characters · setting · themes · moods · fandoms · all 8 words");
      expect(res.json().text).toContain("Setting: A floating city above the clouds");
      const bad = await send(ctx().app, "POST", "/api/marin/context", { kind: "chat", messages: [] }, { cookie });
      expect(bad.statusCode).toBe(400);
      // The body is checked like the routes it previews, at the field (it was a loose object checked in the handler).
      const preview = (body: unknown) => send(ctx().app, "POST", "/api/marin/context", body, { cookie });
      const rewrite = await preview({ kind: "generate", prompt: "Go", action: "rewrite", storyId: story.id });
      expect(rewrite.statusCode).toBe(400);
      expect(rewrite.json().fields).toEqual({ selection: "Select some text to rewrite" });
      for (const body of [{ kind: "summarize", prompt: "Go" }, { prompt: "Go" }, { kind: "generate", prompt: 7 }]) {
        const refused = await preview(body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().code, JSON.stringify(body)).toBe("VALIDATION");
      }
      expect(peer.requests).toHaveLength(0);
      expect((await row(user.id)).dailyPromptCount).toBe(0);
    });

    it("takes a whole 2 MB story in storyContext and refuses a body past the route's limit with 413", async () => {
      const { cookie } = await writer();
      const story = `<p>${"word ".repeat(400_000)}</p>`;
      const res = await chat(cookie, { storyContext: { currentContent: story } });
      expect(res.statusCode).toBe(200);
      expect(peer.promptText().length).toBeLessThan(60_000);
      const huge = await chat(cookie, { storyContext: { currentContent: '"'.repeat(2_700_000) } });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ code: "CONTENT_TOO_LARGE" });
    });
  },
  { ai },
);

const lines: string[] = [];
const logger = { level: "info", stream: { write: (line: string) => void lines.push(line) } };
const keyed = await createAiDriver({
  AI_PROVIDER: "openai-compatible",
  AI_BASE_URL: peer.url,
  AI_MODEL: "peer-model",
  AI_API_KEY: "sk-test-SECRET-KEY",
});

describeEachDb(
  "Marin failure logs",
  (ctx) => {
    it("logs a provider failure at warn with its code, never the prompt, the story or the key", async () => {
      const { cookie } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
      peer.behave({ failure: "status-500" });
      lines.length = 0;
      const res = await send(
        ctx().app,
        "POST",
        "/api/generate-content",
        { prompt: "Write about PRIVATE-PROMPT", storyContext: { currentContent: "<p>PRIVATE-STORY</p>" } },
        { cookie },
      );
      expect(res.statusCode).toBe(502);
      expect(peer.requests.at(-1)!.headers.authorization).toBe("Bearer sk-test-SECRET-KEY");
      const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "AI generation failed");
      expect(failure).toMatchObject({ level: 40, ai: { code: "AI_FAILED", providerStatus: 500, model: "peer-model" } });
      const text = lines.join("");
      expect(text).not.toMatch(/PRIVATE-PROMPT|PRIVATE-STORY|SECRET-KEY|You are Marin/);
    });
  },
  { ai: keyed, logger },
);
