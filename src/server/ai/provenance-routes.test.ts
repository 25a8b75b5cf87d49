// The AI share through the real routes: Marin's text from /api/generate-content and /api/chat-with-marin (the offline
// storyteller), saved with PATCH /api/stories/{id} however the writer likes. The share follows the words, not the
// generated-content wrappers, and only the writer who received them.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { marinFingerprints } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { countStoryWords } from "../content/story-text";
import { createOfflineModel, OFFLINE_MODEL_LABEL } from "./offline-model";
import { recordFingerprint } from "../provenance/provenance";

// The offline storyteller at full speed.
const options = { ai: { label: OFFLINE_MODEL_LABEL, offline: true, model: createOfflineModel({ wordDelayMs: 0 }) } };

// The writer's own opening: 40 words Marin never wrote.
const MINE =
  "Rain had followed Mira all the way from the harbour, soaking through the coat she had borrowed from Jonah and " +
  "turning the map in her pocket into a soft grey pulp before she ever found the archive.";
const p = (text: string) => `<p>${text}</p>`;
const wrap = (html: string) =>
  `<div class="generated-content" data-model="Offline storyteller" data-generated-at="2026-11-28T10:00:00.000Z">${html}</div>`;
const paragraphs = (text: string) =>
  text
    .split(/\n+/)
    .filter((line) => line.trim() !== "")
    .map(p)
    .join("");
/** Marin's share of `marin` saved after the writer's opening, by the server's word rule. */
const shareBeside = (marin: string) => countStoryWords(marin).wordCount / countStoryWords(p(MINE) + marin).wordCount;

