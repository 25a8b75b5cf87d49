import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { bookmarks, images, likes, stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { STORY_NOT_PUBLISHED } from "../policies/visibility";
import { scoreAsOf } from "./featured-score";

describeEachDb("reading: bookmarks and likes", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST", url: string, cookie?: string) =>
    send(ctx().app, method, url, undefined, cookie ? { cookie } : {});
  const published = (overrides = {}) => createStory(db(), { published: true, publishedAt: new Date(), ...overrides });
  async function counts(storyId: number) {
    const [row] = await db()
      .select({
        likeCount: stories.likeCount,
        bookmarkCount: stories.bookmarkCount,
        featuredScore: stories.featuredScore,
      })
      .from(stories)
      .where(eq(stories.id, storyId));
    return row!;
  }

  it("moves the story up Featured at once: a like weighs 1, a bookmark 2, taking them back takes it off", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const story = await published({ title: "Rising" });
    await call("POST", `/api/stories/${story.id}/like`, reader.cookie);
    await call("POST", `/api/stories/${story.id}/bookmark`, reader.cookie);
    expect(scoreAsOf((await counts(story.id)).featuredScore, ctx().clock.now())).toBeCloseTo(3, 9);
    await call("POST", `/api/stories/${story.id}/like`, reader.cookie);
    await call("POST", `/api/stories/${story.id}/bookmark`, reader.cookie);
    expect((await counts(story.id)).featuredScore).toBe(0);
  });

  it("toggles a bookmark and lists saved stories newest first with thumbnails", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const bytes = Buffer.from("x");
    await db()
      .insert(images)
      .values({ id: "cover-1", mimeType: "image/png", width: 1, height: 1, data: bytes, thumbnail: bytes });
    const older = await published({ title: "Older", coverImageId: "cover-1" });
    const newer = await published({ title: "Newer" });
    expect((await call("GET", `/api/stories/${older.id}/bookmark`, reader.cookie)).json()).toEqual({
      bookmarked: false,
    });
    expect((await call("POST", `/api/stories/${older.id}/bookmark`, reader.cookie)).json()).toEqual({
      bookmarked: true,
    });
    ctx().clock.advance(1_000);
    expect((await call("POST", `/api/stories/${newer.id}/bookmark`, reader.cookie)).json()).toEqual({
      bookmarked: true,
    });
    expect((await call("GET", `/api/stories/${older.id}/bookmark`, reader.cookie)).json()).toEqual({
      bookmarked: true,
      note: null,
      tags: [],
      rec: false,
      private: false,
    });
    const list = await call("GET", "/api/bookmarks", reader.cookie);
    expect(list.json()).toEqual([
      {
        id: newer.id,
        title: "Newer",
        coverImage: null,
        author: { username: expect.any(String) },
        aiLabel: "none",
        aiShare: 0,
        note: null,
        tags: [],
        rec: false,
        private: false,
        bookmarkedAt: expect.any(String),
      },
      {
        id: older.id,
        title: "Older",
        coverImage: "/api/images/cover-1?size=thumb",
        author: { username: expect.any(String) },
        aiLabel: "none",
        aiShare: 0,
        note: null,
        tags: [],
        rec: false,
        private: false,
        bookmarkedAt: expect.any(String),
      },
    ]);
    expect(await counts(older.id)).toMatchObject({ bookmarkCount: 1 });
    expect((await call("POST", `/api/stories/${older.id}/bookmark`, reader.cookie)).json()).toEqual({
      bookmarked: false,
    });
    expect(await counts(older.id)).toMatchObject({ bookmarkCount: 0 });
    expect((await call("GET", "/api/bookmarks", reader.cookie)).json().map((b: { id: number }) => b.id)).toEqual([
      newer.id,
    ]);
  });

  it("serves the bookmark list from the reader's cached session until a story changes (decision 0045)", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const story = await published({ title: "Kept" });
    await call("POST", `/api/stories/${story.id}/bookmark`, reader.cookie);
    const titles = async () =>
      (await call("GET", "/api/bookmarks", reader.cookie)).json().map((b: { title: string }) => b.title);
    expect(await titles()).toEqual(["Kept"]);
    // A change nobody announced is not seen (the list came from memory) …
    await db().update(stories).set({ title: "Renamed" }).where(eq(stories.id, story.id));
    expect(await titles()).toEqual(["Kept"]);
    // … any announced story change is, as the read view's is.
    ctx().app.readCache.invalidateStory(story.id);
    expect(await titles()).toEqual(["Renamed"]);
  });

  it("toggles a like with its count; authors may like their own story", async () => {
    const author = await createVerifiedUserWithSession(db());
    const story = await published({ authorId: author.user.id });
    const reader = await createVerifiedUserWithSession(db());
    expect((await call("POST", `/api/stories/${story.id}/like`, reader.cookie)).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect((await call("POST", `/api/stories/${story.id}/like`, author.cookie)).json()).toEqual({
      liked: true,
      likeCount: 2,
    });
    expect((await call("POST", `/api/stories/${story.id}/like`, reader.cookie)).json()).toEqual({
      liked: false,
      likeCount: 1,
    });
  });

  it("asks for a session", async () => {
    const story = await published();
    for (const [method, url] of [
      ["GET", "/api/bookmarks"],
      ["GET", `/api/stories/${story.id}/bookmark`],
      ["POST", `/api/stories/${story.id}/bookmark`],
      ["POST", `/api/stories/${story.id}/like`],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
    }
  });

  it.each([
    ["an unpublished story", { published: false }, false],
    ["a mature story, to a free user", { rating: "mature" }, false],
  ])("404s %s on every mark, and drops it from the bookmark list", async (_name, overrides, premium) => {
    const story = await published(overrides);
    const reader = await createVerifiedUserWithSession(db(), { isPremium: premium });
    // A bookmark made while it was readable (general, or published) stays in the table but leaves the list.
    await db().insert(bookmarks).values({ storyId: story.id, userId: reader.user.id });
    for (const [method, url] of [
      ["GET", `/api/stories/${story.id}/bookmark`],
      ["POST", `/api/stories/${story.id}/bookmark`],
      ["POST", `/api/stories/${story.id}/like`],
    ] as const) {
      const res = await call(method, url, reader.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: STORY_NOT_PUBLISHED });
    }
    expect((await call("GET", "/api/bookmarks", reader.cookie)).json()).toEqual([]);
    expect(await counts(story.id)).toMatchObject({ likeCount: 0, bookmarkCount: 0 });
  });

  it("shows a premium user mature bookmarks, and the author their own", async () => {
    const author = await createVerifiedUserWithSession(db());
    const story = await published({ rating: "mature", authorId: author.user.id });
    const premium = await createVerifiedUserWithSession(db(), { isPremium: true });
    for (const reader of [premium, author]) {
      expect((await call("POST", `/api/stories/${story.id}/bookmark`, reader.cookie)).json()).toEqual({
        bookmarked: true,
      });
      expect((await call("GET", "/api/bookmarks", reader.cookie)).json().map((b: { id: number }) => b.id)).toEqual([
        story.id,
      ]);
    }
  });

  it.each(["like", "bookmark"] as const)(
    "holds 20 concurrent %s toggles by one user: no duplicate, no error, an exact count",
    async (kind) => {
      const story = await published();
      const reader = await createVerifiedUserWithSession(db());
      const others = await Promise.all([1, 2, 3].map(() => createVerifiedUserWithSession(db())));
      const url = `/api/stories/${story.id}/${kind}`;
      const responses = await Promise.all([
        ...Array.from({ length: 20 }, () => call("POST", url, reader.cookie)),
        ...others.map((other) => call("POST", url, other.cookie)),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual(Array(23).fill(200));
      // Toggles run one after another: twenty flips from nothing end where they started.
      const field = kind === "like" ? "liked" : "bookmarked";
      const mine = responses.slice(0, 20).map((r) => r.json()[field]);
      expect(mine.filter(Boolean)).toHaveLength(10);
      const table = kind === "like" ? likes : bookmarks;
      const rows = await db().select().from(table).where(eq(table.storyId, story.id));
      expect(rows.map((row) => row.userId).sort()).toEqual(others.map((o) => o.user.id).sort());
      const mineLeft = await db()
        .select()
        .from(table)
        .where(and(eq(table.storyId, story.id), eq(table.userId, reader.user.id)));
      expect(mineLeft).toHaveLength(0);
      expect(await counts(story.id)).toMatchObject(kind === "like" ? { likeCount: 3 } : { bookmarkCount: 3 });
    },
  );

  it("holds 20 concurrent likes by 20 users: the count matches the rows", async () => {
    const story = await published();
    const readers = await Promise.all(Array.from({ length: 20 }, () => createVerifiedUserWithSession(db())));
    const responses = await Promise.all(readers.map((r) => call("POST", `/api/stories/${story.id}/like`, r.cookie)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.map((r) => r.json().likeCount).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(await counts(story.id)).toMatchObject({ likeCount: 20 });
  });
});
