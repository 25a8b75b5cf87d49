// The Following feed: what is new from the authors a reader follows, the stories and series (issue 30) they subscribe
// to, newest first, keyset-paged on (at, story id, k). Each kind of event is one branch of a UNION ALL: a story's first publication,
// and each later chapter at its first publication (story_chapters: a chapter that came with the story is part of the
// story's own entry; one cut and put back keeps its date, so it never shows twice).
import { type SQL, sql } from "drizzle-orm";
import type { FollowingItem, FollowingPage } from "../../shared/schemas/community";
import type { Db } from "../db/client";
import type { Viewer } from "../policies/visibility";
import type { AiFilter } from "../../shared/ai-label";
import { aiFields } from "../visibility/ai-filter";
import { coCreatorNamesOf } from "../policies/creator-names";
import { ANONYMOUS_CREATOR, creatorHiddenFrom, storyAlias } from "../policies/anonymity";

interface Row {
  k: number;
  kind: FollowingItem["kind"];
  story_id: number;
  chapter_number: number | null;
  at: Date | string;
  title: string;
  description: string | null;
  username: string;
  co_creators: { username: string }[];
  word_count: number | null;
  ai_word_count: number | null;
  ai_label: string | null;
  by_author: boolean;
  by_story: boolean;
  by_series: boolean;
}

/** The most hidden works one page counts (the line then says that many). */
const HIDDEN_CAP = 1_000;

