// The signed-out fast path of GET /api/stories/{id}/read and GET /api/published-stories (decision 0017): a cached
// answer sent from the route's onRequest hook must be the handler's answer, byte for byte and header for header.
// A request carrying any Cookie header takes the handler (signed out all the same), which gives the comparison;
// a spy on readCache.send tells which of the two answered.
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeEach, expect, it } from "vitest";
import { NEXT_CURSOR_HEADER, type PublishedStoryItem } from "../../shared/schemas/reading";
import { stories } from "../db/schema";
import { derivedStoryColumns } from "../stories/story-rating";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

const HANDLER = { cookie: "theme=dark" };
const BIG_CONTENT = `<p>${"The lighthouse keeper counted the ships. ".repeat(40)}</p>`;
/** Headers that differ between any two answers. */
const VOLATILE = new Set(["date", "connection", "keep-alive"]);

const comparable = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  headers: Object.fromEntries(Object.entries(res.headers).filter(([name]) => !VOLATILE.has(name))),
  body: res.rawPayload.toString("base64"),
});

describeEachDb("signed-out fast path", (ctx) => {
  const db = () => ctx().database.db;
  let handled = 0;
  beforeEach(() => {
    const cache = ctx().app.readCache;
    if (!Object.hasOwn(cache, "spied")) {
      const original = cache.send.bind(cache);
      cache.send = (...args) => {
        handled++;
        return original(...args);
      };
      Object.defineProperty(cache, "spied", { value: true });
    }
    handled = 0;
  });
  const get = (url: string, headers: Record<string, string> = {}) => send(ctx().app, "GET", url, undefined, headers);

  /** The handler's answer and then the fast path's, both for a cached entry, expected identical. */
  async function bothPaths(url: string, headers: Record<string, string> = {}) {
    await get(url, { ...HANDLER, ...headers }); // fills the entry (and its coding) if it is not yet
    handled = 0;
    const slow = await get(url, { ...HANDLER, ...headers });
    expect(handled).toBe(1);
    const fast = await get(url, headers);
    expect(handled, "the fast path answered").toBe(1);
    expect(comparable(fast)).toEqual(comparable(slow));
    return fast;
  }

  async function publishedStory(title = "A lighthouse") {
    const author = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), {
      authorId: author.user.id,
      title,
      content: BIG_CONTENT,
      published: true,
      publishedAt: ctx().clock.now(),
    });
    // NOTE: the columns every write derives (Discover filters on them).
    await db().update(stories).set(derivedStoryColumns(story, story.tags)).where(eq(stories.id, story.id));
    ctx().app.readCache.invalidateDiscover(); // as a publish through the API does
    return { author, story };
  }

  it("answers a cached read exactly as the handler does: 200, 304, brotli, gzip, HEAD", async () => {
    const { story } = await publishedStory();
    const url = `/api/stories/${story.id}/read`;
    const plain = await bothPaths(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ id: story.id, liked: false, bookmarked: false });
    expect(plain.headers).toMatchObject({ "cache-control": "no-cache", vary: "Cookie, Accept-Encoding" });
    expect(plain.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const etag = String(plain.headers.etag);
    const notModified = await bothPaths(url, { "if-none-match": etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    const br = await bothPaths(url, { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    const gzip = await bothPaths(url, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(
      (await bothPaths(url, { "accept-encoding": "gzip", "if-none-match": String(gzip.headers.etag) })).statusCode,
    ).toBe(304);
    handled = 0;
    const head = await send(ctx().app, "HEAD", url);
    expect(handled).toBe(0);
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it("answers a cached Discover page exactly as the handler does, its next cursor included", async () => {
    await publishedStory("One");
    await publishedStory("Two");
    const first = await bothPaths("/api/published-stories?limit=1");
    const cursor = String(first.headers[NEXT_CURSOR_HEADER]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((first.json() as PublishedStoryItem[]).length).toBe(1);
    // The schema's defaults and any parameter order name the same entry.
    await bothPaths(`/api/published-stories?cursor=${cursor}&sort=new&limit=1`);
    await bothPaths("/api/published-stories");
    handled = 0;
    const defaults = await get("/api/published-stories?limit=4&sort=new");
    expect(handled).toBe(0);
    expect(defaults.rawPayload).toEqual((await get("/api/published-stories")).rawPayload);
    await bothPaths("/api/published-stories?sort=for-you", { "accept-encoding": "gzip" });
  });

  it("leaves anything unusual to the handler", async () => {
    const { story } = await publishedStory();
    await get(`/api/stories/${story.id}/read`);
    for (const url of [
      `/api/stories/0${story.id}x/read`,
      "/api/published-stories?limit=4&limit=5",
      "/api/published-stories?limit=04",
      "/api/published-stories?limit=51",
      "/api/published-stories?cursor=",
      "/api/published-stories?q=lighthouse",
      "/api/published-stories?other=1",
    ]) {
      handled = 0;
      const res = await get(url);
      expect(handled, url).toBeLessThanOrEqual(1);
      if (res.statusCode === 200) expect(handled, url).toBe(1);
    }
    expect((await get("/api/published-stories?limit=51")).statusCode).toBe(400);
    expect((await get("/api/published-stories?cursor=%00")).statusCode).toBe(400);
  });

  it("never sends a mature story to a signed-out visitor, even once a premium reader has cached it", async () => {
    const { story } = await publishedStory("Mature one");
    await db().update(stories).set({ rating: "mature" }).where(eq(stories.id, story.id));
    ctx().app.readCache.invalidateStory(story.id);
    const premium = await createVerifiedUserWithSession(db(), { isPremium: true });
    const url = `/api/stories/${story.id}/read`;
    expect((await get(url, premium.headers)).statusCode).toBe(200);
    const list = await get("/api/published-stories?nsfw=1&limit=50", premium.headers);
    expect((list.json() as PublishedStoryItem[]).map((s) => s.id)).toContain(story.id);
    const refused = await get(url);
    expect(refused.statusCode).toBe(404);
    expect(comparable(refused)).toEqual(comparable(await get(url, HANDLER)));
    for (const query of ["?nsfw=1&limit=50", "?nsfw=true&limit=50", "?limit=50"]) {
      await get(`/api/published-stories${query}`);
      handled = 0;
      const open = await get(`/api/published-stories${query}`);
      expect(handled).toBe(0);
      expect((open.json() as PublishedStoryItem[]).map((s) => s.id)).not.toContain(story.id);
    }
  });

  it("sees an edit, a like and an unpublish at once", async () => {
    const { author, story } = await publishedStory("Before");
    const fan = await createVerifiedUserWithSession(db());
    const url = `/api/stories/${story.id}/read`;
    const list = "/api/published-stories?limit=50";
    const listed = async () =>
      (await get(list)).json().find((s: PublishedStoryItem) => s.id === story.id) as PublishedStoryItem | undefined;
    await get(url);
    await get(list);
    handled = 0;
    expect((await get(url)).json()).toMatchObject({ title: "Before", likeCount: 0 });
    expect(await listed()).toMatchObject({ title: "Before", likeCount: 0 });
    expect(handled).toBe(0);
    expect(
      (await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { title: "After" }, author.headers)).statusCode,
    ).toBe(200);
    expect((await get(url)).json()).toMatchObject({ title: "After" });
    expect(await listed()).toMatchObject({ title: "After" });
    expect((await send(ctx().app, "POST", `/api/stories/${story.id}/like`, {}, fan.headers)).statusCode).toBe(200);
    expect((await get(url)).json()).toMatchObject({ likeCount: 1, liked: false });
    expect(await listed()).toMatchObject({ likeCount: 1 });
    await send(ctx().app, "POST", `/api/stories/${story.id}/unpublish`, {}, author.headers);
    expect((await get(url)).statusCode).toBe(404);
    expect(await listed()).toBeUndefined();
  });
});
