// The signed-out fast path of GET /api/stories/{id}/read and GET /api/published-stories (decision 0017): a cached
// answer sent from the route's onRequest hook must be the handler's answer, byte for byte and header for header.
// A request carrying any Cookie header takes the handler (signed out all the same), which gives the comparison;
// a spy on readCache.send tells which of the two answered.
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { NEXT_CURSOR_HEADER, type PublishedStoryItem } from "../../shared/schemas/reading";
import { FreeTag } from "../../shared/schemas/tagging";
import { stories } from "../db/schema";
import { derivedStoryColumns } from "../stories/story-rating";
import { describeEachDb, send, type TestContext } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { plainTag } from "./discover-routes";

const HANDLER = { cookie: "theme=dark" };
const BIG_CONTENT = `<p>${"The lighthouse keeper counted the ships. ".repeat(40)}</p>`;
/** Headers that differ between any two answers. */
// Every answer carries its own request id (decision 0037).
const VOLATILE = new Set(["date", "connection", "keep-alive", "x-request-id"]);

const comparable = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  headers: Object.fromEntries(Object.entries(res.headers).filter(([name]) => !VOLATILE.has(name))),
  body: res.rawPayload.toString("base64"),
});

/** A published story by a new author, with the columns every write derives, as a publish through the API leaves it. */
async function publishStory(context: TestContext, title: string) {
  const db = context.database.db;
  const author = await createVerifiedUserWithSession(db);
  const story = await createStory(db, {
    authorId: author.user.id,
    title,
    content: BIG_CONTENT,
    published: true,
    publishedAt: context.clock.now(),
  });
  // NOTE: the columns every write derives (Discover filters on them).
  await db.update(stories).set(derivedStoryColumns(story, story.tags)).where(eq(stories.id, story.id));
  context.app.readCache.invalidateDiscover(); // as a publish through the API does
  return { author, story };
}

/**
 * Counts the read cache's calls in the suite's app, reset before each test: `handled`, the route handlers' `send`;
 * `fast`, answers `sendCachedSignedIn` sent (the signed-in fast path). Wrapped once per app.
 */
function countReadCacheCalls(ctx: () => TestContext): { handled: number; fast: number } {
  const calls = { handled: 0, fast: 0 };
  beforeEach(() => {
    const cache = ctx().app.readCache;
    if (!Object.hasOwn(cache, "counted")) {
      const send = cache.send.bind(cache);
      cache.send = (...args) => {
        calls.handled++;
        return send(...args);
      };
      const sendCachedSignedIn = cache.sendCachedSignedIn.bind(cache);
      cache.sendCachedSignedIn = (...args) => {
        const sent = sendCachedSignedIn(...args);
        if (sent) calls.fast++;
        return sent;
      };
      Object.defineProperty(cache, "counted", { value: true });
    }
    calls.handled = 0;
    calls.fast = 0;
  });
  return calls;
}

