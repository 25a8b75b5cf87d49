// Discover's 'Featured': recent likes and bookmarks, decayed. featured_score is the sum over the likes and
// bookmarks of the last FEATURED.windowDays of weight * 2^(-age / halfLife). The maintenance job recomputes it
// for every story that has (or had) one; a like or bookmark may bump it at once with bumpFeaturedScore, the next
// recomputation decays it like the others.
import { eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookmarks, likes, stories } from "../db/schema";
import { yieldToRequests } from "../db/yield";

export const FEATURED = { halfLifeDays: 7, windowDays: 28, likeWeight: 1, bookmarkWeight: 2 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const SCORE_TOLERANCE = sql.raw("0.01");

/** Adds `weight` (a like: FEATURED.likeWeight; negative to take one back) to a story's score, never below 0. */
export async function bumpFeaturedScore(db: Db, storyId: number, weight: number): Promise<void> {
  await db
    .update(stories)
    .set({ featuredScore: sql`greatest(${stories.featuredScore} + ${weight}, 0)` })
    .where(eq(stories.id, storyId));
}

/** Recomputes the score of every story with recent likes or bookmarks or a score still above 0; answers how many changed. */
export async function recomputeFeaturedScores(
  db: Db,
  now: Date,
  { batchSize = 500 }: { batchSize?: number } = {},
): Promise<number> {
  const halfLifeSeconds = FEATURED.halfLifeDays * 24 * 60 * 60;
  const at = sql`${now.toISOString()}::timestamptz`;
  const since = now.getTime() - FEATURED.windowDays * DAY_MS;
  // NOTE: the window's likes and bookmarks read once, a day of them per statement (likes_created_idx,
  // bookmarks_created_idx), summed per story here: at 200,000 works the window held 420,000 likes, and one statement
  // over all of them took 10 s or more on a busy machine (the pool's timeout is 30 s).
  const scores = new Map<number, number>();
  for (const [table, weight] of [
    [likes, FEATURED.likeWeight],
    [bookmarks, FEATURED.bookmarkWeight],
  ] as const) {
    for (let day = 0; day < FEATURED.windowDays; day++) {
      const from = sql`${new Date(since + day * DAY_MS).toISOString()}::timestamptz`;
      const until =
        day === FEATURED.windowDays - 1
          ? sql`${table.createdAt} <= ${at}`
          : sql`${table.createdAt} < ${new Date(since + (day + 1) * DAY_MS).toISOString()}::timestamptz`;
      const sums = await db.execute(sql`
        select ${table.storyId} as id,
          sum(power(2::float8, -date_part('epoch', ${at} - ${table.createdAt}) / ${halfLifeSeconds})) as sum
        from ${table} where ${table.createdAt} >= ${from} and ${until} group by ${table.storyId}`);
      for (const { id, sum } of rowsOf<{ id: number; sum: number }>(sums)) {
        scores.set(id, (scores.get(id) ?? 0) + weight * sum);
      }
      await yieldToRequests();
    }
  }
  // A story scored before but without likes or bookmarks in the window now decays to 0 (stories_scored_idx).
  const scored = await db.select({ id: stories.id }).from(stories).where(ne(stories.featuredScore, 0));
  for (const { id } of scored) if (!scores.has(id)) scores.set(id, 0);
  const ids = [...scores.keys()].sort((a, b) => a - b);
  let changed = 0;
  for (let i = 0; i < ids.length; i += batchSize) {
    const chunk = ids.slice(i, i + batchSize);
    // NOTE: a conditional write: a score that moved by less than SCORE_TOLERANCE is not rewritten, so an hourly run
    // does not rewrite (and re-index) every scored story for a decay of a fraction of a percent.
    const rows = await db.execute(sql`
      update stories s set featured_score = v.score
      from (
        select id, score::real from unnest(${sql.param(chunk)}::int[], ${sql.param(chunk.map((id) => scores.get(id)!))}::float8[]) as u(id, score)
      ) v
      where s.id = v.id
        and (abs(s.featured_score - v.score) > ${SCORE_TOLERANCE} or (v.score = 0 and s.featured_score <> 0))
      returning s.id`);
    changed += rowsOf(rows).length;
    await yieldToRequests();
  }
  return changed;
}

// node-postgres answers { rows }, PGlite { rows, affectedRows }.
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}
