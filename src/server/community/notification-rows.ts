// The one INSERT every notification kind goes through: the recipients' settings, blocks, standing and access applied
// to the rows a source selects, each row keyed by its event so a second run inserts nothing (notify.ts).
import { seesThrough, storyAlias } from "../policies/anonymity";
import { type SQL, sql } from "drizzle-orm";
import { DEFAULT_CHANNELS } from "./settings";

/** The columns a source selects, in order. */
const SOURCE_COLUMNS = sql`r(user_id, type, actor_id, story_id, comment_id, chapter_number, milestone, dedupe_key)`;

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
 * The statement that inserts one notification per row of `source`, which selects (user_id, type, actor_id, story_id,
 * comment_id, chapter_number, milestone, dedupe_key). Left out: rows for the actor themselves, for someone who blocks
 * or mutes the actor, for an account suspended or banned now (it cannot sign in to read them), for a story the
 * recipient may not read (unpublished; mature for a free reader who did not write it), and for users who turned the
 * type off. By email with a verified address: email_state 'pending' (the email worker's queue, batched per user).
 */
export function insertNotifications(
  source: SQL,
  extra: { seriesId?: number; subjectId?: number; collectionId?: number } = {},
): SQL {
  const channel = sql`coalesce(ns.channel, ${defaultChannel})`;
  // Issue 30: a 'series_work' notification names its series, a 'related_work' one its link (every row of one call
  // has the same).
  const seriesId = extra.seriesId ?? null;
  const subjectId = extra.subjectId ?? null;
  // Issue 33: the collection the collection, exchange and prompt notifications tell about.
  const collectionId = extra.collectionId ?? null;
  return sql`
    insert into notifications
      (user_id, type, actor_id, story_id, comment_id, chapter_number, milestone, dedupe_key, email_state, series_id,
        subject_id, collection_id)
    select r.user_id, r.type, r.actor_id, r.story_id, r.comment_id, r.chapter_number, r.milestone, r.dedupe_key,
      case when ${channel} = 'email' and u.email_verified then 'pending' else 'none' end, ${seriesId}::int,
      ${subjectId}::int, ${collectionId}::int
    from (${source}) as ${SOURCE_COLUMNS}
    join users u on u.id = r.user_id
    left join stories st on st.id = r.story_id
    left join notification_settings ns on ns.user_id = r.user_id and ns.type = r.type
    where ${channel} <> 'off'
      and r.user_id is distinct from r.actor_id
      and not exists (select 1 from user_blocks hb where hb.user_id = r.user_id and hb.other_id = r.actor_id)
      and not (u.suspended_until is not null and u.suspended_until > now())
      and (r.story_id is null
        or (st.published and (st.rating = 'general' or u.is_premium or st.author_id = r.user_id)))
      ${heldBack}
    on conflict (user_id, dedupe_key) do nothing`;
}

/**
 * Issue 33: what an anonymous or unrevealed work holds back until its collection's reveal (collections/reveal.ts
 * sends them then, keyed as ever so each is sent once): an unrevealed work tells nobody but those who see through
 * it (its creators, its collections' maintainers), and an anonymous one does not tell its creators' followers (that
 * would name them). Its subscribers and gift recipients still hear of an anonymous work, its creators as 'Anonymous'.
 */
const heldBack = sql`and (r.story_id is null or (
        (not st.unrevealed or ${seesThrough(storyAlias("st"), sql`r.user_id`)})
        and not (st.anonymous and r.type in ('new_story', 'series_work'))))`;

/** pg answers rowCount, PGlite affectedRows. */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
