// For You's candidates: each term's 50 most featured stories, a full list kept a while per instance (TERM_LIST_MS),
// a term with fewer never kept, and a kept candidate that is no longer shown (unpublished) left out by the page.
import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { stories } from "../db/schema";
import { derivedStoryColumns } from "../stories/story-rating";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { CANDIDATES_PER_TERM, candidateIds, type Profile, TERM_LIST_MS } from "./for-you";

let unique = 0;
const fresh = (prefix: string) => `${prefix}${process.pid}x${++unique}`.replace(/\d/g, (d) => "abcdefghij"[+d]!);

describeEachDb("For You's kept term lists", (ctx) => {
  const db = () => ctx().database.db;
  const publishedIn = async (fandom: string, featuredScore: number) => {
    const story = await createStory(db(), {
      fandoms: [fandom],
      published: true,
      publishedAt: ctx().clock.now(),
      featuredScore,
    });
    await db().update(stories).set(derivedStoryColumns(story, story.tags)).where(eq(stories.id, story.id));
    return story;
  };

  it("keeps a popular term's full list for TERM_LIST_MS, never a rare term's, and the page re-checks each candidate", async () => {
    const big = fresh("Bigfandom");
    const rare = fresh("Rarefandom");
    const bigIds: number[] = [];
    for (let i = 0; i < CANDIDATES_PER_TERM + 2; i++) bigIds.push((await publishedIn(big, 10 + i)).id);
    const top = bigIds.slice(2); // the 50 most featured
    const rareIds = [(await publishedIn(rare, 1)).id];
    const profile: Profile = { userId: -1, fandoms: [big, rare], tags: [], themes: [] };
    const t0 = Date.now();

    expect((await candidateIds(db(), profile, t0)).sort()).toEqual([...top, ...rareIds].sort());

    // A story rising into the big fandom's top 50 waits for the kept list; a story of the rare fandom is there at once.
    const riser = await publishedIn(big, 1_000);
    rareIds.push((await publishedIn(rare, 2)).id);
    const soon = await candidateIds(db(), profile, t0 + TERM_LIST_MS - 1);
    expect(soon).not.toContain(riser.id);
    expect(soon.sort()).toEqual([...top, ...rareIds].sort());
    const later = await candidateIds(db(), profile, t0 + TERM_LIST_MS);
    expect(later).toContain(riser.id);
    expect(later).toHaveLength(CANDIDATES_PER_TERM + rareIds.length);

    // A kept candidate unpublished since is not on the reader's page, though still in the kept list.
    const reader = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    await createStory(db(), { authorId: reader.user.id, fandoms: [big] });
    const gone = top[top.length - 1]!;
    await db().update(stories).set({ published: false }).where(eq(stories.id, gone));
    const res = await send(ctx().app, "GET", "/api/published-stories?sort=for-you&limit=50", undefined, {
      cookie: reader.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = (res.json() as { id: number }[]).map((s) => s.id);
    expect(shown).not.toContain(gone);
    expect(shown).toContain(riser.id);
    await db()
      .delete(stories)
      .where(inArray(stories.id, [...bigIds, riser.id, ...rareIds]));
  });
});
