import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { comments, stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { STORY_NOT_FOUND } from "../stories/story-queries";

describeEachDb("reading: the author's Feedback panel", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string, body?: unknown) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});
  const post = (storyId: number, cookie: string, content: string, parentId?: number) =>
    call("POST", `/api/stories/${storyId}/comments`, cookie, { content, parentId });
  const published = (overrides = {}) => createStory(db(), { published: true, publishedAt: new Date(), ...overrides });
  const user = () => createVerifiedUserWithSession(db());
  const feedback = async (storyId: number, cookie: string, query = "") =>
    (await call("GET", `/api/stories/${storyId}/feedback${query}`, cookie)).json();
  const unseen = async (cookie: string) => (await call("GET", "/api/feedback/unseen", cookie)).json().counts;
  const seen = (storyId: number, cookie: string, throughId: number) =>
    call("POST", `/api/stories/${storyId}/feedback/seen`, cookie, { throughId });

  it("counts others' comments not yet shown, per story, and marks them seen", async () => {
    const author = await user();
    const story = await published({ authorId: author.user.id });
    await published({ authorId: author.user.id });
    const reader = await user();
    const first = (await post(story.id, reader.cookie, "one")).json();
    await post(story.id, author.cookie, "my own note");
    await post(story.id, reader.cookie, "two", first.id);
    const gone = (await post(story.id, reader.cookie, "three")).json();
    await call("DELETE", `/api/comments/${gone.id}`, reader.cookie);
    expect(await unseen(author.cookie)).toEqual({ [story.id]: 2 });
    expect(await unseen(reader.cookie)).toEqual({});

    const page = await feedback(story.id, author.cookie);
    expect(page.unseen).toBe(2);
    expect(page.items.map((c: { content: string }) => c.content)).toEqual(["two", "my own note", "one"]);
    expect(page.items[0]).toMatchObject({ replyTo: { username: reader.user.username }, canDelete: true });
    expect(page.items[1]).toMatchObject({ byStoryAuthor: true, replyTo: null });
    expect((await seen(story.id, author.cookie, page.items[0].id)).statusCode).toBe(204);
    expect(await unseen(author.cookie)).toEqual({});

    // A mark past the newest comment stops at it, so later comments still count; it never moves back.
    expect((await seen(story.id, author.cookie, 2_000_000_000)).statusCode).toBe(204);
    await post(story.id, reader.cookie, "four");
    expect(await unseen(author.cookie)).toEqual({ [story.id]: 1 });
    await seen(story.id, author.cookie, 1);
    expect((await feedback(story.id, author.cookie)).unseen).toBe(1);
  });

  it("pages 120 comments newest first with a cursor, never repeating one", async () => {
    const author = await user();
    const story = await published({ authorId: author.user.id });
    const reader = await user();
    await db()
      .insert(comments)
      .values(
        Array.from({ length: 120 }, (_, i) => ({ storyId: story.id, authorId: reader.user.id, content: `#${i}` })),
      );
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await feedback(story.id, author.cookie, `?limit=50${cursor ? `&cursor=${cursor}` : ""}`);
      if (pages === 0) await post(story.id, reader.cookie, "arrives meanwhile");
      ids.push(...page.items.map((c: { id: number }) => c.id));
      expect(page.unseen).toBe(pages === 0 ? 120 : 121);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(ids).toHaveLength(120);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(120);
  });

  it("is the author's alone: 404 for another's story, 401 signed out, 400 for a bad cursor or mark", async () => {
    const author = await user();
    const story = await published({ authorId: author.user.id });
    const other = await user();
    for (const res of [
      await call("GET", `/api/stories/${story.id}/feedback`, other.cookie),
      await seen(story.id, other.cookie, 1),
      await call("GET", "/api/stories/abc/feedback", author.cookie),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: STORY_NOT_FOUND });
    }
    expect((await call("GET", `/api/stories/${story.id}/feedback`)).statusCode).toBe(401);
    expect((await call("GET", "/api/feedback/unseen")).statusCode).toBe(401);
    expect((await call("GET", `/api/stories/${story.id}/feedback?cursor=x1`, author.cookie)).statusCode).toBe(400);
    expect((await seen(story.id, author.cookie, -1)).statusCode).toBe(400);
  });

  it("still shows the comments of an unpublished story to its author", async () => {
    const author = await user();
    const story = await published({ authorId: author.user.id });
    await post(story.id, (await user()).cookie, "before it went dark");
    await db().update(stories).set({ published: false }).where(eq(stories.id, story.id));
    expect((await feedback(story.id, author.cookie)).items).toHaveLength(1);
    expect(await unseen(author.cookie)).toEqual({ [story.id]: 1 });
  });
  it("pages through 2,000 comments in both the Feedback panel and the reader, a bounded page at a time", async () => {
    const author = await user();
    const story = await published({ authorId: author.user.id });
    const reader = await user();
    await db().execute(sql`
      insert into comments (content, story_id, author_id)
      select 'comment ' || n, ${story.id}, ${reader.user.id} from generate_series(1, 2000) as n`);
    await db().update(stories).set({ commentCount: 2000 }).where(eq(stories.id, story.id));

    const collect = async (first: string, next: (cursor: string) => string, cookie: string) => {
      const seenIds = new Set<number>();
      let pages = 0;
      for (let url: string | null = first; url; pages++) {
        const page: { items: { id: number }[]; nextCursor: string | null } = (await call("GET", url, cookie)).json();
        expect(page.items.length).toBeLessThanOrEqual(50);
        for (const item of page.items) seenIds.add(item.id);
        url = page.nextCursor ? next(page.nextCursor) : null;
      }
      return { count: seenIds.size, pages };
    };
    const panel = await collect(
      `/api/stories/${story.id}/feedback`,
      (c) => `/api/stories/${story.id}/feedback?cursor=${c}`,
      author.cookie,
    );
    expect(panel).toEqual({ count: 2000, pages: 100 });
    const readerPages = await collect(
      `/api/stories/${story.id}/comments?limit=50`,
      (c) => `/api/stories/${story.id}/comments?limit=50&cursor=${c}`,
      reader.cookie,
    );
    expect(readerPages).toEqual({ count: 2000, pages: 40 });
  });
});
