import { expect, it } from "vitest";
import { publicStoryPath } from "../../shared/schemas/reading";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession } from "../test/factories";
import { STORY_NOT_PUBLISHED } from "../policies/visibility";
import { UNTAGGED } from "../../shared/tagging";

describeEachDb("reading: GET /api/stories/{id}/read and who may read", (ctx) => {
  const db = () => ctx().database.db;
  const read = (id: number | string, cookie?: string) =>
    send(ctx().app, "GET", `/api/stories/${id}/read`, undefined, cookie ? { cookie } : {});
  const post = (url: string, cookie: string, body?: unknown) => send(ctx().app, "POST", url, body, { cookie });
  const publishedAt = new Date("2026-01-02T03:04:05.000Z");

  it("answers the reader's view with every field", async () => {
    const author = await createUser(db(), { username: "quill" });
    const story = await createStory(db(), {
      authorId: author.id,
      title: "Moon & Tide",
      description: "Waves.",
      content: "<p>One two three four.</p><script>alert(1)</script>",
      sanitizedWith: 0,
      published: true,
      publishedAt,
      fandoms: "Naruto, Bleach ,Naruto",
      moods: { romance: 60 },
      tags: ["Romance", "Magic"],
      likeCount: 3,
      commentCount: 2,
      wordCount: 4,
      aiWordCount: 1,
    });
    const res = await read(story.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: story.id,
      title: "Moon & Tide",
      description: "Waves.",
      content: "<p>One two three four.</p>",
      coverImage: null,
      authorId: author.id,
      author: { username: "quill" },
      coCreators: [],
      tags: ["Magic", "Romance"],
      fandoms: ["Naruto", "Bleach"],
      moods: { romance: 60 },
      rating: "general",
      ...UNTAGGED,
      likeCount: 3,
      commentCount: 2,
      wordCount: 4,
      aiShare: 0.25,
      aiLabel: "assisted",
      audience: "everyone",
      language: "en",
      publishedAt: publishedAt.toISOString(),
      updatedAt: story.updatedAt.toISOString(),
      publicPath: publicStoryPath(story.id, "Moon & Tide"),
      readerBackground: null,
      // Written straight to the table (not through publish): its chapters wait for the record-chapters job.
      chapters: [],
      lastChapterAt: null,
      series: [],
      liked: false,
      bookmarked: false,
    });
  });

  it("carries the viewer's own like and bookmark, and the new count", async () => {
    const story = await createStory(db(), { published: true, publishedAt });
    const reader = await createVerifiedUserWithSession(db());
    const other = await createVerifiedUserWithSession(db());
    expect((await post(`/api/stories/${story.id}/like`, reader.cookie)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await read(story.id, reader.cookie)).json()).toMatchObject({
      liked: true,
      bookmarked: false,
      likeCount: 1,
    });
    await post(`/api/stories/${story.id}/bookmark`, reader.cookie);
    expect((await read(story.id, reader.cookie)).json()).toMatchObject({ liked: true, bookmarked: true });
    expect((await read(story.id, other.cookie)).json()).toMatchObject({
      liked: false,
      bookmarked: false,
      likeCount: 1,
    });
    expect((await read(story.id)).json()).toMatchObject({ liked: false, bookmarked: false });
  });

  it("404s an unpublished story to everyone, its author included", async () => {
    const author = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: author.user.id });
    const stranger = await createVerifiedUserWithSession(db(), { isPremium: true });
    for (const cookie of [undefined, author.cookie, stranger.cookie]) {
      const res = await read(story.id, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: STORY_NOT_PUBLISHED });
    }
    expect((await read(999_999_999)).statusCode).toBe(404);
    expect((await read("abc")).json()).toMatchObject({ message: STORY_NOT_PUBLISHED });
  });

  it("shows a mature story only to premium users and its author, and gives it no public path", async () => {
    const author = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: author.user.id, published: true, publishedAt, rating: "mature" });
    const free = await createVerifiedUserWithSession(db());
    const premium = await createVerifiedUserWithSession(db(), { isPremium: true });
    for (const cookie of [undefined, free.cookie]) {
      const res = await read(story.id, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: STORY_NOT_PUBLISHED });
    }
    for (const cookie of [premium.cookie, author.cookie]) {
      const res = await read(story.id, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ rating: "mature", publicPath: null });
    }
  });
});

describeEachDb("reading: the read view through a byte cache", (ctx) => {
  const db = () => ctx().database.db;
  const read = (id: number, cookie?: string) =>
    send(ctx().app, "GET", `/api/stories/${id}/read`, undefined, cookie ? { cookie } : {});

  it("builds the shared bytes once and splices each viewer's own flags into them", async () => {
    const bytes = new Map<string, Buffer>();
    let builds = 0;
    // A stand-in for the cache engineer's: keeps the built JSON as bytes with an ETag and sends the bytes.
    ctx().app.readCache.send = async (_request, reply, key, build) => {
      let body = bytes.get(key);
      if (!body) {
        builds++;
        body = Buffer.from(JSON.stringify(await build()));
        bytes.set(key, body);
      }
      return reply.header("content-type", "application/json").header("etag", `"${key}"`).send(body);
    };
    const story = await createStory(db(), { published: true, publishedAt: new Date() });
    const liker = await createVerifiedUserWithSession(db());
    const other = await createVerifiedUserWithSession(db());
    await send(ctx().app, "POST", `/api/stories/${story.id}/like`, undefined, { cookie: liker.cookie });

    const first = await read(story.id, liker.cookie);
    expect(first.json()).toMatchObject({ id: story.id, liked: true, bookmarked: false });
    expect(first.headers.etag).toBe(`"read:${story.id}-10"`);
    const second = await read(story.id, other.cookie);
    expect(second.json()).toMatchObject({ id: story.id, liked: false, bookmarked: false });
    expect(second.headers.etag).toBe(`"read:${story.id}"`);
    expect((await read(story.id)).json()).toMatchObject({ liked: false });
    expect(builds).toBe(1);
  });
});