describeEachDb("signed-out fast path", (ctx) => {
  const db = () => ctx().database.db;
  const calls = countReadCacheCalls(ctx);
  const get = (url: string, headers: Record<string, string> = {}) => send(ctx().app, "GET", url, undefined, headers);

  /** The handler's answer and then the fast path's, both for a cached entry, expected identical. */
  async function bothPaths(url: string, headers: Record<string, string> = {}) {
    await get(url, { ...HANDLER, ...headers }); // fills the entry (and its coding) if it is not yet
    calls.handled = 0;
    const slow = await get(url, { ...HANDLER, ...headers });
    expect(calls.handled).toBe(1);
    const fast = await get(url, headers);
    expect(calls.handled, "the fast path answered").toBe(1);
    expect(comparable(fast)).toEqual(comparable(slow));
    return fast;
  }

  const publishedStory = (title = "A lighthouse") => publishStory(ctx(), title);

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
    calls.handled = 0;
    const head = await send(ctx().app, "HEAD", url);
    expect(calls.handled).toBe(0);
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
    calls.handled = 0;
    const defaults = await get("/api/published-stories?limit=4&sort=new");
    expect(calls.handled).toBe(0);
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
      calls.handled = 0;
      const res = await get(url);
      expect(calls.handled, url).toBeLessThanOrEqual(1);
      if (res.statusCode === 200) expect(calls.handled, url).toBe(1);
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
      calls.handled = 0;
      const open = await get(`/api/published-stories${query}`);
      expect(calls.handled).toBe(0);
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
    calls.handled = 0;
    expect((await get(url)).json()).toMatchObject({ title: "Before", likeCount: 0 });
    expect(await listed()).toMatchObject({ title: "Before", likeCount: 0 });
    expect(calls.handled).toBe(0);
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

  it("answers filtered Discover pages from the cache as the handler does, and keeps them right through writes", async () => {
    const mark = `mark${Date.now().toString(36)}`;
    const dark = `Dark ${mark}`;
    const writer = await createVerifiedUserWithSession(db());
    const premium = await createVerifiedUserWithSession(db(), { isPremium: true });
    const api = (method: "POST" | "PATCH", url: string, body: unknown) =>
      send(ctx().app, method, url, body, writer.headers);
    async function publish(body: Record<string, unknown>) {
      const story = await createStory(db(), { authorId: writer.user.id, content: BIG_CONTENT });
      ctx().clock.advance(1_000);
      const res = await api("POST", `/api/stories/${story.id}/publish`, { title: "T", description: "D", ...body });
      expect(res.statusCode, res.body).toBe(200);
      return story.id;
    }
    const a = await publish({ freeformTags: [mark], status: "complete", rating: "teen" });
    const b = await publish({ freeformTags: [mark, dark], status: "complete", rating: "teen" });
    const filters = `tag=${mark}&exclude=${encodeURIComponent(dark)}&exclude=Horror&rating=teen&rating=general&status=complete&minWords=1&maxWords=100000`;
    const url = `/api/published-stories?limit=50&sort=likes&${filters}`;
    const ids = (res: LightMyRequestResponse) => (res.json() as PublishedStoryItem[]).map((s) => s.id);
    expect(ids(await bothPaths(url))).toEqual([a]);
    await bothPaths(url, { "accept-encoding": "br" });
    // The same filters in another order, case and spacing name the same entry.
    calls.handled = 0;
    const respelled = await get(
      `/api/published-stories?maxWords=100000&exclude=horror&exclude=${encodeURIComponent(` ${dark.toUpperCase()}  `)}` +
        `&rating=general&rating=teen&tag=${mark.toUpperCase()}&status=complete&minWords=1&sort=likes&limit=50`,
    );
    expect(calls.handled).toBe(0);
    expect(respelled.rawPayload).toEqual((await get(url)).rawPayload);

    /** The filtered list as a signed-out visitor gets it, from the fast path once it is cached. */
    const listed = async (list = url) => {
      const first = ids(await get(list));
      calls.handled = 0;
      const again = ids(await get(list));
      expect(calls.handled, "the fast path answered").toBe(0);
      expect(again).toEqual(first);
      return first;
    };
    // A new publish shows at once; so does a tag edit, whichever way it moves a story.
    const c = await publish({ freeformTags: [mark], status: "complete", rating: "general" });
    expect((await listed()).sort()).toEqual([a, c].sort());
    expect((await api("PATCH", `/api/stories/${b}`, { freeformTags: [mark] })).statusCode).toBe(200);
    expect((await listed()).sort()).toEqual([a, b, c].sort());
    // Exclusion is exact through the cache: a story that takes an excluded tag (catalogue or free-form) leaves.
    expect((await api("PATCH", `/api/stories/${a}`, { tags: ["Horror"] })).statusCode).toBe(200);
    expect((await listed()).sort()).toEqual([b, c].sort());
    expect((await api("PATCH", `/api/stories/${b}`, { freeformTags: [mark, dark.toLowerCase()] })).statusCode).toBe(
      200,
    );
    expect(await listed()).toEqual([c]);
    // A rating change: out of this list's ratings, and (Mature) out of every signed-out list.
    const gatedUrl = `/api/published-stories?limit=50&nsfw=1&tag=${mark}`;
    expect((await listed(gatedUrl)).sort()).toEqual([a, b, c].sort());
    expect((await api("PATCH", `/api/stories/${c}`, { rating: "mature" })).statusCode).toBe(200);
    expect(await listed()).toEqual([]);
    // A premium reader's list with Mature stories is another entry; the signed-out visitor's never has them.
    expect(ids(await get(gatedUrl, premium.headers)).sort()).toEqual([a, b, c].sort());
    expect((await listed(gatedUrl)).sort()).toEqual([a, b].sort());
    // Unpublishing takes a story out of every filtered list.
    expect((await api("POST", `/api/stories/${b}/unpublish`, {})).statusCode).toBe(200);
    expect(await listed(gatedUrl)).toEqual([a]);

    // Whatever the schema refuses is refused, even when the same filters without the fault are cached: the fast
    // path's key drops repeats, so 21 tags or 6 ratings that repeat one would otherwise name a cached entry.
    await listed(`/api/published-stories?tag=${mark}`);
    await listed(`/api/published-stories?tag=${mark}&rating=teen`);
    for (const bad of [
      `tag=${mark}`.repeat(21).replaceAll(`${mark}tag`, `${mark}&tag`),
      `tag=${mark}&${"rating=teen&".repeat(6)}`,
      `tag=${mark}&tag=%20%20`,
      `tag=${mark}&tag=%01`,
      `tag=${mark}&tag=${"x".repeat(101)}`,
      `tag=${mark}&minWords=5&maxWords=4`,
      `tag=${mark}&status=abandoned`,
      `tag=${mark}&rating=adult`,
    ]) {
      // NOTE: the schema's 400, or the handler's (minWords over maxWords): never the cached 200.
      expect((await get(`/api/published-stories?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe("the fast path's tag rule", () => {
  it("accepts and spells a tag exactly as the schema does", () => {
    for (const value of [
      "Slow Burn",
      "  slow   burn ",
      "Cafe\u0301",
      "\u200b",
      " \u00a0 ",
      "",
      "a\u0000b",
      "\u0085",
      "\ud800",
      "x".repeat(100),
      ` ${"x".repeat(100)} `,
      "x".repeat(101),
      "Ilsa/Pip",
    ]) {
      const parsed = FreeTag.safeParse(value);
      expect(plainTag(value), JSON.stringify(value)).toBe(parsed.success ? parsed.data : undefined);
    }
  });
});

// Issue 19: the signed-in fast path. A viewer whose cached session holds their flags for a story (and, for Discover,
// says they hide nobody) is answered from the route's onRequest hook; the answer must be the handler's, `no-store`,
// with their own liked and bookmarked flags; anyone it cannot answer exactly goes on to the handler.
describeEachDb("signed-in fast path", (ctx) => {
  const db = () => ctx().database.db;
  const calls = countReadCacheCalls(ctx);
  const get = (url: string, headers: Record<string, string>) => send(ctx().app, "GET", url, undefined, headers);

  const published = (title: string) => publishStory(ctx(), title);

  it("reads a cached story as the handler does, with the viewer's own flags, and sees a like at once", async () => {
    const { story } = await published("Signed in");
    const reader = await createVerifiedUserWithSession(db());
    const url = `/api/stories/${story.id}/read`;
    const slow = await get(url, reader.headers);
    expect([calls.handled, calls.fast]).toEqual([1, 0]);
    const quick = await get(url, reader.headers);
    expect([calls.handled, calls.fast], "the fast path answered").toEqual([1, 1]);
    expect(comparable(quick)).toEqual(comparable(slow));
    expect(quick.headers["cache-control"]).toBe("no-store");
    expect(quick.headers.etag).toBeUndefined();
    expect(quick.json()).toMatchObject({ id: story.id, liked: false, bookmarked: false });

    // A like drops the reader's cached sessions: the handler answers once, then the fast path, both with the like.
    expect((await send(ctx().app, "POST", `/api/stories/${story.id}/like`, {}, reader.headers)).statusCode).toBe(200);
    expect((await get(url, reader.headers)).json()).toMatchObject({ liked: true, likeCount: 1 });
    calls.fast = 0;
    expect((await get(url, reader.headers)).json()).toMatchObject({ liked: true, likeCount: 1 });
    expect(calls.fast).toBe(1);
    // Another reader's flags are their own.
    const other = await createVerifiedUserWithSession(db());
    await get(url, other.headers);
    expect((await get(url, other.headers)).json()).toMatchObject({ liked: false, likeCount: 1 });
  });

  it("never sends a mature story to a free reader whose flags it keeps, once the story turns mature", async () => {
    const { story } = await published("Changes later");
    const reader = await createVerifiedUserWithSession(db());
    const url = `/api/stories/${story.id}/read`;
    const first = await get(url, reader.headers);
    expect(first.statusCode, first.body).toBe(200);
    const second = await get(url, reader.headers);
    expect(second.statusCode, second.body).toBe(200);
    await db().update(stories).set({ rating: "mature" }).where(eq(stories.id, story.id));
    ctx().app.readCache.invalidateStory(story.id);
    await get(url, { cookie: "theme=dark" }); // a signed-out visitor fills the entry again (its facts: mature)
    calls.fast = 0;
    expect((await get(url, reader.headers)).statusCode).toBe(404);
    expect(calls.fast).toBe(0);
  });

  it("answers Discover as the handler does for a viewer who hides nobody, per plan, and leaves the rest to it", async () => {
    const { author, story } = await published("Listed");
    const reader = await createVerifiedUserWithSession(db());
    const premium = await createVerifiedUserWithSession(db(), { isPremium: true });
    const cache = ctx().app.readCache;
    const viaHandler = async (url: string, headers: Record<string, string>) => {
      const original = cache.sendCachedSignedIn;
      cache.sendCachedSignedIn = () => false;
      try {
        return await get(url, headers);
      } finally {
        cache.sendCachedSignedIn = original;
      }
    };
    for (const [url, viewer] of [
      ["/api/published-stories?limit=50", reader],
      ["/api/published-stories?limit=50&nsfw=1", reader],
      ["/api/published-stories?limit=50&nsfw=1", premium],
      ["/api/published-stories?sort=likes", premium],
    ] as const) {
      const slow = await viaHandler(url, viewer.headers);
      calls.fast = 0;
      const quick = await get(url, viewer.headers);
      expect(calls.fast, url).toBe(1);
      expect(comparable(quick), url).toEqual(comparable(slow));
      expect(quick.headers["cache-control"]).toBe("no-store");
    }
    // 'For you' and a viewer who blocks someone get their own lists from the handler.
    calls.fast = 0;
    await get("/api/published-stories?sort=for-you", reader.headers);
    expect(calls.fast).toBe(0);
    const blocked = await send(ctx().app, "POST", `/api/blocks/${author.user.username}`, {}, reader.headers);
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const list = await get("/api/published-stories?limit=50", reader.headers);
    expect(calls.fast).toBe(0);
    expect((list.json() as PublishedStoryItem[]).map((s) => s.id)).not.toContain(story.id);
  });
});