describeEachDb(
  "AI share measured from Marin's deliveries",
  (ctx) => {
    const writer = () => createVerifiedUserWithSession(ctx().database.db, { isPremium: true }, ctx().clock.now());
    type Headers = Record<string, string>;
    const newStory = async (headers: Headers, content = "") => {
      const res = await send(ctx().app, "POST", "/api/stories", { title: "T", content }, headers);
      expect(res.statusCode).toBe(201);
      return res.json() as { id: number; aiShare: number; version: number };
    };
    const save = async (id: number, content: string, headers: Headers) => {
      const res = await send(ctx().app, "PATCH", `/api/stories/${id}`, { content }, headers);
      expect(res.statusCode).toBe(200);
      return res.json() as { aiShare: number; wordCount: number };
    };
    const generate = async (storyId: number, headers: Headers, body: object = {}) => {
      const res = await send(
        ctx().app,
        "POST",
        "/api/generate-content",
        { storyId, prompt: "Write the next scene", ...body },
        headers,
      );
      expect(res.statusCode).toBe(200);
      return res.json() as { text: string; content: string };
    };
    const words = (html: string) => countStoryWords(html).wordCount;

    it("keeps the share without the wrappers, after a cut and paste, in another story, with split paragraphs", async () => {
      const { headers } = await writer();
      const story = await newStory(headers, p(MINE));
      const { text, content } = await generate(story.id, headers);
      // The editor inserts `content` wrapped; the same words as plain paragraphs are `marin`.
      const marin = paragraphs(text.replace(/^#+ /gm, ""));
      const share = shareBeside(marin);
      expect(words(marin)).toBeGreaterThan(30);
      expect(words(content)).toBe(words(marin));

      const wrapped = await save(story.id, p(MINE) + wrap(content), headers);
      expect(wrapped.aiShare).toBeCloseTo(share, 2);
      // The same words without the wrapper.
      expect((await save(story.id, p(MINE) + marin, headers)).aiShare).toBeCloseTo(share, 2);
      // Cut in one save, pasted back in a later one.
      expect((await save(story.id, p(MINE), headers)).aiShare).toBe(0);
      expect((await save(story.id, marin + p(MINE), headers)).aiShare).toBeCloseTo(share, 2);
      // Every sentence its own paragraph.
      const split = text
        .split(/(?<=[.!?"”])\s+/)
        .filter((s) => s.trim() !== "")
        .map((s) => s.replace(/^#+ /gm, ""))
        .map(p)
        .join("");
      expect((await save(story.id, p(MINE) + split, headers)).aiShare).toBeCloseTo(share, 2);
      // Moved to another story of the same writer.
      const other = await newStory(headers);
      expect((await save(other.id, p(MINE) + marin, headers)).aiShare).toBeCloseTo(share, 2);
      // And a new story created with it.
      expect((await newStory(headers, p(MINE) + marin)).aiShare).toBeCloseTo(share, 2);
    });

    it("falls when the writer rewrites, stays after light edits, and leaves typed words to the writer", async () => {
      const { headers } = await writer();
      const story = await newStory(headers, p(MINE));
      const { text } = await generate(story.id, headers);
      const marin = paragraphs(text);
      const full = (await save(story.id, p(MINE) + marin, headers)).aiShare;
      expect(full).toBeGreaterThan(0.4);

      // A word changed here and there (one in 25): still approximately Marin's.
      let n = 0;
      const lightly = marin.replace(/\b[a-z]{4,}\b/g, (word) => (++n % 25 === 0 ? "softly" : word));
      expect((await save(story.id, p(MINE) + lightly, headers)).aiShare).toBeGreaterThan(full * 0.8);

      // Forty words typed into the middle of Marin's text are the writer's.
      const typed = `${MINE.replace("Mira", "Anna")}`;
      const cut = marin.indexOf(". ") + 1;
      const inside = await save(story.id, p(MINE) + marin.slice(0, cut) + ` ${typed}` + marin.slice(cut), headers);
      const marinWords = words(marin);
      expect(inside.aiShare).toBeCloseTo(marinWords / (marinWords + 2 * words(p(MINE))), 1);
      expect(inside.aiShare).toBeLessThan(full);

      // Rewritten in the writer's own words (every word changed in its own way): nothing of Marin's left.
      const rewritten = marin.replace(
        /\b([A-Za-z])([a-z]*)\b/g,
        (_, first: string, rest: string) => `${rest}${first}x`,
      );
      expect((await save(story.id, p(MINE) + rewritten, headers)).aiShare).toBe(0);
    });

    it("counts only for the writer Marin gave the text to", async () => {
      const a = await writer();
      const b = await writer();
      const story = await newStory(a.headers);
      const { text } = await generate(story.id, a.headers);
      const marin = paragraphs(text);
      // Another writer saving the very same words wrote them, as far as their own stories go.
      const theirs = await newStory(b.headers);
      expect((await save(theirs.id, marin, b.headers)).aiShare).toBe(0);
      // Nor can they ask Marin on the first writer's story (their fingerprint would land on it) …
      const res = await send(ctx().app, "POST", "/api/generate-content", { storyId: story.id, prompt: "x" }, b.headers);
      expect(res.statusCode).toBe(404);
      // … or change its share with a save.
      const patch = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { content: p(MINE) }, b.headers);
      expect(patch.statusCode).toBe(404);
      expect((await save(story.id, marin, a.headers)).aiShare).toBe(1);
      const rows = await ctx()
        .database.db.select({ userId: marinFingerprints.userId, kind: marinFingerprints.kind })
        .from(marinFingerprints)
        .where(eq(marinFingerprints.storyId, story.id));
      expect(rows).toEqual([{ userId: a.user.id, kind: "generate" }]);
    });

    it("counts a pasted chat answer, the wizard's opening scene and a rewrite, each kept with its kind", async () => {
      const { headers } = await writer();
      const story = await newStory(headers);
      const chat = await send(
        ctx().app,
        "POST",
        "/api/chat-with-marin",
        { storyId: story.id, messages: [{ role: "user", content: "Describe the archive at night" }] },
        headers,
      );
      expect(chat.statusCode).toBe(200);
      const answer = chat.json().response as string;
      expect((await save(story.id, paragraphs(answer), headers)).aiShare).toBeGreaterThan(0.9);

      const opening = await newStory(headers);
      await generate(opening.id, headers, { isAutoGenerated: true });
      await generate(opening.id, headers, { action: "rewrite", selection: MINE, instruction: "Darker" });
      const kinds = await ctx()
        .database.db.select({ kind: marinFingerprints.kind })
        .from(marinFingerprints)
        .where(eq(marinFingerprints.storyId, opening.id));
      expect(kinds.map((k) => k.kind).sort()).toEqual(["opening", "rewrite"]);
    });

    it("measures again on publish and on a restore", async () => {
      const { user, headers } = await writer();
      const story = await newStory(headers);
      const text = "The clock in the archive had not been wound for forty years, and yet it was still ticking softly.";
      expect((await save(story.id, p(text), headers)).aiShare).toBe(0);
      // A fingerprint that arrives after the save (another device's delivery) is seen on publish.
      await recordFingerprint(ctx().database.db, { userId: user.id, storyId: story.id, kind: "generate", text });
      const body = { title: "T", description: "D", tags: [] };
      const published = await send(ctx().app, "POST", `/api/stories/${story.id}/publish`, body, headers);
      expect(published.statusCode).toBe(200);
      expect(published.json().aiShare).toBe(1);

      const draft = await newStory(headers);
      const marin = p(text);
      const res = await send(
        ctx().app,
        "PATCH",
        `/api/stories/${draft.id}`,
        { content: marin, versionOrigin: { origin: "marin", model: "Offline storyteller" } },
        headers,
      );
      expect(res.json().aiShare).toBe(1);
      await save(draft.id, p(MINE), headers);
      const versions = await send(ctx().app, "GET", `/api/stories/${draft.id}/versions`, undefined, headers);
      const marinVersion = (versions.json().versions as { id: number; origin: string }[]).find(
        (v) => v.origin === "marin",
      )!;
      const restored = await send(
        ctx().app,
        "POST",
        `/api/stories/${draft.id}/versions/${marinVersion.id}/restore`,
        {},
        headers,
      );
      expect(restored.statusCode).toBe(200);
      expect(restored.json().aiShare).toBe(1);
    });
  },
  options,
);
