// For You: the reader's profile (the fandoms, tags and themes of what they wrote, liked and bookmarked) and the
// SQL that finds and scores the stories sharing them.
import { desc, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookmarks, likes, stories } from "../db/schema";
import { tagNames } from "../stories/story-queries";
import { fandomList } from "../stories/story-rating";
import { tagKey } from "../../shared/tagging";

/** How many of the reader's own, liked and bookmarked stories For You learns from, and how much each match weighs. */
const PROFILE_STORIES = 200;
const PROFILE_TERMS = { fandoms: 5, tags: 5, themes: 3 } as const;
const AFFINITY = { fandom: 3, tag: 2, theme: 1 } as const;

export interface Profile {
  /** The reader: For You leaves out their own stories. */
  userId: number;
  fandoms: string[];
  tags: string[];
  themes: string[];
}

const textArray = (list: readonly string[]) =>
  list.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

// NOTE: constants written into the SQL: as parameters they would arrive as text.
const weight = (n: number) => sql.raw(String(Math.trunc(n)));

/** For You ranks at most this many stories per fandom or tag of the reader's: the most featured that carry it (walked down stories_featured_idx, ~20 rows a match for a fandom of 5%). */
export const CANDIDATES_PER_TERM = 50;

/**
 * For You's candidates with their affinity: for each of the reader's fandoms and tags, the most featured stories
 * carrying it (each list walked down stories_featured_idx, or taken from stories_fandom_keys_idx /
 * stories_tag_keys_idx for a rare one, CANDIDATES_PER_TERM at most), scored by every fandom and tag of the reader's
 * they carry.
 * NOTE: bounded, so a reader of a big fandom never has the whole fandom gathered and sorted per request (the
 * candidates were every story sharing a term: seconds at 200,000 works, decision 0072). Ordered exactly as the index
 * is built (nulls last): in the default order (nulls first for desc) PostgreSQL cannot walk it, and gathered and
 * sorted every story of each fandom and tag instead (3.3-7.8 s at a million works).
 */
export function candidates(profile: Profile): SQL {
  const top = (where: SQL) =>
    sql`(select s2.id from stories s2 where s2.published and ${where}
      order by s2.featured_score desc nulls last, s2.id desc nulls last limit ${weight(CANDIDATES_PER_TERM)})`;
  const keys = profile.tags.map(tagKey);
  const parts = [
    ...profile.fandoms.map((fandom) => top(sql`story_fandom_keys(s2.fandoms) @> ${textArray([fandom])}`)),
    ...keys.map((key) => top(sql`s2.tag_keys @> ${textArray([key])}`)),
  ];
  if (parts.length === 0) return sql`(select 0 as id, 0 as a where false) fy`;
  const fandoms = sql`(select count(*) from jsonb_array_elements_text(
    case when jsonb_typeof(c.fandoms) = 'array' then c.fandoms else '[]'::jsonb end) f where f = any(${textArray(profile.fandoms)}))`;
  const tags = sql`cardinality(array(select unnest(c.tag_keys) intersect select unnest(${textArray(keys)})))`;
  return sql`(select c.id, (${weight(AFFINITY.fandom)} * ${fandoms} + ${weight(AFFINITY.tag)} * ${tags})::int as a
    from stories c where c.id in (${sql.join(parts, sql` union `)})) fy`;
}

/** Shared themes add to a candidate's affinity (themes are few and widely shared, so they do not make one). */
export function affinity(profile: Profile): SQL<number> {
  return sql<number>`(fy.a + ${weight(AFFINITY.theme)} * (select count(*) from jsonb_array_elements_text(
    case when jsonb_typeof(${stories.themes}) = 'array' then ${stories.themes} else '[]'::jsonb end) th
    where th = any(${textArray(profile.themes)})))::int`;
}

function topTerms(lists: readonly string[][], max: number): string[] {
  const counts = new Map<string, number>();
  for (const list of lists) for (const term of new Set(list)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([term]) => term);
}

/** The fandoms, tags and themes of what the reader wrote, liked and bookmarked (null when there is nothing yet). */
export async function readerProfile(db: Db, userId: number): Promise<Profile | null> {
  const own = sql`select ${stories.id} as id from ${stories} where ${stories.authorId} = ${userId}`;
  const liked = sql`select ${likes.storyId} as id from ${likes} where ${likes.userId} = ${userId}`;
  const saved = sql`select ${bookmarks.storyId} as id from ${bookmarks} where ${bookmarks.userId} = ${userId}`;
  const rows = await db
    .select({ fandoms: stories.fandoms, themes: stories.themes, tags: tagNames })
    .from(stories)
    .where(sql`${stories.id} in (${own} union ${liked} union ${saved})`)
    .orderBy(desc(stories.updatedAt))
    .limit(PROFILE_STORIES);
  const profile: Profile = {
    userId,
    fandoms: topTerms(
      rows.map((r) => fandomList(r.fandoms)),
      PROFILE_TERMS.fandoms,
    ),
    tags: topTerms(
      rows.map((r) => r.tags),
      PROFILE_TERMS.tags,
    ),
    themes: topTerms(
      rows.map((r) => fandomList(r.themes)),
      PROFILE_TERMS.themes,
    ),
  };
  // NOTE: themes alone find no candidates (they only add to a candidate's affinity).
  const empty = profile.fandoms.length + profile.tags.length === 0;
  return empty ? null : profile;
}
