// The planning board through the real app on PGlite and PostgreSQL: the board's CRUD and its 4xxs, Marin's drafts of
// each level (charged like any prompt, shaped by the offline storyteller), and the synopsis and the current chapter's
// beats in every prompt's context.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { FREE_PROMPTS_PER_DAY } from "../../shared/limits";
import { PLAN_LIMITS, PLAN_MESSAGES } from "../../shared/schemas/plan";
import { createOfflineModel, OFFLINE_MODEL_LABEL } from "../ai/offline-model";
import { users } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

const BOARD = {
  braindump:
    "Mika steals a map from the harbour guild.\nRen is the guard sent to catch her.\nThey fall for each other.",
  synopsis: "",
  chapters: [],
};

// NOTE: the offline storyteller without its typing pace: the drafts' shapes are under test, not the pace.
const ai = { label: OFFLINE_MODEL_LABEL, offline: true, model: createOfflineModel({ wordDelayMs: 0 }) };

describeEachDb(
  "the planning board",
  (ctx) => {
    const db = () => ctx().database.db;
    const call = (method: "GET" | "PUT" | "POST", url: string, cookie: string, body?: unknown) =>
      send(ctx().app, method, url, body, { cookie });
    const writer = () => createVerifiedUserWithSession(db(), {}, ctx().clock.now());

    it("saves and reads the board, owner only; refuses oversized and malformed plans clearly", async () => {
      const { user, cookie } = await writer();
      const other = await writer();
      const story = await createStory(db(), { authorId: user.id });
      const url = `/api/stories/${story.id}/plan`;
      expect((await call("GET", url, cookie)).json()).toEqual({
        braindump: "",
        synopsis: "",
        chapters: [],
        updatedAt: null,
      });
      const saved = await call("PUT", url, cookie, {
        ...BOARD,
        chapters: [{ title: "  The   Map ", beats: ["Mika runs.", "  ", "Ren follows."] }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ chapters: [{ title: "The Map", beats: ["Mika runs.", "Ren follows."] }] });
      expect((await call("GET", url, cookie)).json()).toMatchObject({
        braindump: BOARD.braindump,
        chapters: [{ title: "The Map" }],
      });

      // Another writer's story, and a story that does not exist: 404, nothing changed.
      for (const method of ["GET", "PUT"] as const) {
        expect((await call(method, url, other.cookie, BOARD)).statusCode).toBe(404);
        expect((await call(method, "/api/stories/999999/plan", cookie, BOARD)).statusCode).toBe(404);
      }
      const tooMany = { chapters: Array.from({ length: PLAN_LIMITS.chapters + 1 }, () => ({ title: "x", beats: [] })) };
      const malformed = [
        [tooMany, PLAN_MESSAGES.tooManyChapters],
        [
          { chapters: [{ title: "x", beats: Array(PLAN_LIMITS.beatsPerChapter + 1).fill("b") }] },
          PLAN_MESSAGES.tooManyBeats,
        ],
        [{ chapters: [{ title: "x".repeat(PLAN_LIMITS.titleChars + 1), beats: [] }] }, PLAN_MESSAGES.titleTooLong],
        [{ synopsis: "s".repeat(PLAN_LIMITS.synopsisChars + 1) }, PLAN_MESSAGES.synopsisTooLong],
      ] as const;
      for (const [body, message] of malformed) {
        const res = await call("PUT", url, cookie, body);
        expect([res.statusCode, res.json().message]).toEqual([400, message]);
      }
      for (const body of [{ chapters: "one" }, { chapters: [{ beats: "x" }] }, { chapters: [7] }]) {
        expect((await call("PUT", url, cookie, body)).statusCode).toBe(400);
      }
      // Two saves at once (two tabs): both answered, the board is one of them whole.
      const raced = await Promise.all(
        ["A", "B"].map((t) => call("PUT", url, cookie, { chapters: [{ title: t, beats: [t] }] })),
      );
      expect(raced.map((r) => r.statusCode)).toEqual([200, 200]);
      const after = (await call("GET", url, cookie)).json();
      expect([["A"], ["B"]]).toContainEqual(after.chapters[0].beats);
      expect(after.chapters[0].title).toBe(after.chapters[0].beats[0]);
      await call("PUT", url, cookie, { ...BOARD, chapters: [{ title: "The Map", beats: [] }] });
      const huge = await call("PUT", url, cookie, { braindump: "x".repeat(PLAN_LIMITS.bodyBytes) });
      expect([huge.statusCode, huge.json().message]).toEqual([413, PLAN_MESSAGES.tooLarge]);
      expect((await call("GET", url, cookie)).json()).toMatchObject({ chapters: [{ title: "The Map" }] });
    });

    it("drafts each level from the one above, charged as prompts; refuses a missing level before charging", async () => {
      const { user, cookie } = await writer();
      const other = await writer();
      const story = await createStory(db(), {
        authorId: user.id,
        content: "<h2>Chapter 1: Bells</h2><p>Ren woke.</p>",
      });
      const url = `/api/stories/${story.id}/plan`;
      const draft = (body: unknown, as = cookie) => call("POST", `${url}/draft`, as, body);

      const empty = await draft({ level: "synopsis" });
      expect([empty.statusCode, empty.json().message]).toEqual([400, PLAN_MESSAGES.needBraindump]);
      await call("PUT", url, cookie, BOARD);
      const beatsOff = await draft({ level: "beats", chapter: 3 });
      expect([beatsOff.statusCode, beatsOff.json().message]).toEqual([400, PLAN_MESSAGES.chapterNotOnOutline(3, 0)]);
      expect((await draft({ level: "outline", count: 0 })).statusCode).toBe(400);
      expect((await draft({ level: "plot" })).statusCode).toBe(400);
      expect((await draft({ level: "synopsis" }, other.cookie)).statusCode).toBe(404);

      const synopsis = await draft({ level: "synopsis", seed: 1 });
      expect(synopsis.statusCode, synopsis.body).toBe(200);
      expect(synopsis.json()).toMatchObject({
        level: "synopsis",
        promptsLeft: FREE_PROMPTS_PER_DAY - 1,
        chapters: null,
      });
      expect(synopsis.json().synopsis).toContain("Mika steals a map from the harbour guild.");
      // 'Another version': a new seed, another prompt, another text.
      const again = await draft({ level: "synopsis", seed: 2 });
      expect(again.json().promptsLeft).toBe(FREE_PROMPTS_PER_DAY - 2);
      expect(again.json().synopsis).not.toBe(synopsis.json().synopsis);

      await call("PUT", url, cookie, { ...BOARD, synopsis: synopsis.json().synopsis });
      const outline = await draft({ level: "outline", count: 5, seed: 3 });
      expect(outline.json().chapters).toHaveLength(5);
      expect(outline.json().chapters.every((t: string) => t.length > 0 && !/^\d/.test(t))).toBe(true);

      await call("PUT", url, cookie, {
        ...BOARD,
        chapters: outline.json().chapters.map((title: string) => ({ title, beats: [] })),
      });
      // The free day's last prompts are used up: the next draft is the daily limit's 429, not a 500.
      const beats = await draft({ level: "beats", chapter: 2 });
      expect(beats.statusCode, beats.body).toBe(429);
      await db().update(users).set({ isPremium: true }).where(eq(users.id, user.id));
      const premiumBeats = await draft({ level: "beats", chapter: 2, seed: 4 });
      expect(premiumBeats.statusCode, premiumBeats.body).toBe(200);
      expect(premiumBeats.json()).toMatchObject({ level: "beats", chapter: 2, promptsLeft: null });
      expect(premiumBeats.json().beats.length).toBeGreaterThanOrEqual(4);
    });

    it("carries the synopsis and the current chapter's beats in every prompt, and writes a chapter from its beats", async () => {
      const { user, cookie } = await createVerifiedUserWithSession(db(), { isPremium: true }, ctx().clock.now());
      const story = await createStory(db(), {
        authorId: user.id,
        content: "<h2>Chapter 1: Bells</h2><p>Ren woke.</p>",
      });
      await call("PUT", `/api/stories/${story.id}/plan`, cookie, {
        synopsis: "A thief and a guard chase a stolen map across a floating city.",
        chapters: [
          { title: "Bells", beats: ["Ren wakes to the alarm bells."] },
          { title: "The Chase", beats: ["Mika jumps the gap between two towers.", "Ren loses her in the fog market."] },
        ],
      });
      const preview = async (extra: Record<string, unknown>) =>
        (
          await call("POST", "/api/marin/context", cookie, {
            kind: "generate",
            storyId: story.id,
            prompt: "Write on",
            ...extra,
          })
        ).json();
      const now = await preview({});
      expect(now.text).toContain("<planning_board>\nSynopsis: A thief and a guard chase a stolen map");
      expect(now.text).toContain("Beats for chapter 1 (Bells):\n- Ren wakes to the alarm bells.");
      expect(now.summary).toContain("planning board: synopsis + 1 beat for chapter 1");
      const chat = (
        await call("POST", "/api/marin/context", cookie, {
          kind: "chat",
          storyId: story.id,
          messages: [{ role: "user", content: "Hi" }],
        })
      ).json();
      expect(chat.text).toContain("Synopsis: A thief and a guard");

      const chapter2 = await call("POST", "/api/generate-content", cookie, {
        storyId: story.id,
        action: "write",
        prompt: "Write chapter 2 from its beats",
        planChapter: 2,
        seed: 5,
      });
      expect(chapter2.statusCode, chapter2.body).toBe(200);
      const text: string = chapter2.json().text;
      expect(text.startsWith("## Chapter 2: The Chase")).toBe(true);
      expect(text.indexOf("Mika jumps the gap")).toBeLessThan(text.indexOf("Ren loses her in the fog market."));
      expect(chapter2.json().chapter).toBe(true);
      // More of chapter 1, which the story has: no heading, not a new chapter.
      const more = await call("POST", "/api/generate-content", cookie, {
        storyId: story.id,
        action: "write",
        prompt: "Write chapter 1 from its beats",
        planChapter: 1,
      });
      expect(more.json().text).toMatch(/^Ren wakes to the alarm bells\./);
      expect(more.json().chapter).toBe(false);
    });
  },
  { ai },
);
