// The Following feed: what is new from the authors a reader follows and the stories they subscribe to, newest first,
// keyset-paged on (at, story id, k). Each kind of event is one branch of a UNION ALL: a story's first publication,
// and each later chapter at its first publication (story_chapters: a chapter that came with the story is part of the
// story's own entry; one cut and put back keeps its date, so it never shows twice).
import { sql } from "drizzle-orm";
import type { FollowingItem, FollowingPage } from "../../shared/schemas/community";
import type { Db } from "../db/client";
import type { Viewer } from "../policies/visibility";

interface Row {
  k: number;
  kind: FollowingItem["kind"];
  story_id: number;
  chapter_number: number | null;
  at: Date | string;
  title: string;
  description: string | null;
  username: string;
  by_author: boolean;
  by_story: boolean;
}

export async function listFollowing(
  db: Db,
  viewer: NonNullable<Viewer>,
  query: { cursor?: string; limit: number },
): Promise<FollowingPage> {
  const [atMs, storyId, k] = query.cursor ? query.cursor.split("_").map(Number) : [];
  const after =
    atMs === undefined
      ? sql``
      : sql`where (e.at, e.story_id, e.k) < (${new Date(atMs).toISOString()}::timestamptz, ${storyId}, ${k})`;
  // Issue 18: nothing unpublished by a moderator or by a suspended author (visibility/standing.ts, written for `s`).
  const moderated = sql`s.moderation_hidden_at is null
    and not exists (select 1 from users su where su.id = s.author_id and su.suspended_until > now())`;
  const readable = viewer.isPremium
    ? sql`s.published and ${moderated}`
    : sql`s.published and ${moderated} and (s.rating = 'general' or s.author_id = ${viewer.id})`;
  const result = await db.execute(sql`
    with followed as (
      -- NOTE: the followed authors' stories (stories_author_published_idx per author) and the subscribed ones (by
      -- id), each through its index: an OR of the two kept the planner on a scan of every story (decision 0072).
      select s.id from follows f join stories s on s.author_id = f.author_id and s.published
        where f.follower_id = ${viewer.id}
      union
      select ss.story_id from story_subscriptions ss where ss.user_id = ${viewer.id}
    ), mine as materialized (
      select s.id, s.published_at,
        exists (select 1 from follows f where f.follower_id = ${viewer.id} and f.author_id = s.author_id) as by_author,
        exists (select 1 from story_subscriptions ss where ss.user_id = ${viewer.id} and ss.story_id = s.id) as by_story
      from followed fo join stories s on s.id = fo.id
      where ${readable} and s.author_id <> ${viewer.id}
        and not exists (select 1 from user_blocks hb where hb.user_id = ${viewer.id} and hb.other_id = s.author_id)
    ), events as (
      select 0 as k, 'story' as kind, id as story_id, null::int as chapter_number, published_at as at from mine
      union all
      select 1 + c.n, 'chapter', c.story_id, c.n, c.first_published_at
      from story_chapters c join mine m on m.id = c.story_id
      where c.n > 1 and c.removed_at is null and c.first_published_at > m.published_at + interval '1 second'
    )
    select e.k, e.kind, e.story_id, e.chapter_number, e.at, s.title, s.description, u.username,
      m.by_author, m.by_story
    from events e
    join mine m on m.id = e.story_id
    join stories s on s.id = e.story_id
    join users u on u.id = s.author_id
    ${after}
    order by e.at desc, e.story_id desc, e.k desc
    limit ${query.limit + 1}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      kind: row.kind,
      storyId: row.story_id,
      title: row.title,
      description: row.description,
      author: { username: row.username },
      chapterNumber: row.chapter_number,
      via: row.by_author && row.by_story ? "both" : row.by_author ? "author" : "story",
      at: new Date(row.at).toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? `${new Date(last.at).getTime()}_${last.story_id}_${last.k}` : null,
  };
}
