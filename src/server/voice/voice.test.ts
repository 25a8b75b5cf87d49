// The writer's voice through the real app on PGlite and PostgreSQL: samples per story and for all stories (saved as
// plain text with their profile, a story's own winning), the picker's passages, the 4xxs (another writer's story,
// 2,001 words, 10 MB, blank, HTML), the voice in Marin's prompt and "What Marin sees", and the offline storyteller
// moving its sentence length toward the sample's.
import { expect, it } from "vitest";
import { VOICE_MESSAGES, VOICE_URLS } from "../../shared/schemas/voice";
import { sentencesOf } from "./profile";
import { countWordsInText } from "../../shared/word-count";
import { OFFLINE_MODEL_LABEL, createOfflineModel } from "../ai/offline-model";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { LONG_SAMPLE, SHORT_SAMPLE } from "../test/voice-samples";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const meanSentence = (text: string) => {
  const lengths = sentencesOf(text).map(countWordsInText);
  return lengths.reduce((a, b) => a + b, 0) / lengths.length;
};

describeEachDb(
  "the writer's voice",
  (ctx) => {
    const db = () => ctx().database.db;
    const call = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, cookie?: string, body?: unknown) =>
      send(ctx().app, method, url, body, cookie ? { cookie } : {});

    it("keeps samples per story and for all stories, the story's winning, and refuses bad input clearly", async () => {
      const { user, cookie } = await createVerifiedUserWithSession(db());
      const story = await createStory(db(), { authorId: user.id });
      const other = await createStory(db(), { authorId: user.id });
      const storyUrl = VOICE_URLS.story(story.id);

      expect((await call("GET", VOICE_URLS.mine, cookie)).json()).toEqual({ sample: null, fallback: null });
      const mine = await call("PUT", VOICE_URLS.mine, cookie, { text: LONG_SAMPLE });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json()).toMatchObject({ scope: "all", storyId: null, profile: { person: "third", tense: "past" } });
      expect(mine.json().profile.sentenceMean).toBeGreaterThan(30);

      // HTML is stored as plain paragraphs; a script's text is dropped with its tags.
      const html = `<p>Rain <b>again</b>.</p><script>alert(1)</script><p>Mira glanced at the &lt;door&gt;. Nobody came.</p>`;
      const saved = await call("PUT", storyUrl, cookie, { text: html });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        scope: "story",
        storyId: story.id,
        text: "Rain again.\n\nMira glanced at the . Nobody came.",
      });
      expect(saved.json().description).toMatch(/^short sentences \(mean \d\.\d words/);
      const replaced = await call("PUT", storyUrl, cookie, { text: SHORT_SAMPLE });
      expect(replaced.json()).toMatchObject({ text: SHORT_SAMPLE, words: countWordsInText(SHORT_SAMPLE) });
      expect((await call("GET", storyUrl, cookie)).json()).toMatchObject({
        sample: { scope: "story", text: SHORT_SAMPLE },
        fallback: { scope: "all", text: LONG_SAMPLE },
      });

      // Bad input: clear 4xx, never a 500.
      const over = await call("PUT", storyUrl, cookie, { text: words(2001) });
      expect([over.statusCode, over.json().message]).toEqual([400, VOICE_MESSAGES.tooLong(2001)]);
      expect(over.json().message).toBe("A style sample can be at most 2,000 words. This one has 2,001.");
      expect((await call("PUT", storyUrl, cookie, { text: words(2000) })).statusCode).toBe(200);
      expect((await call("PUT", storyUrl, cookie, { text: "   " })).json().message).toBe(VOICE_MESSAGES.blank);
      expect((await call("PUT", storyUrl, cookie, { text: "<p> </p><br>" })).json().message).toBe(VOICE_MESSAGES.blank);
      expect((await call("PUT", storyUrl, cookie, { text: 42 })).statusCode).toBe(400);
      expect((await call("PUT", storyUrl, cookie, { text: "a\u0000b" })).statusCode).toBe(400);
      const huge = await call("PUT", storyUrl, cookie, { text: "x ".repeat(5 * 1024 * 1024) });
      expect([huge.statusCode, huge.json().message]).toEqual([413, VOICE_MESSAGES.tooManyChars]);

      // Another writer's story (or none) answers 404 for every verb; their own all-stories sample is theirs alone.
      const stranger = await createVerifiedUserWithSession(db());
      for (const method of ["GET", "PUT", "DELETE"] as const)
        expect((await call(method, storyUrl, stranger.cookie, { text: "Mine now." })).statusCode).toBe(404);
      expect((await call("PUT", VOICE_URLS.story(999_999), cookie, { text: "Gone." })).statusCode).toBe(404);
      expect((await call("GET", VOICE_URLS.mine, stranger.cookie)).json().sample).toBeNull();
      expect((await call("GET", VOICE_URLS.mine)).statusCode).toBe(401);

      // Two saves racing on one scope keep one row.
      const raced = await Promise.all([
        call("PUT", VOICE_URLS.story(other.id), cookie, { text: "One. Two." }),
        call("PUT", VOICE_URLS.story(other.id), cookie, { text: "Three. Four." }),
      ]);
      expect(raced.map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await call("DELETE", VOICE_URLS.story(other.id), cookie)).statusCode).toBe(204);
      expect((await call("DELETE", VOICE_URLS.story(other.id), cookie)).statusCode).toBe(404);
      expect((await call("GET", VOICE_URLS.story(other.id), cookie)).json().sample).toBeNull();

      // The picker offers the openings of the writer's published chapters, nobody else's.
      await createStory(db(), {
        authorId: user.id,
        title: "Tide",
        published: true,
        publishedAt: new Date(),
        content: "<h2>Chapter 1: Salt</h2><p>The tide came in.</p><h2>Chapter 2: Stone</h2><p>She waited.</p>",
      });
      expect((await call("GET", VOICE_URLS.passages, cookie)).json().passages).toMatchObject([
        { storyTitle: "Tide", label: "Chapter 1: Salt", text: "The tide came in.", words: 4 },
        { storyTitle: "Tide", label: "Chapter 2: Stone", text: "She waited.", words: 2 },
      ]);
      expect((await call("GET", VOICE_URLS.passages, stranger.cookie)).json().passages).toEqual([]);
    });

    it("puts the voice in Marin's prompt and preview, and the offline storyteller moves toward its sentence length", async () => {
      const { user, cookie } = await createVerifiedUserWithSession(db(), { isPremium: true });
      const story = await createStory(db(), { authorId: user.id, content: "<p>Aria waited at the harbour wall.</p>" });
      const plain = await createStory(db(), { authorId: user.id, content: "<p>Aria waited at the harbour wall.</p>" });
      const preview = async (storyId: number) =>
        (await call("POST", "/api/marin/context", cookie, { kind: "generate", storyId, prompt: "Write on" })).json();
      const generate = async (storyId: number, seed: number) =>
        (
          await call("POST", "/api/generate-content", cookie, {
            storyId,
            prompt: "Write the next scene",
            length: "long",
            seed,
          })
        ).json().text as string;
      const seeds = [1, 2];
      const none = await Promise.all(seeds.map((seed) => generate(story.id, seed)));
      expect((await preview(story.id)).text).not.toContain("<writer_voice>");

      await call("PUT", VOICE_URLS.mine, cookie, { text: LONG_SAMPLE });
      await call("PUT", VOICE_URLS.story(story.id), cookie, { text: SHORT_SAMPLE });
      const seen = await preview(story.id);
      expect(seen.summary).toContain("your voice (this story's sample)");
      expect(seen.text).toContain("Style (from this story's style sample): short sentences (mean");
      expect(seen.text).toContain(`<style_sample>\n${SHORT_SAMPLE}\n</style_sample>`);
      // The other story falls back to the all-stories sample.
      const fallback = await preview(plain.id);
      expect(fallback.summary).toContain("your voice (all stories' sample)");
      expect(fallback.text).toContain("long sentences (mean");

      const short = await Promise.all(seeds.map((seed) => generate(story.id, seed)));
      const long = await Promise.all(seeds.map((seed) => generate(plain.id, seed)));
      const mean = (texts: string[]) => texts.map(meanSentence).reduce((a, b) => a + b, 0) / texts.length;
      expect(mean(short)).toBeLessThan(mean(none) - 1);
      expect(mean(long)).toBeGreaterThan(mean(none) + 1);
    });
  },
  { ai: { label: OFFLINE_MODEL_LABEL, offline: true, model: createOfflineModel({ wordDelayMs: 0 }) } },
);
