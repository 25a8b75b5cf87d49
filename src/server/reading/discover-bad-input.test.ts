// Discover's bad input (issue 28): too many tags, a 1,000-word search, an enormous limit and forged cursors get a
// clear 400 or a bounded page, never a query that scans the catalogue.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { PublishedStoryItem } from "../../shared/schemas/reading";
import { TAG_LIMITS } from "../../shared/tagging";
import { stories } from "../db/schema";
import { derivedStoryColumns } from "../stories/story-rating";
import { describeEachDb, send } from "../test/app";
import { createStory } from "../test/factories";
import { encodeCursor } from "./discover-cursor";

describeEachDb("GET /api/published-stories with bad input", (ctx) => {
  const get = (url: string) => send(ctx().app, "GET", url);
  const refused = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    return res.json() as { message: string };
  };
  const tags = (name: string, n: number) =>
    Array.from({ length: n }, (_, i) => `${name}=${encodeURIComponent(`Tag ${i}`)}`).join("&");

  it("refuses 100 included and 100 excluded tags with the rule it broke", async () => {
    const url = `/api/published-stories?${tags("tag", 100)}&${tags("exclude", 100)}`;
    expect((await refused(url)).message).toMatch(`At most ${TAG_LIMITS.maxFilterTags} tags can be`);
    expect((await refused(`/api/published-stories?${tags("exclude", 100)}`)).message).toMatch(
      `At most ${TAG_LIMITS.maxFilterTags} tags can be excluded`,
    );
    // The most allowed is still a page.
    const most = await get(`/api/published-stories?${tags("tag", 20)}&${tags("exclude", 20)}`);
    expect(most.statusCode, most.body).toBe(200);
  });

  it("refuses a 1,000-word search and limit=100000", async () => {
    const words = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(" ");
    await refused(`/api/published-stories?q=${encodeURIComponent(words)}`);
    await refused("/api/published-stories?limit=100000");
    await refused("/api/published-stories?limit=100000&sort=featured&tag=Romance");
  });

  it("answers a well-formed cursor forged to the end with an empty last page, and garbage with a 400", async () => {
    const story = await createStory(ctx().database.db, { published: true, publishedAt: ctx().clock.now() });
    await ctx().database.db.update(stories).set(derivedStoryColumns(story, story.tags)).where(eq(stories.id, story.id));
    const page = async (query: string) => {
      const res = await get(`/api/published-stories?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["x-next-cursor"]).toBeUndefined();
      return res.json() as PublishedStoryItem[];
    };
    const end = {
      new: encodeCursor({ k: "new", t: "1970-01-01T00:00:00.000Z", i: 0 }),
      featured: encodeCursor({ k: "featured", s: -1, i: 0 }),
      likes: encodeCursor({ k: "likes", n: -1, i: 0 }),
      updated: encodeCursor({ k: "updated", t: "1970-01-01T00:00:00.000Z", i: 0 }),
    };
    expect(await page(`cursor=${end.new}`)).toEqual([]);
    expect(await page(`sort=featured&cursor=${end.featured}`)).toEqual([]);
    expect(await page(`sort=likes&cursor=${end.likes}&tag=Romance`)).toEqual([]);
    expect(await page(`sort=updated&cursor=${end.updated}`)).toEqual([]);
    // Garbage: not base64url JSON, a cursor of another shape, one from another order.
    await refused("/api/published-stories?cursor=%25%25%25");
    await refused(`/api/published-stories?cursor=${Buffer.from('{"k":"new"}').toString("base64url")}`);
    await refused(`/api/published-stories?sort=likes&cursor=${end.new}`);
    await refused(`/api/published-stories?cursor=${"A".repeat(201)}`);
  });

  it("refuses a well-formed cursor whose values PostgreSQL could not compare, instead of failing with a 500", async () => {
    const notADate = encodeCursor({ k: "new", t: "not a date", i: 1 });
    const hugeId = encodeCursor({ k: "new", t: "2020-01-01T00:00:00.000Z", i: Number.MAX_SAFE_INTEGER });
    const hugeCount = encodeCursor({ k: "likes", n: Number.MAX_SAFE_INTEGER, i: 1 });
    for (const [sort, cursor] of [
      ["new", notADate],
      ["new", hugeId],
      ["likes", hugeCount],
    ] as const) {
      const res = await get(`/api/published-stories?sort=${sort}&cursor=${cursor}`);
      expect(res.statusCode, `${sort} ${res.body}`).toBe(400);
    }
  });
});