export async function listFollowing(
  db: Db,
  viewer: NonNullable<Viewer>,
  query: { cursor?: string; limit: number },
  /** The AI filter the feed applies (the URL's, else the reader's preference). */
  ai: AiFilter = "any",
): Promise<FollowingPage> {
  const [atMs, storyId, k] = query.cursor ? query.cursor.split("_").map(Number) : [];
  const at = atMs === undefined ? null : new Date(atMs).toISOString();
  const after = at === null ? sql`` : sql`where (e.at, e.story_id, e.k) < (${at}::timestamptz, ${storyId}, ${k})`;
  // Issue 18: nothing unpublished by a moderator or by a suspended author (visibility/standing.ts); a free reader
  // sees no mature story (their own, which could be, are never in their feed).
  const rated = viewer.isPremium ? sql`` : sql`and s.rating = 'general'`;
  // Issue 29: the AI filter is one more condition on the story's generated label.
  const labelled =
    ai === "none" ? sql`and s.ai_label = 'none'` : ai === "assisted" ? sql`and s.ai_label <> 'generated'` : sql``;
  // What the filter leaves out: counted for the 'N works hidden by your AI filter' line.
  const unlabelled =
    ai === "none" ? sql`and s.ai_label <> 'none'` : ai === "assisted" ? sql`and s.ai_label = 'generated'` : sql``;
  // Issue 33: no unrevealed work; an anonymous one only through a subscription (never through its creators' follows).
  const shownWith = (label: SQL) =>
    sql`s.published and s.moderation_hidden_at is null and not s.unrevealed ${rated} ${label}`;
  const shown = shownWith(labelled);
  const authorShown = (author: SQL) => sql`${author} <> ${viewer.id}
    and not exists (select 1 from user_blocks hb where hb.user_id = ${viewer.id} and hb.other_id = ${author})
    and not exists (select 1 from users su where su.id = ${author} and su.suspended_until > now())`;
  // The stories whose events can be on the page, from each followed author (stories_author_last_event_idx) and the
  // subscribed stories. A story's events are at or before its last_event_at (exact), so the `limit + 1` newest
  // events before the cursor lie in the `limit + 1` stories with the newest (last_event_at, id) before the
  // cursor's (at, story id), each of whose events all are before the cursor, and in the stories straddling the
  // cursor: newest event at or after it, publication (their oldest event) at or before it. Only a deep page has
  // those: stories published before the cursor and given a chapter since.
  const stories = (where: SQL, limit: SQL, onShow = shown) => sql`
    select s.id, s.last_event_at from followed a cross join lateral (
      select s.id, s.last_event_at from stories s
      where s.author_id = a.author_id and ${onShow} and not s.anonymous and ${where}
      order by s.last_event_at desc nulls last, s.id desc nulls last ${limit}) s
    union
    select s.id, s.last_event_at from followed a cross join lateral (
      select s.id, s.last_event_at from story_co_creators cc join stories s on s.id = cc.story_id
      where cc.user_id = a.author_id and cc.state = 'accepted' and ${onShow} and ${authorShown(sql`s.author_id`)}
        and not s.anonymous and ${where}
      order by s.last_event_at desc nulls last, s.id desc nulls last ${limit}) s
    union
    select s.id, s.last_event_at from story_subscriptions ss join stories s on s.id = ss.story_id
    where ss.user_id = ${viewer.id} and ${onShow} and ${authorShown(sql`s.author_id`)} and ${where}
    union
    select s.id, s.last_event_at from series_subscriptions sub
      join series_works sw on sw.series_id = sub.series_id join stories s on s.id = sw.story_id
    where sub.user_id = ${viewer.id} and ${onShow} and ${authorShown(sql`s.author_id`)} and ${where}`;
  const taken = query.limit + 1;
  const hidden = creatorHiddenFrom(storyAlias("s"), viewer.id);
  const before = at === null ? sql`true` : sql`(s.last_event_at, s.id) < (${at}::timestamptz, ${storyId})`;
  const straddling =
    at === null
      ? sql``
      : sql`union select id from (${stories(
          sql`(s.last_event_at, s.id) >= (${at}::timestamptz, ${storyId}) and s.published_at <= ${at}::timestamptz`,
          sql``,
        )}) st`;
  const result = await db.execute(sql`
    with followed as (
      select f.author_id from follows f where f.follower_id = ${viewer.id} and ${authorShown(sql`f.author_id`)}
    ), newest as (
      select id from (${stories(before, sql`limit ${taken}`)}) c
      order by c.last_event_at desc, c.id desc limit ${taken}
    ), mine as materialized (
      select s.id, s.published_at,
        not s.anonymous and exists (select 1 from follows f where f.follower_id = ${viewer.id} and (f.author_id = s.author_id
          or f.author_id in (select cc.user_id from story_co_creators cc where cc.story_id = s.id and cc.state = 'accepted'))
        ) as by_author,
        exists (select 1 from story_subscriptions ss where ss.user_id = ${viewer.id} and ss.story_id = s.id) as by_story,
        exists (select 1 from series_subscriptions sub join series_works sw on sw.series_id = sub.series_id
          where sub.user_id = ${viewer.id} and sw.story_id = s.id) as by_series
      from (select id from newest ${straddling}) c join stories s on s.id = c.id
    ), events as (
      select 0 as k, 'story' as kind, id as story_id, null::int as chapter_number, published_at as at from mine
      union all
      select 1 + c.n, 'chapter', c.story_id, c.n, c.first_published_at
      from story_chapters c join mine m on m.id = c.story_id
      where c.n > 1 and c.removed_at is null and c.first_published_at > m.published_at + interval '1 second'
    )
    select e.k, e.kind, e.story_id, e.chapter_number, e.at, s.title, s.description,
      case when ${hidden} then ${ANONYMOUS_CREATOR} else u.username end as username,
      case when ${hidden} then '[]'::json else ${coCreatorNamesOf(sql`s.id`)} end as co_creators,
      s.word_count, s.ai_word_count, s.ai_label, m.by_author, m.by_story, m.by_series
    from events e
    join mine m on m.id = e.story_id
    join stories s on s.id = e.story_id
    join users u on u.id = s.author_id
    ${after}
    order by e.at desc, e.story_id desc, e.k desc
    limit ${taken}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const more = rows.length > query.limit && last !== undefined;
  let hiddenByAi: number | undefined;
  if (ai !== "any") {
    // The works the filter left out of this page's stretch of the feed: newest event after the next page's start
    // (through the end on the last page) and before this page's cursor; never more than HIDDEN_CAP are counted.
    const through = more
      ? sql`(s.last_event_at, s.id) >= (${new Date(last.at).toISOString()}::timestamptz, ${last.story_id})`
      : sql`true`;
    const counted = await db.execute(sql`
      with followed as (
        select f.author_id from follows f where f.follower_id = ${viewer.id} and ${authorShown(sql`f.author_id`)}
      )
      select count(*)::int as n from (
        select id from (${stories(sql`${before} and ${through}`, sql`limit ${HIDDEN_CAP}`, shownWith(unlabelled))}) c
        limit ${HIDDEN_CAP}) h`);
    hiddenByAi = (counted as unknown as { rows: { n: number }[] }).rows[0]?.n || undefined;
  }
  return {
    ...(hiddenByAi ? { hiddenByAi } : {}),
    items: page.map((row) => ({
      kind: row.kind,
      storyId: row.story_id,
      title: row.title,
      description: row.description,
      author: { username: row.username },
      coCreators: row.co_creators,
      ...aiFields({ aiLabel: row.ai_label, wordCount: row.word_count, aiWordCount: row.ai_word_count }),
      chapterNumber: row.chapter_number,
      via:
        row.by_author && row.by_story
          ? "both"
          : row.by_author
            ? "author"
            : row.by_story
              ? "story"
              : row.by_series
                ? "series"
                : "story",
      at: new Date(row.at).toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? `${new Date(last.at).getTime()}_${last.story_id}_${last.k}` : null,
  };
}
