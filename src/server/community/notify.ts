// The one place notifications are made. Every kind is one INSERT … SELECT (notification-rows.ts): the recipients
// are chosen, their settings applied (off: no row; by email with a verified address: email_state 'pending'), and each
// row is keyed by the event (`dedupe_key`, unique per user), so a fan-out that runs twice — two instances, a retry —
// inserts each row once (ON CONFLICT DO NOTHING). A story's subscribers and an author's followers are fanned out in
// the database in chunks (chunked-fan-out.ts), never loaded into the process.
import { type SQL, sql } from "drizzle-orm";
import { LIKE_MILESTONES } from "../../shared/schemas/community";
import type { Db } from "../db/client";
import { type ChunkOptions, fanOutInChunks } from "./chunked-fan-out";
import { affectedRows, insertNotifications } from "./notification-rows";

/** Inserts the notifications of an event with one or two recipients; answers how many rows were inserted. */
async function fanOut(db: Db, source: SQL): Promise<number> {
  return affectedRows(await db.execute(insertNotifications(source)));
}

/** Recipients as of an event run late (by the sweep): a follow or subscription made after it is left out. */
const madeBy = (column: SQL, asOf: Date | undefined) =>
  asOf ? sql`and ${column} <= ${asOf.toISOString()}::timestamptz` : sql``;

export interface CrowdOptions extends ChunkOptions {
  /** The recipients at that time only (an outbox event delivered late). */
  asOf?: Date;
}

/**
 * New chapters of a story: one notification per subscriber and chapter, in chunks of subscribers. Called once the
 * save that first published `chapterNumbers` has committed (the outbox event's delivery); safe to call again.
 */
export async function notifyNewChapters(
  db: Db,
  storyId: number,
  chapterNumbers: readonly number[],
  options: CrowdOptions = {},
): Promise<number> {
  const numbers = chapterNumbers.filter((n) => Number.isSafeInteger(n) && n > 0);
  if (numbers.length === 0) return 0;
  const list = sql.join(
    numbers.map((n) => sql`${n}`),
    sql`, `,
  );
  return fanOutInChunks(
    db,
    {
      recipients: (after, limit) =>
        sql`select ss.user_id from story_subscriptions ss
          where ss.story_id = ${storyId} and ss.user_id > ${after} ${madeBy(sql`ss.created_at`, options.asOf)}
          order by ss.user_id limit ${limit}`,
      rows: sql`select c.user_id, 'new_chapter', s.author_id, s.id, null::int, n.n, null::int,
          'chapter:' || s.id || ':' || n.n
        from chunk c cross join stories s cross join unnest(array[${list}]::int[]) as n(n)
        where s.id = ${storyId}`,
    },
    options,
  );
}

/**
 * A story published for the first time: one notification per follower of its author (a re-publish adds none), in
 * chunks of followers.
 */
export async function notifyNewStory(db: Db, storyId: number, options: CrowdOptions = {}): Promise<number> {
  return fanOutInChunks(
    db,
    {
      // Issue 30: the followers of its creator and of each co-creator who had accepted by then, each once.
      recipients: (after, limit) =>
        sql`select distinct f.follower_id from follows f
          where f.author_id in (select author_id from stories where id = ${storyId}
              union all select user_id from story_co_creators where story_id = ${storyId} and state = 'accepted')
            and f.follower_id > ${after} ${madeBy(sql`f.created_at`, options.asOf)}
            and f.follower_id not in (select user_id from story_co_creators where story_id = ${storyId} and state = 'accepted')
          order by f.follower_id limit ${limit}`,
      rows: sql`select c.user_id, 'new_story', s.author_id, s.id, null::int, null::int, null::int, 'story:' || s.id
        from chunk c cross join stories s where s.id = ${storyId}`,
    },
    options,
  );
}

/**
 * Issue 30: a work added to a series: one notification per subscriber of the series (keyed per series and work, so
 * once per work), in chunks of subscribers. A subscriber the owner blocked, or who blocked the owner, hears nothing;
 * a work taken out of the series before the delivery ran is announced to nobody.
 */
export async function notifySeriesWork(
  db: Db,
  seriesId: number,
  storyId: number,
  options: CrowdOptions = {},
): Promise<number> {
  const owner = sql`(select owner_id from series where id = ${seriesId})`;
  return fanOutInChunks(
    db,
    {
      recipients: (after, limit) =>
        sql`select ss.user_id from series_subscriptions ss
          where ss.series_id = ${seriesId} and ss.user_id > ${after} ${madeBy(sql`ss.created_at`, options.asOf)}
            and not exists (select 1 from user_blocks b where b.kind = 'block'
              and ((b.user_id = ss.user_id and b.other_id = ${owner}) or (b.user_id = ${owner} and b.other_id = ss.user_id)))
          order by ss.user_id limit ${limit}`,
      rows: sql`select c.user_id, 'series_work', s.author_id, s.id, null::int, null::int, null::int,
          'series:' || ${seriesId}::int || ':' || s.id
        from chunk c cross join stories s
        where s.id = ${storyId}
          and exists (select 1 from series_works sw where sw.series_id = ${seriesId}::int and sw.story_id = s.id)`,
      seriesId,
    },
    options,
  );
}

/**
 * A new comment, in one statement: the author of the comment it answers hears of a reply, the story's author of a
 * comment — unless they wrote the comment answered, then the reply is the one notification (one event key for both).
 */
export async function notifyComment(db: Db, commentId: number): Promise<number> {
  return fanOut(
    db,
    sql`select p.author_id, 'reply', c.author_id, c.story_id, c.id, null::int, null::int, 'comment:' || c.id
      from comments c join comments p on p.id = c.parent_id
      where c.id = ${commentId} and p.deleted_at is null
      union all
      select s.author_id, 'comment', c.author_id, c.story_id, c.id, null::int, null::int, 'comment:' || c.id
      from comments c join stories s on s.id = c.story_id
      where c.id = ${commentId} and not exists (
        select 1 from comments p where p.id = c.parent_id and p.author_id = s.author_id and p.deleted_at is null)`,
  );
}

/** Someone followed an author; unfollowing and following again does not notify twice. */
export async function notifyNewFollower(db: Db, authorId: number, followerId: number): Promise<number> {
  return fanOut(
    db,
    sql`select f.author_id, 'new_follower', f.follower_id, null::int, null::int, null::int, null::int, 'follower:' || f.follower_id
      from follows f where f.author_id = ${authorId} and f.follower_id = ${followerId}`,
  );
}

/** A like brought a story's count to `likeCount`; at a milestone (1, 10, 100, 1,000) its author hears of it, once. */
export async function notifyLikeMilestone(
  db: Db,
  storyId: number,
  likeCount: number,
  likerId: number,
): Promise<number> {
  if (!(LIKE_MILESTONES as readonly number[]).includes(likeCount)) return 0;
  return fanOut(
    db,
    sql`select s.author_id, 'like_milestone', ${likerId}::int, s.id, null::int, null::int, ${likeCount}::int,
        'likes:' || s.id || ':' || ${likeCount}::int
      from stories s where s.id = ${storyId}`,
  );
}
