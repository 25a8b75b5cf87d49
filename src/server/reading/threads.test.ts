import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { comments, stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { COMMENT_EDIT_REFUSED, COMMENT_NOT_FOUND } from "./comments";

describeEachDb("reading: comment threads, deletion and editing", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie?: string, body?: unknown) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});
  const post = (storyId: number, cookie: string, content: string, parentId?: unknown) =>
    call("POST", `/api/stories/${storyId}/comments`, cookie, { content, parentId });
  const list = async (storyId: number, cookie?: string) =>
    (await call("GET", `/api/stories/${storyId}/comments`, cookie)).json();
  const published = (overrides = {}) => createStory(db(), { published: true, publishedAt: new Date(), ...overrides });
  const user = () => createVerifiedUserWithSession(db());
  const rowsOf = (storyId: number) =>
    db().select({ id: comments.id }).from(comments).where(eq(comments.storyId, storyId)).orderBy(comments.id);
  async function commentCount(storyId: number) {
    const [row] = await db().select({ n: stories.commentCount }).from(stories).where(eq(stories.id, storyId));
    return row!.n;
  }
  async function thread() {
    const author = await user();
    const story = await published({ authorId: author.user.id });
    const reader = await user();
    const top = (await post(story.id, reader.cookie, "Loved it")).json();
    const answer = (await post(story.id, author.cookie, "Thank you!", top.id)).json();
    return { author, story, reader, top, answer };
  }

  it("stores a reply under its parent, with the Author badge on the story author's own words", async () => {
    const { story, reader, top, answer } = await thread();
    const deeper = await post(story.id, reader.cookie, "More please", answer.id);
    expect(deeper.statusCode).toBe(201);
    expect(answer).toMatchObject({ parentId: top.id, byStoryAuthor: true, content: "Thank you!" });
    const items = (await list(story.id)).items;
    expect(
      items.map((c: { parentId: number | null; byStoryAuthor: boolean }) => [c.parentId, c.byStoryAuthor]),
    ).toEqual([
      [null, false],
      [top.id, true],
      [answer.id, false],
    ]);
    expect(await commentCount(story.id)).toBe(3);
  });

  it("404s a reply to another story's comment, a deleted one or none, taking no allowance", async () => {
    const { story, reader, top } = await thread();
    const other = await published();
    const elsewhere = (await post(other.id, reader.cookie, "elsewhere")).json();
    const gone = (await post(story.id, reader.cookie, "gone")).json();
    expect((await call("DELETE", `/api/comments/${gone.id}`, reader.cookie)).statusCode).toBe(204);
    // Two of the reader's five a minute are used; three refusals must not use the rest.
    for (const parentId of [elsewhere.id, gone.id, 999_999]) {
      const res = await post(story.id, reader.cookie, "reply", parentId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: COMMENT_NOT_FOUND });
    }
    expect((await post(story.id, reader.cookie, "still allowed", top.id)).statusCode).toBe(201);
    expect((await post(story.id, reader.cookie, "and one more", top.id)).statusCode).toBe(201);
  });

  it.each([
    ["a string", "12"],
    ["a negative id", -1],
    ["a fraction", 1.5],
    ["zero", 0],
  ])("refuses a parentId that is %s with a 400 naming the rule", async (_name, parentId) => {
    const { story, reader } = await thread();
    const res = await post(story.id, reader.cookie, "reply", parentId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { parentId: "Invalid parent comment" } });
  });

  it("leaves '[deleted]' for a comment with replies, and removes it with its last reply", async () => {
    const { author, story, reader, top, answer } = await thread();
    expect((await call("DELETE", `/api/comments/${top.id}`, reader.cookie)).statusCode).toBe(204);
    const [placeholder, kept] = (await list(story.id)).items;
    expect(placeholder).toMatchObject({ id: top.id, deleted: true, content: "", author: null, canDelete: false });
    expect(kept).toMatchObject({ id: answer.id, parentId: top.id });
    expect(await commentCount(story.id)).toBe(1);
    expect((await call("DELETE", `/api/comments/${top.id}`, author.cookie)).statusCode).toBe(404);
    expect((await call("PATCH", `/api/comments/${top.id}`, reader.cookie, { content: "back" })).statusCode).toBe(404);
    expect((await post(story.id, reader.cookie, "to nothing", top.id)).statusCode).toBe(404);

    expect((await call("DELETE", `/api/comments/${answer.id}`, author.cookie)).statusCode).toBe(204);
    expect(await rowsOf(story.id)).toEqual([]);
    expect(await commentCount(story.id)).toBe(0);
  });

  it("removes a comment without replies outright, and a chain of emptied placeholders", async () => {
    const { author, story, reader, top, answer } = await thread();
    const leaf = (await post(story.id, reader.cookie, "leaf", answer.id)).json();
    const lone = (await post(story.id, reader.cookie, "lone")).json();
    expect((await call("DELETE", `/api/comments/${lone.id}`, reader.cookie)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/comments/${top.id}`, author.cookie)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/comments/${answer.id}`, author.cookie)).statusCode).toBe(204);
    expect((await rowsOf(story.id)).map((r) => r.id)).toEqual([top.id, answer.id, leaf.id]);
    expect((await call("DELETE", `/api/comments/${leaf.id}`, reader.cookie)).statusCode).toBe(204);
    expect(await rowsOf(story.id)).toEqual([]);
    expect(await commentCount(story.id)).toBe(0);
  });

  it("lets only a comment's author edit it, marked edited", async () => {
    const { author, story, reader, top } = await thread();
    const stranger = await user();
    ctx().clock.advance(5_000);
    const res = await call("PATCH", `/api/comments/${top.id}`, reader.cookie, { content: "  Loved it\u0007 twice " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: top.id,
      content: "Loved it twice",
      editedAt: ctx().clock.now().toISOString(),
      canEdit: true,
    });
    for (const other of [author, stranger]) {
      const refused = await call("PATCH", `/api/comments/${top.id}`, other.cookie, { content: "mine now" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: COMMENT_EDIT_REFUSED });
    }
    const [shown] = (await list(story.id, author.cookie)).items;
    expect(shown).toMatchObject({ content: "Loved it twice", canEdit: false, canDelete: true });
    expect((await call("PATCH", `/api/comments/${top.id}`, undefined, { content: "x" })).statusCode).toBe(401);
    expect((await call("PATCH", "/api/comments/abc", reader.cookie, { content: "x" })).statusCode).toBe(404);
    await db().update(stories).set({ published: false }).where(eq(stories.id, story.id));
    expect((await call("PATCH", `/api/comments/${top.id}`, stranger.cookie, { content: "x" })).statusCode).toBe(404);
  });

  it.each([
    ["empty", " ", "Comment cannot be empty"],
    ["5001 characters", "x".repeat(5001), "Comment must be at most 5000 characters"],
  ])("refuses an edit that is %s, naming the rule", async (_name, content, message) => {
    const { story, reader, top } = await thread();
    const res = await call("PATCH", `/api/comments/${top.id}`, reader.cookie, { content });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { content: message } });
    expect((await list(story.id)).items[0]).toMatchObject({ content: "Loved it", editedAt: null });
  });
});
