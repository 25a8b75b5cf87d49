// Issue 17 section 3: chapters recorded on save and publish, in the read answer, on their own public pages.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { storyChapters } from "../db/schema";
import { publicStoryPath } from "../../shared/routes";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { recordMissingChapters, syncStoryChapters } from "./sync-chapters";

const chapter = (n: number, text = `Words of chapter ${n}.`) => `<h2>Chapter ${n}</h2><p>${text}</p>`;
const HOUR = 3_600_000;

describeEachDb("chapters", (ctx) => {
  const db = () => ctx().database.db;
  const get = (url: string, headers: Record<string, string> = {}) => send(ctx().app, "GET", url, undefined, headers);

  async function author() {
    const session = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const announced: number[][] = [];
    const story = await createStory(db(), { authorId: session.user.id, title: "The Long Road", content: chapter(1) });
    const call = (method: "PATCH" | "POST", url: string, body: unknown) =>
      send(ctx().app, method, url, body, { cookie: session.cookie });
    const save = async (content: string) => {
      ctx().deps.onNewChapters = (id, ns) => id === story.id && announced.push(ns);
      const res = await call("PATCH", `/api/stories/${story.id}`, { content });
      expect(res.statusCode).toBe(200);
    };
    const publish = async () => {
      ctx().deps.onNewChapters = (id, ns) => id === story.id && announced.push(ns);
      const res = await call("POST", `/api/stories/${story.id}/publish`, { title: "The Long Road", description: "D" });
      expect(res.statusCode).toBe(200);
    };
    const read = async () => {
      const res = await get(`/api/stories/${story.id}/read`);
      expect(res.statusCode).toBe(200);
      return res.json() as { chapters: { n: number; title: string; words: number; firstPublishedAt: string }[] } & {
        lastChapterAt: string | null;
      };
    };
    return { story, announced, save, publish, read, call, session };
  }

  it("keeps each chapter's first publication across re-saves, removals, unpublish and republish", async () => {
    const { story, announced, save, publish, read, call } = await author();
    // A draft's saves record nothing: its chapters are published when the story is.
    await save(chapter(1) + chapter(2));
    expect(announced).toEqual([]);
    const t0 = ctx().clock.now().toISOString();
    await publish();
    expect(announced).toEqual([[1, 2]]);
    let view = await read();
    expect(view.chapters).toEqual([
      { n: 1, title: "Chapter 1", words: 6, firstPublishedAt: t0 },
      { n: 2, title: "Chapter 2", words: 6, firstPublishedAt: t0 },
    ]);
    expect(view.lastChapterAt).toBe(t0);

    ctx().clock.advance(HOUR);
    const t1 = ctx().clock.now().toISOString();
    await save(chapter(1, "Edited words, more of them.") + chapter(2) + chapter(3));
    await save(chapter(1, "Edited words, more of them.") + chapter(2) + chapter(3));
    expect(announced).toEqual([[1, 2], [3]]);
    view = await read();
    expect(view.chapters.map((c) => [c.n, c.words, c.firstPublishedAt])).toEqual([
      [1, 7, t0],
      [2, 6, t0],
      [3, 6, t1],
    ]);
    expect(view.lastChapterAt).toBe(t1);

    // Cut and put back (autosave in between): gone from the list, back with its date, never announced again.
    ctx().clock.advance(HOUR);
    await save(chapter(1) + chapter(2));
    expect((await read()).chapters.map((c) => c.n)).toEqual([1, 2]);
    ctx().clock.advance(HOUR);
    await save(chapter(1) + chapter(2) + chapter(3));
    expect((await read()).chapters[2]!.firstPublishedAt).toBe(t1);

    // Unpublished, written on, published again: only the new chapter is new, dated at the new publish.
    expect((await call("POST", `/api/stories/${story.id}/unpublish`, undefined)).statusCode).toBe(200);
    await save(chapter(1) + chapter(2) + chapter(3) + chapter(4));
    ctx().clock.advance(HOUR);
    const t4 = ctx().clock.now().toISOString();
    await publish();
    expect(announced).toEqual([[1, 2], [3], [4]]);
    view = await read();
    expect(view.chapters.map((c) => c.firstPublishedAt)).toEqual([t0, t0, t1, t4]);
    expect(view.lastChapterAt).toBe(t4);
  });

  it("two saves racing for one new chapter announce it once", async () => {
    const { announced, save, publish } = await author();
    await publish();
    ctx().clock.advance(HOUR);
    await Promise.all([save(chapter(1) + chapter(2)), save(chapter(1) + chapter(2, "Other words."))]);
    expect(announced).toEqual([[1], [2]]);
  });

  it("the backfill records what a save records, skips a story that has chapters, and leaves drafts", async () => {
    const { user } = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const publishedAt = new Date("2026-01-05T06:07:08.000Z");
    const content = chapter(1) + chapter(2, "Two more words.") + chapter(3);
    const old = (title: string, published = true) =>
      createStory(db(), { authorId: user.id, title, content, published, publishedAt, wordCount: 14 });
    const [backfilled, saved, draft] = [await old("Backfilled"), await old("Saved"), await old("Draft", false)];
    await db().transaction((tx) => syncStoryChapters(tx, saved.id, ctx().clock.now(), publishedAt));
    const rows = async (storyId: number) =>
      (await db().select().from(storyChapters).where(eq(storyChapters.storyId, storyId)).orderBy(storyChapters.n)).map(
        ({ storyId: _, ...row }) => row,
      );
    const before = await rows(saved.id);
    expect(before).toHaveLength(3);

    expect(await recordMissingChapters(db(), ctx().clock.now())).toBeGreaterThanOrEqual(1);
    expect(await rows(backfilled.id)).toEqual(before);
    expect(await rows(saved.id)).toEqual(before);
    expect(await rows(draft.id)).toEqual([]);
  });

  it("a story without chapter markers is one chapter named as the story; stories from before get theirs once", async () => {
    const { db: _ } = { db: db() };
    const { user } = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const publishedAt = new Date("2026-01-02T03:04:05.000Z");
    const story = await createStory(db(), {
      authorId: user.id,
      title: "One Shot",
      content: "<p>Just a scene.</p><hr><p>And its end.</p>",
      published: true,
      publishedAt,
      wordCount: 6,
    });
    expect(await recordMissingChapters(db(), ctx().clock.now())).toBeGreaterThanOrEqual(1);
    ctx().app.readCache.invalidateStory(story.id);
    const view = (await get(`/api/stories/${story.id}/read`)).json();
    expect(view.chapters).toEqual([{ n: 1, title: "One Shot", words: 6, firstPublishedAt: publishedAt.toISOString() }]);
    expect(await recordMissingChapters(db(), ctx().clock.now())).toBe(0);
    // Its one chapter page points search engines at the story's page.
    const page = await get(`${publicStoryPath(story.id, "One Shot")}/1`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<link rel="canonical" href="http://localhost:3000${publicStoryPath(story.id, "One Shot")}">`,
    );
    expect(page.body).not.toContain('rel="next"');
  });

  it("chapter pages: text, prev/next, canonical, 301 for a wrong slug, 404 past the end, cached until an edit", async () => {
    const { story, save, publish } = await author();
    await save(chapter(1) + chapter(2, "The <em>middle</em> &amp; more.") + chapter(3));
    await publish();
    const base = publicStoryPath(story.id, "The Long Road");
    const res = await get(`${base}/2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    const html = res.body;
    expect(html).not.toContain("<script");
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${base}/2">`);
    expect(html).toContain(`<link rel="prev" href="http://localhost:3000${base}/1">`);
    expect(html).toContain(`<link rel="next" href="http://localhost:3000${base}/3">`);
    expect(html).toContain(`<a rel="prev" href="${base}/1">← Previous</a>`);
    expect(html).toContain(`<a href="${base}">Entire work</a>`);
    expect(html).toContain(`<h1><a class="storylink" href="${base}">The Long Road</a></h1>`);
    expect(html).toContain('<h2 id="chapter-1">Chapter 2</h2>');
    expect(html).toContain("<title>Chapter 2 · The Long Road by ");
    expect(html).toContain("<p>The <em>middle</em> &amp; more.</p>");
    expect(html).not.toContain("Words of chapter 1");
    expect(html).toContain("<li>Chapter 2 of 3</li>");
    expect(html).toContain(
      `<link rel="alternate" type="application/atom+xml" title="The Long Road: chapters" href="${base}/feed.atom">`,
    );
    const first = (await get(`${base}/1`)).body;
    expect(first).not.toContain('rel="prev"');
    const last = (await get(`${base}/3`)).body;
    expect(last).not.toContain('rel="next"');
    expect(last).toContain(`<link rel="prev" href="http://localhost:3000${base}/2">`);

    const moved = await get(`/s/${story.id}-wrong/3`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`${base}/3`);
    for (const path of [`${base}/4`, `${base}/0`, `${base}/01`, `${base}/x`, `/s/999999999-x/1`]) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
    // 304 on its ETag; an edit of the published story shows at once.
    expect((await get(`${base}/2`, { "if-none-match": res.headers.etag as string })).statusCode).toBe(304);
    await save(chapter(1) + chapter(2, "Rewritten.") + chapter(3));
    expect((await get(`${base}/2`)).body).toContain("<p>Rewritten.</p>");
    // The entire work links to one chapter at a time, and says when it was last updated.
    const whole = (await get(base)).body;
    expect(whole).toContain(`<a href="${base}/1">Read one chapter at a time</a>`);
    expect(whole).toMatch(/<li>Updated <time datetime="[^"]+">/);
  });

  it("mature and unpublished stories have no chapter pages", async () => {
    const { story, save, publish, call } = await author();
    await save(chapter(1) + chapter(2));
    await publish();
    const base = publicStoryPath(story.id, "The Long Road");
    expect((await get(`${base}/2`)).statusCode).toBe(200);
    const mature = await call("PATCH", `/api/stories/${story.id}`, { markedMature: true });
    expect(mature.statusCode).toBe(200);
    expect((await get(`${base}/2`)).statusCode).toBe(404);
    await call("PATCH", `/api/stories/${story.id}`, { markedMature: false });
    await call("POST", `/api/stories/${story.id}/unpublish`, undefined);
    expect((await get(`${base}/1`)).statusCode).toBe(404);
  });
});
