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
  const at = sql`${now.toISOString()}::timestamptz`;
  const from = sql`${new Date(now.getTime() - FEATURED.windowDays * DAY_MS).toISOString()}::timestamptz`;
  const halfLifeSeconds = FEATURED.halfLifeDays * 24 * 60 * 60;
  const decayed = (table: typeof likes | typeof bookmarks) => sql`
    select ${table.storyId} as story_id,
      sum(power(2, -extract(epoch from (${at} - ${table.createdAt})) / ${halfLifeSeconds})) as sum
    from ${table} where ${table.createdAt} >= ${from} and ${table.createdAt} <= ${at} group by ${table.storyId}`;
  // NOTE: one pass over the window's likes and bookmarks (likes_created_idx, bookmarks_created_idx), grouped by
  // story, instead of two correlated subqueries per story; the sums are the same expressions as before (numeric,
  // then real), so the scores are identical.
  const windowed = await db.execute(sql`
    select coalesce(l.story_id, b.story_id) as id,
      (coalesce(l.sum, 0) * ${FEATURED.likeWeight} + coalesce(b.sum, 0) * ${FEATURED.bookmarkWeight})::real as score
    from (${decayed(likes)}) l full join (${decayed(bookmarks)}) b on b.story_id = l.story_id`);
  const scores = new Map<number, number>(rowsOf<{ id: number; score: number }>(windowed).map((r) => [r.id, r.score]));
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
      from unnest(${sql.param(chunk)}::int[], ${sql.param(chunk.map((id) => scores.get(id)!))}::real[]) as v(id, score)
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
