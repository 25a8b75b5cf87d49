// GET /api/published-stories: stable pages, search, the content rating as a server guarantee, Featured and For You.
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { NEXT_CURSOR_HEADER, type PublishedStoryItem } from "../../shared/schemas/reading";
import { likes, stories } from "../db/schema";
import { dataUrl, solidImage } from "../test/images";
import { rateUnratedStories } from "../stories/rate-stories";
import { derivedStoryColumns } from "../stories/story-rating";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession, type StoryOverrides } from "../test/factories";
import { bumpFeaturedScore, recomputeFeaturedScores } from "./featured-score";

const DAY_MS = 24 * 60 * 60 * 1000;
let unique = 0;
/** A fandom (or search word) no other test's stories have, so each test reads only its own stories. */
const freshWord = (prefix: string) => `${prefix}${process.pid}x${++unique}`.replace(/\d/g, (d) => "abcdefghij"[+d]!);

describeEachDb("GET /api/published-stories", (ctx) => {
  const db = () => ctx().database.db;
  const get = (url: string, cookie?: string) => send(ctx().app, "GET", url, undefined, cookie ? { cookie } : {});
  const items = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PublishedStoryItem[];
  };
  const ids = (res: LightMyRequestResponse) => items(res).map((s) => s.id);

  /** A published story written straight to the table, with the columns every write derives. */
  async function published(overrides: StoryOverrides & { fandoms?: string[] } = {}) {
    const values = {
      title: `Story ${++unique}`,
      description: "A quiet story about a lighthouse.",
      moods: { romance: 50 },
      themes: [] as string[],
      fandoms: [] as string[],
      ...overrides,
    };
    const story = await createStory(db(), { published: true, publishedAt: ctx().clock.now(), ...values });
    const derived = derivedStoryColumns(story, story.tags);
    await db().update(stories).set(derived).where(eq(stories.id, story.id));
    return story;
  }

  /** Through the API, as an author does it: create, then publish (tags, cover, the mature mark). */
  async function publishAsAuthor(
    cookie: string,
    story: Record<string, unknown>,
    publish: { tags?: string[]; markedMature?: boolean; coverImage?: string } = {},
  ) {
    const created = await send(ctx().app, "POST", "/api/stories", story, { cookie });
    expect(created.statusCode, created.body).toBe(201);
    const { id, title, description } = created.json();
    ctx().clock.advance(1_000);
    const res = await send(
      ctx().app,
      "POST",
      `/api/stories/${id}/publish`,
      { title, description: description ?? "A story.", ...publish },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; rating: string; markedMature: boolean };
  }

  it("walks pages newest first without duplicates or gaps while newer stories are published", async () => {
    const fandom = freshWord("Walk");
    const first: number[] = [];
    for (let i = 0; i < 7; i++) {
      ctx().clock.advance(1_000);
      first.push((await published({ fandoms: [fandom] })).id);
    }
    // Two stories published in the same millisecond: the id breaks the tie.
    const twin = await published({ fandoms: [fandom] });
    first.push(twin.id);
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await get(
        `/api/published-stories?fandom=${fandom}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...ids(res));
      cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (!cursor) break;
      // Newer stories land between pages; they belong before the cursor, so the walk neither repeats nor skips.
      ctx().clock.advance(1_000);
      await published({ fandoms: [fandom] });
    }
    expect(seen).toEqual([...first].reverse());
  });

  it("answers 4 by default and at most 50; 51 and a forged cursor are 400", async () => {
    const fandom = freshWord("Limit");
    for (let i = 0; i < 6; i++) await published({ fandoms: [fandom] });
    const res = await get(`/api/published-stories?fandom=${fandom}`);
    expect(items(res)).toHaveLength(4);
    expect(res.headers[NEXT_CURSOR_HEADER]).toBeTruthy();
    expect(items(await get(`/api/published-stories?fandom=${fandom}&limit=50`))).toHaveLength(6);
    expect((await get(`/api/published-stories?fandom=${fandom}&limit=50`)).headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect((await get("/api/published-stories?limit=51")).statusCode).toBe(400);
    expect((await get("/api/published-stories?limit=0")).statusCode).toBe(400);
    expect((await get("/api/published-stories?cursor=bm90LWpzb24")).statusCode).toBe(400);
    // A cursor of one order handed to another is refused, not misread.
    const newCursor = res.headers[NEXT_CURSOR_HEADER] as string;
    expect((await get(`/api/published-stories?sort=featured&cursor=${newCursor}`)).statusCode).toBe(400);
    // A cursor forged with values its query cannot take is a 400, not a failed query; one forged to jump to the end
    // of the walk is a short, empty page.
    const forged = (cursor: object) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
    for (const [sort, cursor] of [
      ["new", { k: "new", t: "garbage", i: 1 }],
      ["new", { k: "new", t: "2026-13-45 99:00:00+00", i: 1 }],
      ["new", { k: "new", t: "2026-02-30 10:00:00+00", i: 1 }],
      ["new", { k: "new", t: "2026-01-01 00:00:00+00", i: 1e300 }],
      ["likes", { k: "likes", n: 2 ** 40, i: 1 }],
      ["featured", { k: "featured", s: "1", i: 1 }],
    ] as const) {
      const answer = await get(`/api/published-stories?sort=${sort}&cursor=${forged(cursor)}`);
      expect(answer.statusCode, `${JSON.stringify(cursor)}: ${answer.body}`).toBe(400);
    }
    const end = await get(
      `/api/published-stories?sort=new&cursor=${forged({ k: "new", t: "1970-01-01 00:00:00+00", i: 0 })}`,
    );
    expect(end.statusCode, end.body).toBe(200);
    expect(items(end)).toEqual([]);
    const decoded = JSON.parse(Buffer.from(newCursor, "base64url").toString());
    expect(decoded.t).toMatch(/^\d{4}-/);
  });

  it("carries the next cursor on a repeated (cacheable) request too", async () => {
    const fandom = freshWord("Again");
    for (let i = 0; i < 3; i++) await published({ fandoms: [fandom] });
    const a = await get(`/api/published-stories?fandom=${fandom}&limit=2`);
    const b = await get(`/api/published-stories?fandom=${fandom}&limit=2`);
    expect(b.body).toBe(a.body);
    expect(b.headers[NEXT_CURSOR_HEADER]).toBe(a.headers[NEXT_CURSOR_HEADER]);
    expect(b.headers[NEXT_CURSOR_HEADER]).toBeTruthy();
  });

  it("finds stories by title, a prefix typed so far, tag and fandom, and filters by tag and fandom", async () => {
    const word = freshWord("Lumen");
    const fandom = `${freshWord("Saga")} Chronicles`;
    const { cookie } = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const byTitle = await publishAsAuthor(cookie, { title: `The ${word} Keeper`, description: "Fog and letters." });
    const byFandom = await publishAsAuthor(
      cookie,
      { title: "Harbour Lights", fandoms: [fandom] },
      { tags: ["Mystery"] },
    );
    const byTag = await publishAsAuthor(
      cookie,
      { title: "Tea at Noon", description: `Quiet ${word} days.` },
      {
        tags: ["Slice of Life"],
      },
    );
    const q = (text: string) => get(`/api/published-stories?limit=50&q=${encodeURIComponent(text)}`);

    expect(ids(await q(word))).toEqual([byTag.id, byTitle.id]);
    expect(ids(await q(`${word.slice(0, 6)}`))).toEqual([byTag.id, byTitle.id]);
    expect(ids(await q(`keeper ${word.slice(0, 7)}`))).toEqual([byTitle.id]);
    expect(ids(await q(fandom))).toEqual([byFandom.id]);
    expect(ids(await q(`${word} slice`))).toEqual([byTag.id]);
    expect(ids(await q(`${word} "nothing-else`))).toEqual([]);
    expect(ids(await q("&|!:*()"))).toContain(byTitle.id); // no words: no search
    expect(ids(await get(`/api/published-stories?limit=50&fandom=${encodeURIComponent(fandom)}`))).toEqual([
      byFandom.id,
    ]);
    const tagged = ids(await get(`/api/published-stories?limit=50&tag=Slice%20of%20Life&q=${word}`));
    expect(tagged).toEqual([byTag.id]);
    // Any tag is a filter now (issue 17: free-form tags); one nobody uses finds nothing, a malformed one is a 400.
    expect(ids(await get("/api/published-stories?tag=NotATag"))).toEqual([]);
    expect((await get("/api/published-stories?tag=%01")).statusCode).toBe(400);

    const [item] = items(await q(fandom));
    expect(item).toMatchObject({
      title: "Harbour Lights",
      tags: ["Mystery"],
      fandoms: [fandom],
      likeCount: 0,
      rating: "general",
      coverImage: null,
      author: { username: expect.any(String) },
    });
  });

  it("never shows a mature story to a free reader or a visitor; premium readers see it only with nsfw=1", async () => {
    const fandom = freshWord("Rated");
    const premiumAuthor = await createVerifiedUserWithSession(db(), { isPremium: true }, ctx().clock.now());
    const freeAuthor = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const general = await publishAsAuthor(freeAuthor.cookie, { title: "Sunny Meadow", fandoms: [fandom] });
    const marked = await publishAsAuthor(
      freeAuthor.cookie,
      { title: "Marked by its author", fandoms: [fandom] },
      { markedMature: true },
    );
    const themed = await publishAsAuthor(premiumAuthor.cookie, {
      title: "Velvet Nights",
      fandoms: [fandom],
      themes: ["nsfw"],
    });
    const byRule = await publishAsAuthor(freeAuthor.cookie, {
      title: "Spicy",
      description: "For adult readers.",
      fandoms: [fandom],
    });
    const spicy = await publishAsAuthor(freeAuthor.cookie, {
      title: "Spice level",
      fandoms: [fandom],
      moods: { romance: 50, spice: 90 },
    });
    const mature = [marked, themed, byRule, spicy];
    for (const story of mature) expect(story.rating).toBe("mature");
    expect(marked.markedMature).toBe(true);

    const free = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const premium = await createVerifiedUserWithSession(db(), { isPremium: true }, ctx().clock.now());
    const list = (query: string, cookie?: string) => get(`/api/published-stories?limit=50&${query}`, cookie);
    for (const sort of ["new", "featured", "for-you"]) {
      for (const nsfw of ["", "&nsfw=1", "&nsfw=true"]) {
        for (const cookie of [undefined, free.cookie]) {
          expect(ids(await list(`sort=${sort}&fandom=${fandom}${nsfw}`, cookie))).toEqual([general.id]);
          expect(ids(await list(`sort=${sort}&q=spicy${nsfw}`, cookie))).not.toContain(byRule.id);
        }
      }
      expect(ids(await list(`sort=${sort}&fandom=${fandom}&nsfw=0`, premium.cookie))).toEqual([general.id]);
      const all = items(await list(`sort=${sort}&fandom=${fandom}&nsfw=1`, premium.cookie));
      expect(all.map((s) => s.id).sort()).toEqual([general.id, ...mature.map((s) => s.id)].sort());
      expect(all.find((s) => s.id === marked.id)?.rating).toBe("mature");
    }

    // The author takes the mark back: the story is general again (the other reasons still hold for the others).
    const unmarked = await send(
      ctx().app,
      "PATCH",
      `/api/stories/${marked.id}`,
      { markedMature: false },
      freeAuthor.headers,
    );
    expect(unmarked.json()).toMatchObject({ rating: "general", markedMature: false });
    expect(ids(await list(`fandom=${fandom}`, free.cookie))).toEqual([marked.id, general.id]);
    // The nsfw theme stays a premium feature.
    const refused = await send(
      ctx().app,
      "PATCH",
      `/api/stories/${general.id}`,
      { themes: ["nsfw"] },
      freeAuthor.headers,
    );
    expect(refused.statusCode).toBe(403);
  });

  it("never lists unpublished stories", async () => {
    const fandom = freshWord("Draft");
    const { cookie, user } = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    await createStory(db(), { authorId: user.id, fandoms: [fandom], title: "Draft" });
    const once = await publishAsAuthor(cookie, { title: "Once public", fandoms: [fandom] });
    expect(ids(await get(`/api/published-stories?fandom=${fandom}`))).toEqual([once.id]);
    const res = await send(ctx().app, "POST", `/api/stories/${once.id}/unpublish`, undefined, { cookie });
    expect(res.statusCode).toBe(200);
    for (const sort of ["new", "featured", "for-you"]) {
      expect(ids(await get(`/api/published-stories?fandom=${fandom}&sort=${sort}`, cookie))).toEqual([]);
    }
  });

  it("keeps a Discover page of 4 realistic stories with covers under 4 KB", async () => {
    const fandom = freshWord("Small");
    const { cookie } = await createVerifiedUserWithSession(db(), { username: "inkwell_ivy_writes" }, ctx().clock.now());
    const long =
      "Aurelia inherits a lighthouse on a cliff that the maps forgot, a logbook with pages that fill themselves at " +
      "night, and a keeper's cat that refuses to leave the lamp room. ".repeat(6);
    const stories = [
      ["The Cartographer of Lost Rooms", long.slice(0, 1000)],
      ["Starlight and Smuggled Snacks", "A smuggler, a stowaway prince and a ship that refuses to fly without snacks."],
      [
        "Murder at the Midnight Bakery",
        "Someone poisoned the croissants, and the only witness is a sourdough starter.",
      ],
      [
        "Letters from the Rain Library",
        "Two rival archivists trade anonymous notes in returned books until one slips.",
      ],
    ];
    for (const [index, [title, description]] of stories.entries()) {
      const cover = dataUrl(await solidImage("jpeg", 1200, 800, ["#a33", "#3a3", "#33a", "#aa3"][index]), "image/jpeg");
      await publishAsAuthor(
        cookie,
        { title, description, fandoms: [fandom, "Original Work"], moods: { romance: 70, humor: 40, angst: 20 } },
        { tags: ["Romance", "Fantasy", "Drama", "Mystery", "Slice of Life"], coverImage: cover },
      );
    }
    const res = await get(`/api/published-stories?fandom=${fandom}`);
    const page = items(res);
    expect(page).toHaveLength(4);
    expect(page.every((s) => s.coverImage?.endsWith("?size=thumb"))).toBe(true);
    expect(page.at(-1)!.description!.length).toBeLessThanOrEqual(240);
    expect(page.at(-1)!.description!.endsWith("…")).toBe(true);
    expect(Buffer.byteLength(res.body)).toBeLessThan(4096);
  });

  it("orders Featured by recent likes and bookmarks, decayed", async () => {
    const fandom = freshWord("Feat");
    const [old, lastWeek, today, none] = [
      await published({ fandoms: [fandom] }),
      await published({ fandoms: [fandom] }),
      await published({ fandoms: [fandom] }),
      await published({ fandoms: [fandom] }),
    ];
    const now = ctx().clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const like = async (storyId: number, days: number) =>
      db()
        .insert(likes)
        .values({ storyId, userId: (await createUser(db())).id, createdAt: ago(days) });
    for (let i = 0; i < 5; i++) await like(old.id, 40); // outside the window: counts for nothing
    for (let i = 0; i < 3; i++) await like(lastWeek.id, 10); // 3 × 2^(-10/7) ≈ 1.1
    await like(today.id, 0); // 1
    await like(today.id, 1); // 2^(-1/7) ≈ 0.9
    await bumpFeaturedScore(db(), old.id, 50, now); // a bump no mark stands behind: the recomputation takes it away
    await recomputeFeaturedScores(db(), now, { batchSize: 2 });
    ctx().app.readCache.invalidateDiscover(); // as the maintenance job does after it

    const featured = (cookie?: string) => get(`/api/published-stories?fandom=${fandom}&sort=featured`, cookie);
    expect(ids(await featured())).toEqual([today.id, lastWeek.id, none.id, old.id]);
    const scores = await db().select({ id: stories.id, s: stories.featuredScore }).from(stories);
    expect(scores.find((r) => r.id === old.id)?.s).toBe(0);
    // A fresh like counts at once, before the next recomputation.
    await bumpFeaturedScore(db(), none.id, 2, now);
    ctx().app.readCache.invalidateStory(none.id); // as the like and bookmark routes do after it
    expect(ids(await featured())).toEqual([none.id, today.id, lastWeek.id, old.id]);
    // Walking Featured page by page gives the same order.
    const first = await get(`/api/published-stories?fandom=${fandom}&sort=featured&limit=3`);
    const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
    const second = await get(`/api/published-stories?fandom=${fandom}&sort=featured&limit=3&cursor=${cursor}`);
    expect([...ids(first), ...ids(second)]).toEqual([none.id, today.id, lastWeek.id, old.id]);
  });

  it("For You prefers stories sharing fandoms, tags and themes with what the reader wrote, liked and bookmarked", async () => {
    const word = freshWord("Fyou");
    const fandom = freshWord("Shared");
    const reader = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    // What the reader wrote (published or not) and liked tells For You what they enjoy.
    await createStory(db(), { authorId: reader.user.id, fandoms: [fandom], themes: ["enemies-to-lovers"] });
    const liked = await published({ title: `Liked ${word}`, tags: ["Mystery"], themes: ["friends-to-lovers"] });
    await db().insert(likes).values({ storyId: liked.id, userId: reader.user.id });
    const own = await published({
      authorId: reader.user.id,
      title: `Own ${word}`,
      fandoms: [fandom],
      tags: ["Mystery"],
    });

    const popular = await published({ title: `Popular ${word}` });
    await bumpFeaturedScore(db(), popular.id, 100, ctx().clock.now());
    const sharesTheme = await published({ title: `Theme ${word}`, themes: ["friends-to-lovers"] });
    const sharesTag = await published({ title: `Tag ${word}`, tags: ["Mystery"] });
    const sharesFandom = await published({ title: `Fandom ${word}`, fandoms: [fandom] });
    const sharesFandomTheme = await published({
      title: `Fandom theme ${word}`,
      fandoms: [fandom],
      themes: ["friends-to-lovers"],
    });
    const sharesAll = await published({
      title: `All ${word}`,
      fandoms: [fandom],
      tags: ["Mystery"],
      themes: ["friends-to-lovers"],
    });

    const forYou = (cookie?: string, limit = 50, cursor = "") =>
      get(`/api/published-stories?sort=for-you&limit=${limit}&q=${word}${cursor ? `&cursor=${cursor}` : ""}`, cookie);
    // Fandom 3, tag 2, theme 1 each, ties as Featured (then the newest id); themes alone make no candidate, so
    // the stories sharing no fandom or tag follow as Featured.
    const order = [
      sharesAll.id,
      sharesFandomTheme.id,
      sharesFandom.id,
      liked.id,
      sharesTag.id,
      popular.id,
      sharesTheme.id,
    ];
    expect(ids(await forYou(reader.cookie))).toEqual(order);
    expect(ids(await forYou(reader.cookie))).not.toContain(own.id);
    // Page by page, the same order.
    const walked: number[] = [];
    let cursor = "";
    for (;;) {
      const res = await forYou(reader.cookie, 2, cursor);
      walked.push(...ids(res));
      cursor = (res.headers[NEXT_CURSOR_HEADER] as string | undefined) ?? "";
      if (!cursor) break;
    }
    expect(walked).toEqual(order);
    // A new reader and a visitor get Featured.
    const newcomer = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const featured = ids(await get(`/api/published-stories?sort=featured&limit=50&q=${word}`));
    expect(featured[0]).toBe(popular.id);
    expect(ids(await forYou(newcomer.cookie))).toEqual(featured);
    expect(ids(await forYou())).toEqual(featured);
  });

  it("rates and indexes stories stored before ratings and search text were derived on write", async () => {
    const word = freshWord("Legacy");
    const old = await createStory(db(), {
      published: true,
      publishedAt: ctx().clock.now(),
      title: `Old ${word}`,
      description: "Adult content ahead.",
      tags: ["Drama"],
    });
    expect(old.searchText).toBeNull();
    expect(ids(await get(`/api/published-stories?q=${word}`))).toEqual([]);
    expect(await rateUnratedStories(db(), { batchSize: 1 })).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(stories).where(eq(stories.id, old.id));
    expect(row).toMatchObject({ rating: "mature", searchText: `Old ${word}\nAdult content ahead.\nDrama` });
    const premium = await createVerifiedUserWithSession(db(), { isPremium: true }, ctx().clock.now());
    expect(ids(await get(`/api/published-stories?q=${word}&nsfw=1`, premium.cookie))).toEqual([old.id]);
    expect(ids(await get(`/api/published-stories?q=drama ${word}`))).toEqual([]);
    expect(await rateUnratedStories(db())).toBe(0);
  });
});
