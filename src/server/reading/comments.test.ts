import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { COMMENT_LIMITS } from "../../shared/schemas/reading";
import { comments, stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { COMMENT_DELETE_REFUSED, COMMENTING_TOO_FAST, COMMENTS_DAILY_LIMIT } from "./comments";
import { STORY_NOT_PUBLISHED } from "../policies/visibility";

describeEachDb("reading: comments", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string, body?: unknown) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});
  const comment = (storyId: number, cookie: string, content: string) =>
    call("POST", `/api/stories/${storyId}/comments`, cookie, { content });
  const published = (overrides = {}) => createStory(db(), { published: true, publishedAt: new Date(), ...overrides });
  const reader = (overrides = {}) => createVerifiedUserWithSession(db(), overrides);
  async function commentCount(storyId: number) {
    const [row] = await db().select({ n: stories.commentCount }).from(stories).where(eq(stories.id, storyId));
    return row!.n;
  }

  it("stores plain text trimmed, answers it with its author, and counts it", async () => {
    const story = await published();
    const { user, cookie } = await reader();
    const res = await comment(story.id, cookie, "  <b>Loved\u0007 it</b> & more  ");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      content: "<b>Loved it</b> & more",
      createdAt: ctx().clock.now().toISOString(),
      author: { id: user.id, username: user.username },
      parentId: null,
      byStoryAuthor: false,
      editedAt: null,
      deleted: false,
      canDelete: true,
      canEdit: true,
      awaitingReview: false,
    });
    expect(await commentCount(story.id)).toBe(1);
    const page = await call("GET", `/api/stories/${story.id}/comments`);
    expect(page.json()).toMatchObject({ items: [{ content: "<b>Loved it</b> & more", canDelete: false }], total: 1 });
  });

  it.each([
    ["an empty comment", "", "Comment cannot be empty"],
    ["a comment of whitespace", " \n\t ", "Comment cannot be empty"],
    ["a comment of control characters", " \u0007\u001b ", "Comment cannot be empty"],
    ["5001 characters", "x".repeat(COMMENT_LIMITS.max + 1), "Comment must be at most 5000 characters"],
  ])("refuses %s", async (_name, content, message) => {
    const story = await published();
    const { cookie } = await reader();
    const res = await comment(story.id, cookie, content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { content: message } });
    expect(await commentCount(story.id)).toBe(0);
  });

  it("takes exactly 5000 characters, and 5000 around spaces", async () => {
    const story = await published();
    const { cookie } = await reader();
    expect((await comment(story.id, cookie, "y".repeat(5000))).statusCode).toBe(201);
    expect((await comment(story.id, cookie, ` ${"z".repeat(5000)}  `)).statusCode).toBe(201);
  });

  it("asks for a session to comment or delete, not to read comments", async () => {
    const story = await published();
    expect((await call("POST", `/api/stories/${story.id}/comments`, undefined, { content: "hi" })).statusCode).toBe(
      401,
    );
    expect((await call("DELETE", "/api/comments/1")).statusCode).toBe(401);
    expect((await call("GET", `/api/stories/${story.id}/comments`)).statusCode).toBe(200);
  });

  it("limits a user to 5 comments a minute and 100 a day, with Retry-After", async () => {
    const story = await published();
    // An account older than a day: a new one's limit of 10 an hour (moderation/new-account-limits.ts) comes first.
    const { cookie } = await createVerifiedUserWithSession(ctx().database.db, {
      createdAt: new Date(ctx().clock.now().getTime() - 2 * 86_400_000),
    });
    for (let i = 0; i < 5; i++) expect((await comment(story.id, cookie, `c${i}`)).statusCode).toBe(201);
    const sixth = await comment(story.id, cookie, "one too many");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ message: COMMENTING_TOO_FAST, code: "RATE_LIMITED" });
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(sixth.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(await commentCount(story.id)).toBe(5);
    // Another user is not held back.
    expect((await comment(story.id, (await reader()).cookie, "me too")).statusCode).toBe(201);

    for (let minute = 1; minute < 20; minute++) {
      ctx().clock.advance(61_000);
      for (let i = 0; i < 5; i++) expect((await comment(story.id, cookie, `m${minute}-${i}`)).statusCode).toBe(201);
    }
    ctx().clock.advance(61_000);
    const daily = await comment(story.id, cookie, "the 101st");
    expect(daily.statusCode).toBe(429);
    expect(daily.json()).toMatchObject({ message: COMMENTS_DAILY_LIMIT });
    expect(Number(daily.headers["retry-after"])).toBeGreaterThan(60);
    expect(await commentCount(story.id)).toBe(101);
  });

  it("pages oldest first with a cursor, stable while comments are added", async () => {
    const story = await published();
    const writers = await Promise.all([reader(), reader(), reader()]);
    for (let i = 0; i < 7; i++) await comment(story.id, writers[i % 3]!.cookie, `#${i}`);
    const page = async (cursor?: string) =>
      (await call("GET", `/api/stories/${story.id}/comments?limit=3${cursor ? `&cursor=${cursor}` : ""}`)).json();
    const first = await page();
    expect(first.items.map((c: { content: string }) => c.content)).toEqual(["#0", "#1", "#2"]);
    expect(first.total).toBe(7);
    await comment(story.id, writers[0]!.cookie, "#7");
    const second = await page(first.nextCursor);
    expect(second.items.map((c: { content: string }) => c.content)).toEqual(["#3", "#4", "#5"]);
    const third = await page(second.nextCursor);
    expect(third).toMatchObject({ items: [{ content: "#6" }, { content: "#7" }], nextCursor: null, total: 8 });
    expect((await call("GET", `/api/stories/${story.id}/comments?cursor=abc`)).statusCode).toBe(400);
  });

  it.each([
    ["an unpublished story", { published: false }],
    ["a mature story, to a free user", { rating: "mature" }],
  ])("404s reading and writing comments on %s", async (_name, overrides) => {
    const story = await published(overrides);
    const { cookie } = await reader();
    for (const res of [
      await call("GET", `/api/stories/${story.id}/comments`, cookie),
      await call("GET", `/api/stories/${story.id}/comments`),
      await comment(story.id, cookie, "hello"),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: STORY_NOT_PUBLISHED });
    }
    expect(await commentCount(story.id)).toBe(0);
  });

  it("lets the comment's author and the story's author delete, nobody else", async () => {
    const storyAuthor = await reader();
    const story = await published({ authorId: storyAuthor.user.id });
    const commenter = await reader();
    const third = await reader();
    const otherAuthor = await reader();
    await published({ authorId: otherAuthor.user.id });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await comment(story.id, commenter.cookie, `c${i}`)).json().id);

    const list = await call("GET", `/api/stories/${story.id}/comments`, storyAuthor.cookie);
    expect(list.json().items.map((c: { canDelete: boolean }) => c.canDelete)).toEqual([true, true, true]);
    const seen = await call("GET", `/api/stories/${story.id}/comments`, third.cookie);
    expect(seen.json().items.map((c: { canDelete: boolean }) => c.canDelete)).toEqual([false, false, false]);

    for (const other of [third, otherAuthor]) {
      const res = await call("DELETE", `/api/comments/${ids[0]}`, other.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: COMMENT_DELETE_REFUSED });
    }
    expect(await commentCount(story.id)).toBe(3);
    expect((await call("DELETE", `/api/comments/${ids[0]}`, commenter.cookie)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/comments/${ids[1]}`, storyAuthor.cookie)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/comments/${ids[1]}`, storyAuthor.cookie)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/comments/abc", storyAuthor.cookie)).statusCode).toBe(404);
    expect(await commentCount(story.id)).toBe(1);
    const left = await db().select({ id: comments.id }).from(comments).where(eq(comments.storyId, story.id));
    expect(left.map((c) => c.id)).toEqual([ids[2]]);
  });

  it("hides a comment on a story one may not read behind 404, and lets its writers still delete", async () => {
    const storyAuthor = await reader();
    const story = await published({ authorId: storyAuthor.user.id });
    const commenter = await reader();
    const stranger = await reader();
    const a = (await comment(story.id, commenter.cookie, "a")).json().id;
    const b = (await comment(story.id, commenter.cookie, "b")).json().id;
    await db().update(stories).set({ published: false }).where(eq(stories.id, story.id));
    expect((await call("DELETE", `/api/comments/${a}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/comments/${a}`, commenter.cookie)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/comments/${b}`, storyAuthor.cookie)).statusCode).toBe(204);
    expect(await commentCount(story.id)).toBe(0);
  });

  it("keeps the count exact under concurrent posts and a double delete", async () => {
    const story = await published();
    const writers = await Promise.all(Array.from({ length: 10 }, () => reader()));
    const posted = await Promise.all(writers.map((w, i) => comment(story.id, w.cookie, `w${i}`)));
    expect(posted.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(await commentCount(story.id)).toBe(10);
    const id = posted[0]!.json().id;
    const deletes = await Promise.all([1, 2].map(() => call("DELETE", `/api/comments/${id}`, writers[0]!.cookie)));
    expect(deletes.every((r) => r.statusCode === 204 || r.statusCode === 404)).toBe(true);
    expect(await commentCount(story.id)).toBe(9);
  });
});
