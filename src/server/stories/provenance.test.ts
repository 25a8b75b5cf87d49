// Provenance: AI insertions arrive wrapped in div.generated-content with the model and the time, which the editor
// shows; the server counts the story's words on every content write and measures Marin's among them by the writer's
// fingerprints (provenance/provenance.ts), not by the wrappers, and answers aiShare with them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { countUncountedStories } from "./count-story-words";
import { resanitizeStories, storeWordCounts } from "./resanitize-stories";
import { sanitizeContent } from "../content/sanitize-content";
import { countStoryWords } from "../content/story-text";
import { AI_MEASURE_VERSION, recordFingerprint } from "../provenance/provenance";

const AT = "2026-11-22T10:15:00.000Z";
const wrapped = (inner: string, attrs = `data-model="llama3.1" data-generated-at="${AT}"`) =>
  `<div class="generated-content" ${attrs}>${inner}</div>`;
const chapter = (n: number, inner: string) =>
  `<section class="chapter" data-chapter="${n}">${wrapped(inner)}</section>`;

// Ten words of the writer's, ten of Marin's.
const WRITER = "<p>Mika walked <strong>home</strong> through the rain, humming an old song.</p>";
const MARIN = "<p>The lantern flickered once, twice, and then the door opened.</p>";

describe("countStoryWords", () => {
  it("counts words as the editor does: marks inside a word join it, blocks and line breaks split", () => {
    expect(countStoryWords("<p>wo<em>rd</em> one<br>two</p><p>three</p><hr><p>— * * *</p>")).toEqual({
      wordCount: 4,
      aiWordCount: 0,
    });
    expect(countStoryWords(WRITER + wrapped(MARIN))).toEqual({ wordCount: 20, aiWordCount: 10 });
    expect(countStoryWords(`<p>a</p>${chapter(2, "<h2>Chapter 2</h2><p>b c</p>")}<p>d</p>`)).toEqual({
      wordCount: 6,
      aiWordCount: 4,
    });
  });
});

describe("the sanitizer keeps provenance only on the wrapper, and only when well formed", () => {
  it("keeps a plain model label and an ISO time", () => {
    expect(sanitizeContent(wrapped("<p>x</p>", `data-model="Offline storyteller" data-generated-at="${AT}"`))).toBe(
      `<div class="generated-content" data-model="Offline storyteller" data-generated-at="${AT}"><p>x</p></div>`,
    );
  });

  it.each([
    ['data-model="&lt;img src=x onerror=alert(1)&gt;"', "HTML in the label"],
    [`data-model="${"m".repeat(101)}"`, "an overlong label"],
    ['data-model="   "', "a blank label"],
    ['data-generated-at="yesterday"', "not a date"],
    ['data-generated-at="2026-13-45T10:00:00Z"', "an impossible date"],
    ['data-generated-at="2026-11-22"', "a date without a time"],
  ])("drops %s (%s)", (attrs) => {
    expect(sanitizeContent(wrapped("<p>x</p>", attrs))).toBe('<div class="generated-content"><p>x</p></div>');
  });

  it("drops the attributes on any other element", () => {
    const forged = `<div data-model="m" data-generated-at="${AT}"><p data-model="m">x</p></div>`;
    expect(sanitizeContent(forged)).toBe("<div><p>x</p></div>");
  });
});

