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
 * A term's full list (CANDIDATES_PER_TERM stories) is kept this long per instance and database. Featured scores move
 * hourly (featured-score.ts), and the page itself re-checks every candidate (published, not hidden, not blocked), so
 * a kept list is late only in which stories rose into a popular term's top 50. A list that is not full (a rare term,
 * every story carrying it) is never kept: a story published into it shows at once.
 */
export const TERM_LIST_MS = 5 * 60_000;
const TERM_LISTS_MAX = 5_000;

interface TermList {
  ids: number[];
  at: number;
}
/** Per database (a primary and a replica pool each have their own), then per term. */
const termLists = new WeakMap<object, Map<string, TermList>>();

type Term = { kind: "fandom" | "tag"; value: string };
const termsOf = (profile: Profile): Term[] => [
  ...profile.fandoms.map((value) => ({ kind: "fandom" as const, value })),
  ...profile.tags.map((tag) => ({ kind: "tag" as const, value: tagKey(tag) })),
];

/** The term's CANDIDATES_PER_TERM most featured stories, tagged with `n` (walked down stories_featured_idx, or taken from stories_fandom_keys_idx / stories_tag_keys_idx for a rare one). */
function termTop(term: Term, n: number): SQL {
  const where =
    term.kind === "fandom"
      ? sql`story_fandom_keys(s2.fandoms) @> ${textArray([term.value])}`
      : sql`s2.tag_keys @> ${textArray([term.value])}`;
  return sql`(select ${weight(n)} as n, s2.id from stories s2 where s2.published and ${where}
    order by s2.featured_score desc nulls last, s2.id desc nulls last limit ${weight(CANDIDATES_PER_TERM)})`;
}

/**
 * For You's candidates: for each of the reader's fandoms and tags, its CANDIDATES_PER_TERM most featured stories,
 * from the kept lists (TERM_LIST_MS) where they are, the others read in one statement.
 * NOTE: bounded, so a reader of a big fandom never has the whole fandom gathered and sorted per request (the
 * candidates were every story sharing a term: seconds at 200,000 works, decision 0072). Ordered exactly as the index
 * is built (nulls last): in the default order (nulls first for desc) PostgreSQL cannot walk it, and gathered and
 * sorted every story of each fandom and tag instead (3.3-7.8 s at a million works). Kept because the walks were still
 * 30-42 ms of every For You page at a million works (decision 0081): a fandom's walk reads ~2,800 index entries and
 * rows for its 50.
 */
export async function candidateIds(db: Db, profile: Profile, now = Date.now()): Promise<number[]> {
  const lists = termLists.get(db) ?? new Map<string, TermList>();
  termLists.set(db, lists);
  const terms = termsOf(profile);
  const keyOf = (term: Term) => `${term.kind}:${term.value}`;
  const ids = new Set<number>();
  const missing: Term[] = [];
  for (const term of terms) {
    const kept = lists.get(keyOf(term));
    if (kept && now - kept.at < TERM_LIST_MS) for (const id of kept.ids) ids.add(id);
    else missing.push(term);
  }
  if (missing.length === 0) return [...ids];
  const result = (await db.execute(
    sql.join(
      missing.map((term, n) => termTop(term, n)),
      sql` union all `,
    ),
  )) as unknown as { rows: { n: number | string; id: number | string }[] };
  const found = missing.map(() => [] as number[]);
  for (const row of result.rows) found[Number(row.n)]?.push(Number(row.id));
  missing.forEach((term, n) => {
    const list = found[n]!;
    for (const id of list) ids.add(id);
    if (list.length < CANDIDATES_PER_TERM) return;
    // NOTE: oldest first out (a Map keeps insertion order; a refreshed term is re-inserted at the end).
    lists.delete(keyOf(term));
    lists.set(keyOf(term), { ids: list, at: now });
    if (lists.size > TERM_LISTS_MAX) lists.delete(lists.keys().next().value!);
  });
  return [...ids];
}

/** The candidates (candidateIds) as `fy(id, a)`, each with its affinity: every fandom and tag of the reader's it carries. */
export function candidates(profile: Profile, ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`(select 0 as id, 0 as a where false) fy`;
  const keys = profile.tags.map(tagKey);
  const fandoms = sql`(select count(*) from jsonb_array_elements_text(
    case when jsonb_typeof(c.fandoms) = 'array' then c.fandoms else '[]'::jsonb end) f where f = any(${textArray(profile.fandoms)}))`;
  const tags = sql`cardinality(array(select unnest(c.tag_keys) intersect select unnest(${textArray(keys)})))`;
  return sql`(select c.id, (${weight(AFFINITY.fandom)} * ${fandoms} + ${weight(AFFINITY.tag)} * ${tags})::int as a
    from stories c where c.id = any(${sql.param(ids)}::int[])) fy`;
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
