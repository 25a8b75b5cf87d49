// Every FicForge Plus gate, through the real app with the offline storyteller: a free user gets 403
// PREMIUM_REQUIRED with the gate's own message (mature reading answers 404, as for a missing story, so a free reader
// never learns it exists), and a premium user gets the feature.
import { describe, expect, it } from "vitest";
import { FREE_PROMPTS_PER_DAY } from "../../shared/limits";
import { PREMIUM_REQUIRED } from "../../shared/schemas/billing";
import { DAILY_LIMIT_CODE, PREMIUM_OPTION_MESSAGE } from "../../shared/schemas/marin";
import { MEMORY_STORY_CHARACTERS, MEMORY_STORY_HTML } from "../ai/memory-fixture";
import { createOfflineModel, OFFLINE_MODEL_LABEL } from "../ai/offline-model";
import { wordCount } from "../ai/offline/grammar";
import { dataUrl, solidImage } from "../test/images";
import { STORY_NOT_PUBLISHED } from "../policies/visibility";
import { PREMIUM_THEME_MESSAGE, READER_BACKGROUND_MESSAGE } from "../stories/story-rules";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

// NOTE: the offline storyteller without its typing pace, so JSON answers come at once.
const ai = { label: OFFLINE_MODEL_LABEL, offline: true, model: createOfflineModel({ wordDelayMs: 0 }) };

