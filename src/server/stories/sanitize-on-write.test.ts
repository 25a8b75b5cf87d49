// Story HTML is cleaned when written and served as stored; rows cleaned with an older allowlist are cleaned on
// read until resanitizeStories has stored them clean.
import { eq, lt } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { resanitizeStories, storeCleanedContent } from "./resanitize-stories";
import { SANITIZER_VERSION, sanitizeContent } from "../content/sanitize-content";

// The real sanitizer, watched: a read of a current row must not run it.
vi.mock("../content/sanitize-content", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../content/sanitize-content")>();
  return { ...actual, sanitizeContent: vi.fn(actual.sanitizeContent) };
});
const sanitizer = vi.mocked(sanitizeContent);

const DIRTY = '<p onclick="x()">Kept</p><img src=x onerror="alert(1)"><script>alert(1)</script>';
const CLEAN = "<p>Kept</p>";
const SCENE_BREAK = "<p>Night fell.</p><hr><p>Morning came.</p>";

describeEachDb("stories: sanitized on write, served as stored", (ctx) => {
  const signIn = () => createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
  const storedRow = async (id: number) =>
    (await ctx().database.db.select().from(stories).where(eq(stories.id, id)))[0]!;

  beforeEach(() => sanitizer.mockClear());

  it("takes control characters out of saved text, typed or as character references", async () => {
    const { headers } = await signIn();
    const created = await send(ctx().app, "POST", "/api/stories", { title: "T", content: "<p>x</p>" }, headers);
    const content = "<h2>Chapter\u0001 One&#2;</h2><p>A\u0007 line&#x1f; kept\ttabbed</p>";
    const saved = await send(ctx().app, "PATCH", `/api/stories/${created.json().id}`, { content }, headers);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await storedRow(created.json().id)).content).toBe("<h2>Chapter One</h2><p>A line kept\ttabbed</p>");
  });

  it("stores created and saved content cleaned, with the allowlist version", async () => {
    const { headers } = await signIn();
    const created = await send(ctx().app, "POST", "/api/stories", { title: "T", content: DIRTY }, headers);
    expect(created.statusCode).toBe(201);
    expect(await storedRow(created.json().id)).toMatchObject({ content: CLEAN, sanitizedWith: SANITIZER_VERSION });

    const raw = await createStory(ctx().database.db, { authorId: (await storedRow(created.json().id)).authorId });
    expect(raw.sanitizedWith).toBe(0);
    const saved = await send(ctx().app, "PATCH", `/api/stories/${raw.id}`, { content: `${DIRTY}<p>2</p>` }, headers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().content).toBe(`${CLEAN}<p>2</p>`);
    expect(await storedRow(raw.id)).toMatchObject({ content: `${CLEAN}<p>2</p>`, sanitizedWith: SANITIZER_VERSION });
  });

  it("keeps scene breaks (<hr>) through write, read and re-sanitizing", async () => {
    const { headers } = await signIn();
    const created = await send(ctx().app, "POST", "/api/stories", { title: "T", content: SCENE_BREAK }, headers);
    const expected = "<p>Night fell.</p><hr /><p>Morning came.</p>";
    expect(created.json().content).toBe(expected);
    const read = await send(ctx().app, "GET", `/api/stories/${created.json().id}`, undefined, headers);
    expect(read.json().content).toBe(expected);
    const old = await createStory(ctx().database.db, { content: SCENE_BREAK });
    await resanitizeStories(ctx().database.db);
    expect((await storedRow(old.id)).content).toBe(expected);
  });

  it("serves a current row as stored, without running the sanitizer", async () => {
    const { user, headers } = await signIn();
    const story = await createStory(ctx().database.db, {
      authorId: user.id,
      content: "<p>Clean already.</p>",
      sanitizedWith: SANITIZER_VERSION,
    });
    sanitizer.mockClear();
    const res = await send(ctx().app, "GET", `/api/stories/${story.id}`, undefined, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe("<p>Clean already.</p>");
    expect(sanitizer).not.toHaveBeenCalled();
  });

  it("cleans a raw row from an older allowlist on read, before the background job has run", async () => {
    const { user, headers } = await signIn();
    const story = await createStory(ctx().database.db, { authorId: user.id, content: DIRTY, sanitizedWith: 0 });
    const res = await send(ctx().app, "GET", `/api/stories/${story.id}`, undefined, headers);
    expect(res.json().content).toBe(CLEAN);
    expect(sanitizer).toHaveBeenCalledTimes(1);
    // Reading does not write: the row waits for resanitizeStories.
    expect((await storedRow(story.id)).content).toBe(DIRTY);
  });

  it("resanitizeStories cleans every stale row in batches and answers how many", async () => {
    const { db } = ctx().database;
    const author = await signIn();
    const raw = [];
    for (let i = 0; i < 5; i++) raw.push(await createStory(db, { authorId: author.user.id, content: `${DIRTY}${i}` }));
    const stale = await db.select({ id: stories.id }).from(stories).where(lt(stories.sanitizedWith, SANITIZER_VERSION));

    expect(await resanitizeStories(db, { batchSize: 2 })).toBe(stale.length);
    for (const [i, story] of raw.entries()) {
      const row = await storedRow(story.id);
      expect(row).toMatchObject({ content: `${CLEAN}${i}`, sanitizedWith: SANITIZER_VERSION, version: story.version });
      expect(row.updatedAt).toEqual(story.updatedAt);
    }
    expect(await resanitizeStories(db, { batchSize: 2 })).toBe(0);

    // Now current, the rows are served without the sanitizer.
    sanitizer.mockClear();
    const res = await send(ctx().app, "GET", `/api/stories/${raw[0]!.id}`, undefined, author.headers);
    expect(res.json().content).toBe(`${CLEAN}0`);
    expect(sanitizer).not.toHaveBeenCalled();
  });

  it("never overwrites a save that landed after the row was read", async () => {
    const { db } = ctx().database;
    const { user, headers } = await signIn();
    const story = await createStory(db, { authorId: user.id, content: DIRTY });
    // The background job read the row; then the author saves before the job writes.
    const saved = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { content: "<p>New</p>" }, headers);
    expect(saved.statusCode).toBe(200);
    const late = { ...story, content: sanitizeContent(story.content) };
    expect(await storeCleanedContent(db, [late])).toBe(0);
    expect(await storedRow(story.id)).toMatchObject({ content: "<p>New</p>", version: story.version + 1 });
  });

  it("stores a stale story's content cleaned when it is published", async () => {
    const { user, headers } = await signIn();
    const story = await createStory(ctx().database.db, { authorId: user.id, content: DIRTY });
    const body = { title: "Out now", description: "A story.", tags: [] };
    const res = await send(ctx().app, "POST", `/api/stories/${story.id}/publish`, body, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe(CLEAN);
    expect(await storedRow(story.id)).toMatchObject({ content: CLEAN, sanitizedWith: SANITIZER_VERSION });
  });
});
