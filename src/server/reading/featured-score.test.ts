// The featured-scores job against a straightforward computation of the formula, on varied likes and bookmarks.
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { bookmarks, likes, stories } from "../db/schema";
import { DB_KINDS, openTestDatabase } from "../test/database";
import { createStory, createUser } from "../test/factories";
import { FEATURED, recomputeFeaturedScores, scoreAsOf } from "./featured-score";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The formula as featured-score.ts states it: weight * 2^(-age / halfLife) over the window's likes and bookmarks. */
function reference(events: Array<{ weight: number; at: Date }>, now: Date): number {
  const since = now.getTime() - FEATURED.windowDays * DAY_MS;
  return events
    .filter((e) => e.at.getTime() >= since && e.at.getTime() <= now.getTime())
    .reduce(
      (sum, e) => sum + e.weight * 2 ** (-(now.getTime() - e.at.getTime()) / (FEATURED.halfLifeDays * DAY_MS)),
      0,
    );
}

for (const kind of DB_KINDS) {
  describe(`[${kind}] recomputeFeaturedScores`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(() => database?.close());

    it("gives each story the decayed sum of its window's likes and bookmarks, and rewrites only what moved", async () => {
      const { db } = database;
      const now = new Date("2026-03-01T12:00:00Z");
      const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
      const readers = await Promise.all(Array.from({ length: 8 }, () => createUser(db)));
      // Ages in days; negative is after `now` (a clock ahead), 28 the window's edge, beyond it nothing counts.
      const plans: Array<{ likes: number[]; bookmarks: number[]; stale?: number }> = [
        { likes: [0, 0.5, 3, 10, 27.9, 30, 90], bookmarks: [] },
        { likes: [], bookmarks: [1, 7, 20, 40] },
        { likes: [2, 14, -1], bookmarks: [2, 27, 28.5], stale: 3 },
        { likes: [45], bookmarks: [60], stale: 50 }, // only old reactions and a stale bump: decays to 0
        { likes: [], bookmarks: [], stale: 7 }, // a bump with nothing behind it: 0
        { likes: [], bookmarks: [] }, // never scored: stays 0, not rewritten
        { likes: [0], bookmarks: [7] }, // 1 + 2 × 2^(-1) = 2, exactly
      ];
      const ids: number[] = [];
      const expected = new Map<number, number>();
      for (const plan of plans) {
        const story = await createStory(db, { published: true, featuredScore: plan.stale ?? 0 });
        ids.push(story.id);
        for (const [table, ages] of [
          [likes, plan.likes],
          [bookmarks, plan.bookmarks],
        ] as const) {
          if (ages.length > 0) {
            await db
              .insert(table)
              .values(ages.map((days, i) => ({ storyId: story.id, userId: readers[i]!.id, createdAt: ago(days) })));
          }
        }
        const events = [
          ...plan.likes.map((days) => ({ weight: FEATURED.likeWeight, at: ago(days) })),
          ...plan.bookmarks.map((days) => ({ weight: FEATURED.bookmarkWeight, at: ago(days) })),
        ];
        expected.set(story.id, reference(events, now));
      }
      expect(expected.get(ids[6]!)).toBe(2);
      const eventsOf = (i: number) => [
        ...plans[i]!.likes.map((days) => ({ weight: FEATURED.likeWeight, at: ago(days) })),
        ...plans[i]!.bookmarks.map((days) => ({ weight: FEATURED.bookmarkWeight, at: ago(days) })),
      ];
      const scores = async () =>
        new Map(
          (
            await db.select({ id: stories.id, s: stories.featuredScore }).from(stories).where(inArray(stories.id, ids))
          ).map((r) => [r.id, r.s]),
        );

      // Every story but the never-scored one changes; batches of 2 cover several batches.
      expect(await recomputeFeaturedScores(db, now, { batchSize: 2 })).toBe(6);
      const first = await scores();
      for (const id of ids)
        expect(scoreAsOf(first.get(id)!, now), `story ${ids.indexOf(id)}`).toBeCloseTo(expected.get(id)!, 5);
      expect(first.get(ids[3]!)).toBe(0);
      expect(first.get(ids[4]!)).toBe(0);

      // An hour later no mark has left the window: decay alone changes no stored score, nothing is rewritten (the
      // stored units hold the order; each score as of then is the decayed sum).
      const hourLater = new Date(now.getTime() + 60 * 60 * 1000);
      expect(await recomputeFeaturedScores(db, hourLater)).toBe(0);
      for (const [i, id] of ids.entries())
        expect(scoreAsOf(first.get(id)!, hourLater), `story ${i}`).toBeCloseTo(reference(eventsOf(i), hourLater), 5);
      // Two weeks later: decayed, the oldest reactions out of the window, the one dated ahead of the clock in it.
      const later = new Date(now.getTime() + 14 * DAY_MS);
      await recomputeFeaturedScores(db, later, { batchSize: 3 });
      const second = await scores();
      for (const [i, id] of ids.entries())
        expect(scoreAsOf(second.get(id)!, later), `story ${i}`).toBeCloseTo(reference(eventsOf(i), later), 5);
    });
  });
}
