// Discover's 'Featured': recent likes and bookmarks, decayed with a half-life of FEATURED.halfLifeDays. A story's
// score as of a moment is the sum over its likes and bookmarks of the last FEATURED.windowDays of
// weight × 2^(-age / halfLife). Stored in time-free units: each mark counts weight × 2^((at − epoch) / halfLife),
// which is that sum multiplied by 2^((now − epoch) / halfLife), the same factor for every story: the order is the
// same, and a stored score does not change as time passes. So a like or bookmark adds its own units at once
// (markUnits), taking it back takes them off, and the hourly job only corrects the stories whose window lost a
// mark (at a million works the decaying scores it replaced rewrote ~20,000 rows an hour, 230,000 after a restart
// half a day later, each update touching every index of stories).
// NOTE: the units double every half-life; double precision holds them until 2^1023, 19 years after the epoch.
import { eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookmarks, likes, stories } from "../db/schema";
import { yieldToRequests } from "../db/yield";

export const FEATURED = {
  halfLifeDays: 7,
  windowDays: 28,
  likeWeight: 1,
  bookmarkWeight: 2,
  /** Where the units start (migration 0030 holds the same date). */
  epochMs: Date.UTC(2026, 0, 1),
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const HALF_LIFE_MS = FEATURED.halfLifeDays * DAY_MS;
/**
 * A recomputed score is written when it differs from the stored one by more than this share: rounding apart, and a
 * tenth of a percent, which changes no order that matters, spares the rewrite of every score after migration 0030
 * (scores scaled as of the migration, a few minutes after the last recomputation, differ by 0.06% in 9 minutes).
 */
const RELATIVE_TOLERANCE = sql.raw("1e-3");

/** What a mark of `weight` made at `at` adds to a stored score. */
export const markUnits = (weight: number, at: Date) => weight * 2 ** ((at.getTime() - FEATURED.epochMs) / HALF_LIFE_MS);

/** A stored score as a decayed sum as of `now` (a fresh like is 1, a week-old one 0.5). */
export const scoreAsOf = (stored: number, now: Date) =>
  stored * 2 ** ((FEATURED.epochMs - now.getTime()) / HALF_LIFE_MS);

/** Adds a mark of `weight` made at `at` to a story's score (negative to take one back), never below 0. */
export async function bumpFeaturedScore(db: Db, storyId: number, weight: number, at: Date): Promise<void> {
  await db
    .update(stories)
    .set({ featuredScore: sql`greatest(${stories.featuredScore} + ${markUnits(weight, at)}, 0)` })
    .where(eq(stories.id, storyId));
}

/** Whether a mark made at `at` still counts towards Featured at `now`. */
export const inWindow = (at: Date, now: Date) => at.getTime() >= now.getTime() - FEATURED.windowDays * DAY_MS;

/**
 * Recomputes the score of every story with likes or bookmarks in the window or a score still above 0, and writes
 * those that changed (a mark left the window, or a bump went astray); answers how many changed.
 */
export async function recomputeFeaturedScores(
  db: Db,
  now: Date,
  { batchSize = 500 }: { batchSize?: number } = {},
): Promise<number> {
  const halfLifeSeconds = HALF_LIFE_MS / 1000;
  const at = sql`${now.toISOString()}::timestamptz`;
  const epoch = sql`${new Date(FEATURED.epochMs).toISOString()}::timestamptz`;
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
          sum(power(2::float8, date_part('epoch', ${table.createdAt} - ${epoch}) / ${halfLifeSeconds})) as sum
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
    // NOTE: a conditional write: a score the marks' own bumps kept right (rounding apart) is not rewritten.
    const rows = await db.execute(sql`
      update stories s set featured_score = v.score
      from (
        select id, score from unnest(${sql.param(chunk)}::int[], ${sql.param(chunk.map((id) => scores.get(id)!))}::float8[]) as u(id, score)
      ) v
      where s.id = v.id
        and (abs(s.featured_score - v.score) > ${RELATIVE_TOLERANCE} * greatest(abs(v.score), abs(s.featured_score))
          or (v.score = 0 and s.featured_score <> 0))
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
