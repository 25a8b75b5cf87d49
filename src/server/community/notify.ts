// The one place notifications are made. Every kind is one INSERT … SELECT: the recipients are chosen, their settings
// applied (off: no row; by email with a verified address: email_state 'pending'), and each row is keyed by the event
// (`dedupe_key`, unique per user), so a fan-out that runs twice — two instances, a retry — inserts each row once
// (ON CONFLICT DO NOTHING). A story's subscribers are fanned out in the database, never loaded into the process.
import { type SQL, sql } from "drizzle-orm";
import { LIKE_MILESTONES } from "../../shared/schemas/community";
import type { Db } from "../db/client";
import { DEFAULT_CHANNELS } from "./settings";

/** The default channels as SQL, for rows whose type comes from the source. */
const defaultChannel = sql.join(
  [
    sql`case r.type`,
    ...Object.entries(DEFAULT_CHANNELS).map(([type, channel]) => sql`when ${type} then ${channel}`),
    sql`end`,
  ],
  sql` `,
);

/**
 * Inserts one notification per row of `source`, which selects (user_id, type, actor_id, story_id, comment_id,
 * chapter_number, milestone, dedupe_key). Rows for the actor themselves, for a story the recipient may not read
 * (unpublished; mature for a free reader who did not write it), and for users who turned the type off are left out.
 * Answers how many rows were inserted.
 */
async function fanOut(db: Db, source: SQL): Promise<number> {
  const channel = sql`coalesce(ns.channel, ${defaultChannel})`;
  const result = await db.execute(sql`
    insert into notifications
      (user_id, type, actor_id, story_id, comment_id, chapter_number, milestone, dedupe_key, email_state)
    select r.user_id, r.type, r.actor_id, r.story_id, r.comment_id, r.chapter_number, r.milestone, r.dedupe_key,
      case when ${channel} = 'email' and u.email_verified then 'pending' else 'none' end
    from (${source}) as r(user_id, type, actor_id, story_id, comment_id, chapter_number, milestone, dedupe_key)
    join users u on u.id = r.user_id
    left join stories st on st.id = r.story_id
    left join notification_settings ns on ns.user_id = r.user_id and ns.type = r.type
    where ${channel} <> 'off'
      and r.user_id is distinct from r.actor_id
      -- Nobody hears from someone they block or mute.
      and not exists (select 1 from user_blocks hb where hb.user_id = r.user_id and hb.other_id = r.actor_id)
      and (r.story_id is null
        or (st.published and (st.rating = 'general' or u.is_premium or st.author_id = r.user_id)))
    on conflict (user_id, dedupe_key) do nothing`);
  return affectedRows(result);
}

/** pg answers rowCount, PGlite affectedRows. */
function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Recipients as of an event run late (by the sweep): a follow or subscription made after it is left out. */
const madeBy = (column: SQL, asOf: Date | undefined) =>
  asOf ? sql`and ${column} <= ${asOf.toISOString()}::timestamptz` : sql``;

/**
 * New chapters of a story: one notification per subscriber and chapter. Called by the chapter engine after the save
 * that first published `chapterNumbers` has committed (or in the background); safe to call again. `asOf`: the
 * subscribers at that time only.
 */
export async function notifyNewChapters(
  db: Db,
  storyId: number,
  chapterNumbers: readonly number[],
  asOf?: Date,
): Promise<number> {
  const numbers = chapterNumbers.filter((n) => Number.isSafeInteger(n) && n > 0);
  if (numbers.length === 0) return 0;
  const list = sql.join(
    numbers.map((n) => sql`${n}`),
    sql`, `,
  );
  return fanOut(
    db,
    sql`select ss.user_id, 'new_chapter', s.author_id, s.id, null::int, c.n, null::int, 'chapter:' || s.id || ':' || c.n
      from story_subscriptions ss
      join stories s on s.id = ss.story_id
      cross join unnest(array[${list}]::int[]) as c(n)
      where ss.story_id = ${storyId} ${madeBy(sql`ss.created_at`, asOf)}`,
  );
}

/**
 * A story published for the first time: one notification per follower of its author (a re-publish adds none).
 * `asOf`: the followers at that time only.
 */
export async function notifyNewStory(db: Db, storyId: number, asOf?: Date): Promise<number> {
  return fanOut(
    db,
    sql`select f.follower_id, 'new_story', s.author_id, s.id, null::int, null::int, null::int, 'story:' || s.id
      from stories s join follows f on f.author_id = s.author_id
      where s.id = ${storyId} ${madeBy(sql`f.created_at`, asOf)}`,
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