describeEachDb("provenance: aiShare on the owner's story view", (ctx) => {
  const signIn = () => createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
  const storedRow = async (id: number) =>
    (await ctx().database.db.select().from(stories).where(eq(stories.id, id)))[0]!;

  it("counts Marin's words by its fingerprints, in the wrapper or out of it, and the wrapper alone counts nothing", async () => {
    const { user, headers } = await signIn();
    const created = await send(ctx().app, "POST", "/api/stories", { title: "T", content: WRITER }, headers);
    expect(created.json()).toMatchObject({ wordCount: 10, aiShare: 0 });
    const id = created.json().id as number;
    const save = (content: string) => send(ctx().app, "PATCH", `/api/stories/${id}`, { content }, headers);

    // Words in a wrapper that Marin never delivered are the writer's.
    const forged = await save(WRITER + wrapped(MARIN));
    expect(forged.json()).toMatchObject({ wordCount: 20, aiShare: 0 });
    expect(forged.json().content).toContain(`data-model="llama3.1" data-generated-at="${AT}"`);

    await recordFingerprint(ctx().database.db, {
      userId: user.id,
      storyId: id,
      kind: "generate",
      text: "The lantern flickered once, twice, and then the door opened.",
    });
    const inserted = await save(WRITER + wrapped(MARIN));
    expect(inserted.json()).toMatchObject({ wordCount: 20, aiShare: 0.5 });
    expect(await storedRow(id)).toMatchObject({ wordCount: 20, aiWordCount: 10, aiMeasuredWith: AI_MEASURE_VERSION });
    // Unwrapped, the words are still Marin's.
    expect((await save(WRITER + MARIN)).json()).toMatchObject({ wordCount: 20, aiShare: 0.5 });
    // Rewritten in place by the writer: theirs.
    expect((await save(WRITER + wrapped("<p>The lantern died.</p>"))).json()).toMatchObject({
      wordCount: 13,
      aiShare: 0,
    });

    const emptied = await save("");
    expect(emptied.json()).toMatchObject({ wordCount: 0, aiShare: 0 });
    expect(await storedRow(id)).toMatchObject({ wordCount: 0, aiWordCount: 0 });
  });

  it("counts uncounted rows in the background job; a save landing first keeps its own counts", async () => {
    const { db } = ctx().database;
    const { user, headers } = await signIn();
    const old = await createStory(db, { authorId: user.id, content: WRITER + wrapped(MARIN) });
    const raced = await createStory(db, { authorId: user.id, content: WRITER });
    expect(old.wordCount).toBeNull();
    // Read before counting: the view counts it on the fly (by the wrappers, as it was stored).
    const view = await send(ctx().app, "GET", `/api/stories/${old.id}`, undefined, headers);
    expect(view.json()).toMatchObject({ wordCount: 20, aiShare: 0.5 });

    // A job run read `raced` at its version, then a save landed before the job wrote.
    const saved = await send(ctx().app, "PATCH", `/api/stories/${raced.id}`, { content: "<p>New words.</p>" }, headers);
    expect(saved.statusCode).toBe(200);
    expect(await storeWordCounts(db, [{ id: raced.id, version: raced.version, wordCount: 10, aiWordCount: 0 }])).toBe(
      0,
    );
    expect(await storedRow(raced.id)).toMatchObject({ wordCount: 2, aiWordCount: 0 });

    expect(await countUncountedStories(db, { batchSize: 1 })).toBeGreaterThanOrEqual(1);
    expect(await storedRow(old.id)).toMatchObject({ wordCount: 20, aiWordCount: 10, version: old.version });
    expect(await countUncountedStories(db)).toBe(0);
  });

  it("publishing a story from before fingerprints keeps its wrapped words as Marin's, even unwrapped later", async () => {
    const { db } = ctx().database;
    const { user, headers } = await signIn();
    const old = await createStory(db, { authorId: user.id, content: WRITER + wrapped(MARIN), sanitizedWith: 1 });
    const published = await send(
      ctx().app,
      "POST",
      `/api/stories/${old.id}/publish`,
      { title: "T", description: "D", tags: [] },
      headers,
    );
    expect(published.statusCode).toBe(200);
    expect(await storedRow(old.id)).toMatchObject({ wordCount: 20, aiWordCount: 10, aiMeasuredWith: 1 });
    const unwrapped = await send(ctx().app, "PATCH", `/api/stories/${old.id}`, { content: WRITER + MARIN }, headers);
    expect(unwrapped.json()).toMatchObject({ wordCount: 20, aiShare: 0.5 });
  });

  it("a first save that drops the wrappers of a story from before fingerprints keeps them as Marin's", async () => {
    const { db } = ctx().database;
    const { user, headers } = await signIn();
    const content = WRITER + wrapped(MARIN);
    const old = await createStory(db, { authorId: user.id, content, ...countStoryWords(content) });
    expect(old).toMatchObject({ aiWordCount: 10, aiMeasuredWith: 0 });
    const res = await send(ctx().app, "PATCH", `/api/stories/${old.id}`, { content: WRITER + MARIN }, headers);
    expect(res.json()).toMatchObject({ wordCount: 20, aiShare: 0.5 });
  });

  it("cleaning a story again under a new allowlist measures it, never falling back to the wrappers", async () => {
    const { db } = ctx().database;
    const { user } = await signIn();
    const text = "The lantern flickered once, twice, and then the door opened.";
    await recordFingerprint(db, { userId: user.id, storyId: null, kind: "generate", text });
    // Measured before, unwrapped, stored under an older allowlist.
    const story = await createStory(db, {
      authorId: user.id,
      content: WRITER + MARIN,
      sanitizedWith: 1,
      wordCount: 20,
      aiWordCount: 10,
      aiMeasuredWith: AI_MEASURE_VERSION,
    });
    expect(await resanitizeStories(db)).toBeGreaterThanOrEqual(1);
    expect(await storedRow(story.id)).toMatchObject({ wordCount: 20, aiWordCount: 10 });
  });
});