describeEachDb(
  "premium gates",
  (ctx) => {
    const db = () => ctx().database.db;
    const writer = (isPremium: boolean) => createVerifiedUserWithSession(db(), { isPremium }, ctx().clock.now());
    const call = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, body?: unknown) =>
      send(ctx().app, method, url, body, { cookie });
    const chat = (cookie: string, body: Record<string, unknown> = {}) =>
      call("POST", "/api/chat-with-marin", cookie, {
        messages: [{ role: "user", content: "What should happen next?" }],
        seed: 4,
        ...body,
      });
    const generate = (cookie: string, body: Record<string, unknown> = {}) =>
      call("POST", "/api/generate-content", cookie, { prompt: "Write the next chapter", seed: 4, ...body });
    const refusedWith = (res: { statusCode: number; json: () => unknown }, message: string) => {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: PREMIUM_REQUIRED, message });
    };

    describe("the nsfw theme", () => {
      it("is refused to a free writer on create and update, and works for a premium one", async () => {
        const free = await writer(false);
        refusedWith(await call("POST", "/api/stories", free.cookie, { themes: ["nsfw"] }), PREMIUM_THEME_MESSAGE);
        const own = await createStory(db(), { authorId: free.user.id });
        refusedWith(
          await call("PATCH", `/api/stories/${own.id}`, free.cookie, { themes: ["slow-burn", "nsfw"] }),
          PREMIUM_THEME_MESSAGE,
        );

        const premium = await writer(true);
        const created = await call("POST", "/api/stories", premium.cookie, { themes: ["nsfw"] });
        expect(created.statusCode).toBe(201);
        expect(created.json()).toMatchObject({ themes: ["nsfw"], rating: "mature" });
        const theirs = await createStory(db(), { authorId: premium.user.id });
        const updated = await call("PATCH", `/api/stories/${theirs.id}`, premium.cookie, { themes: ["nsfw"] });
        expect(updated.statusCode).toBe(200);
      });
    });

    describe("mature content", () => {
      it("is hidden from free readers (404 and left out of Discover even with nsfw=1), shown to premium ones", async () => {
        const author = await writer(true);
        const fandom = `Gate${Date.now()}${Math.floor(Math.random() * 1e6)}`;
        const created = await call("POST", "/api/stories", author.cookie, {
          title: "After Dark",
          themes: ["nsfw"],
          fandoms: [fandom],
        });
        const id = created.json().id as number;
        const published = await call("POST", `/api/stories/${id}/publish`, author.cookie, {
          title: "After Dark",
          description: "For adults.",
        });
        expect(published.json()).toMatchObject({ published: true, rating: "mature" });

        const free = await writer(false);
        const hidden = await call("GET", `/api/stories/${id}/read`, free.cookie);
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json()).toMatchObject({ message: STORY_NOT_PUBLISHED });
        const discover = (cookie: string) => call("GET", `/api/published-stories?fandom=${fandom}&nsfw=1`, cookie);
        const ids = (res: { json: () => unknown }) => JSON.stringify(res.json()).match(/"id":\d+/g) ?? [];
        expect(ids(await discover(free.cookie))).not.toContain(`"id":${id}`);

        const reader = await writer(true);
        expect((await call("GET", `/api/stories/${id}/read`, reader.cookie)).statusCode).toBe(200);
        expect(ids(await discover(reader.cookie))).toContain(`"id":${id}`);
      });
    });

    describe("Marin's response length and chat styles", () => {
      it("refuses a non-default length on chat and generate, and each non-classic style, to a free user", async () => {
        const free = await writer(false);
        for (const length of ["short", "long"]) {
          refusedWith(await chat(free.cookie, { length }), PREMIUM_OPTION_MESSAGE);
          refusedWith(await generate(free.cookie, { length }), PREMIUM_OPTION_MESSAGE);
        }
        for (const chatStyle of ["muse", "editor", "mentor"]) {
          refusedWith(await chat(free.cookie, { chatStyle }), PREMIUM_OPTION_MESSAGE);
        }
        refusedWith(
          await call("POST", "/api/marin/context", free.cookie, {
            kind: "chat",
            messages: [{ role: "user", content: "Hi" }],
            length: "long",
          }),
          PREMIUM_OPTION_MESSAGE,
        );
        // Nothing was charged for the refusals; the defaults, named or not, are everyone's.
        const defaults = await chat(free.cookie, { length: "medium", chatStyle: "classic" });
        expect(defaults.statusCode).toBe(200);
        expect(defaults.json().promptsLeft).toBe(FREE_PROMPTS_PER_DAY - 1);
      });

      it("gives a premium user each length and style, and the offline storyteller follows them", async () => {
        const premium = await writer(true);
        const words = async (body: Record<string, unknown>) => {
          const res = await chat(premium.cookie, body);
          expect(res.statusCode, res.body).toBe(200);
          return res.json().response as string;
        };
        const [short, long] = [await words({ length: "short" }), await words({ length: "long" })];
        expect(wordCount(short)).toBeLessThan(wordCount(long));
        expect(await words({ chatStyle: "muse" })).toContain("What if ");
        expect(await words({ chatStyle: "editor" })).toContain("Editor’s notes");
        expect(await words({ chatStyle: "mentor" })).toContain("Why this works:");

        const scene = async (length: string) => {
          const res = await generate(premium.cookie, { length, prompt: "Write the opening scene of this story." });
          expect(res.statusCode, res.body).toBe(200);
          return wordCount(res.json().text as string);
        };
        expect(await scene("short")).toBeLessThan(await scene("long"));
      });
    });

    describe("the reader background", () => {
      it("is refused to a free writer and set for a premium one", async () => {
        const image = dataUrl(await solidImage("png", 20, 20, "#224466"));
        const free = await writer(false);
        const own = await createStory(db(), { authorId: free.user.id });
        refusedWith(
          await call("PATCH", `/api/stories/${own.id}`, free.cookie, { readerBackground: image }),
          READER_BACKGROUND_MESSAGE,
        );
        const premium = await writer(true);
        const theirs = await createStory(db(), { authorId: premium.user.id });
        const set = await call("PATCH", `/api/stories/${theirs.id}`, premium.cookie, { readerBackground: image });
        expect(set.statusCode).toBe(200);
        expect(set.json().readerBackground).toMatch(/^\/api\/images\//);
      });
    });

    describe("story export (free on every plan: decision 0051)", () => {
      it("gives a free writer their own story in every format, and nobody else's story", async () => {
        const free = await writer(false);
        const own = await createStory(db(), { authorId: free.user.id, title: "Free Tale" });
        for (const format of ["epub", "md", "txt", "html"]) {
          const res = await call("GET", `/api/stories/${own.id}/export?format=${format}`, free.cookie);
          expect({ format, status: res.statusCode }).toEqual({ format, status: 200 });
        }
        const premium = await writer(true);
        expect((await call("GET", `/api/stories/${own.id}/export?format=epub`, premium.cookie)).statusCode).toBe(404);
        const theirs = await createStory(db(), { authorId: premium.user.id, title: "Mine" });
        const res = await call("GET", `/api/stories/${theirs.id}/export?format=txt`, premium.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.body).toMatch(/^Mine\n/);
      });
    });

    describe("the daily AI limit", () => {
      it("stops a free user after the free prompts and never a premium one", async () => {
        const free = await writer(false);
        for (let i = 0; i < FREE_PROMPTS_PER_DAY; i++) expect((await chat(free.cookie)).statusCode).toBe(200);
        const limited = await chat(free.cookie);
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject({ code: DAILY_LIMIT_CODE, dailyLimit: true });

        const premium = await writer(true);
        for (let i = 0; i < FREE_PROMPTS_PER_DAY + 2; i++) {
          const res = await chat(premium.cookie);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toMatchObject({ showPromptCount: false, promptsLeft: null });
        }
      });
    });

    describe("story memory", () => {
      it("rides in a premium writer's prompt only", async () => {
        const preview = async (isPremium: boolean) => {
          const { user, cookie } = await writer(isPremium);
          const story = await createStory(db(), {
            authorId: user.id,
            content: MEMORY_STORY_HTML,
            characters: MEMORY_STORY_CHARACTERS,
          });
          const res = await call("POST", "/api/marin/context", cookie, {
            kind: "chat",
            storyId: story.id,
            messages: [{ role: "user", content: "Who is Ren?" }],
          });
          expect(res.statusCode).toBe(200);
          return res.json() as { summary: string; text: string };
        };
        const free = await preview(false);
        expect(free.summary).not.toContain("story memory");
        expect(free.text).not.toMatch(/Remembered characters|Earlier chapters/);
        const premium = await preview(true);
        expect(premium.summary).toContain("story memory");
        expect(premium.text).toMatch(/Remembered characters: .*Ren/);
        expect(premium.text).toContain("Earlier chapters: ");
      });
    });
  },
  { ai },
);
