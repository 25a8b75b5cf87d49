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
  { batchSize = 200 }: { batchSize?: number } = {},
): Promise<number> {
  const since = new Date(now.getTime() - FEATURED.windowDays * DAY_MS);
  const candidates = await db
    .selectDistinct({ id: likes.storyId })
    .from(likes)
    .where(sql`${likes.createdAt} >= ${since.toISOString()}::timestamptz`)
    .union(
      db
        .selectDistinct({ id: bookmarks.storyId })
        .from(bookmarks)
        .where(sql`${bookmarks.createdAt} >= ${since.toISOString()}::timestamptz`),
    )
    .union(db.select({ id: stories.id }).from(stories).where(ne(stories.featuredScore, 0)));
  const ids = candidates.map((c) => c.id).sort((a, b) => a - b);
  const at = sql`${now.toISOString()}::timestamptz`;
  const from = sql`${since.toISOString()}::timestamptz`;
  const halfLifeSeconds = FEATURED.halfLifeDays * 24 * 60 * 60;
  const decayed = (table: "likes" | "bookmarks") =>
    sql`coalesce((select sum(power(2, -extract(epoch from (${at} - r.created_at)) / ${halfLifeSeconds}))
      from ${sql.raw(table)} r where r.story_id = c.id and r.created_at >= ${from} and r.created_at <= ${at}), 0)`;
  let changed = 0;
  for (let i = 0; i < ids.length; i += batchSize) {
    const chunk = ids.slice(i, i + batchSize);
    const list = sql.join(
      chunk.map((id) => sql`${id}`),
      sql`, `,
    );
    // NOTE: a conditional write: a score that moved by less than SCORE_TOLERANCE is not rewritten, so an hourly run
    // does not rewrite (and re-index) every scored story for a decay of a fraction of a percent.
    const rows = await db.execute(sql`
      update stories s set featured_score = v.score
      from (
        select c.id, (${decayed("likes")} * ${FEATURED.likeWeight} + ${decayed("bookmarks")} * ${FEATURED.bookmarkWeight})::real as score
        from unnest(array[${list}]::int[]) as c(id)
      ) v
      where s.id = v.id
        and (abs(s.featured_score - v.score) > ${SCORE_TOLERANCE} or (v.score = 0 and s.featured_score <> 0))
      returning s.id`);
    changed += rowCount(rows);
    await yieldToRequests();
  }
  return changed;
}

function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; length?: number };
  return Array.isArray(r) ? r.length : (r.rows?.length ?? 0);
}
