// Discover's tag, rating, status and length filters (issue 17 section 4) as conditions on `stories`. A story
// carries a tag when one of its catalogue tags, free-form tags or warnings has the tag's key (case and spacing
// ignored): a card's warning chip filters by it as AO3's warning tags do.
// Excluding is exact: a story carrying any excluded tag, in either table, never matches.
import { type SQL, sql } from "drizzle-orm";
import type { DiscoverQuery } from "../../shared/schemas/reading";
import { tagKey } from "../../shared/tagging";
import { AppError } from "../errors";
import { expandedKeys, NO_GROUPS, type TagGroups } from "./synonyms";

const textArray = (list: readonly string[]) =>
  sql`array[${sql.join(
    list.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

const keysOf = (names: readonly string[]) => textArray([...new Set(names.map(tagKey))]);

// NOTE: one condition on the row (issue 28): `stories.tag_keys` holds every key the story carries (migration 0024
// keeps it), so the planner either walks the chosen order's index and checks each row, or, for a rare tag, takes
// the few rows from stories_tag_keys_idx and sorts them. The EXISTS over three tables it replaced ran as a subplan
// per row (decision 0064).
/**
 * The story carries every one of these (catalogue tags, free-form tags, warnings; any case and spacing). A tag with
 * synonyms (`groups`, synonyms.ts) is carried when any spelling of its group is.
 */
export function carriesAll(names: readonly string[], groups: TagGroups = NO_GROUPS): SQL {
  const single: string[] = [];
  const any: SQL[] = [];
  for (const key of new Set(names.map(tagKey))) {
    const group = groups.get(key);
    if (group && group.length > 1) any.push(sql`"stories"."tag_keys" && ${textArray(group)}`);
    else single.push(key);
  }
  if (any.length === 0) return sql`"stories"."tag_keys" @> ${keysOf(single)}`;
  if (single.length > 0) any.unshift(sql`"stories"."tag_keys" @> ${keysOf(single)}`);
  return sql`(${sql.join(any, sql` and `)})`;
}

/** The story carries one of these or more (any spelling of a tag's synonym group). */
export const carriesAny = (names: readonly string[], groups: TagGroups = NO_GROUPS): SQL =>
  sql`"stories"."tag_keys" && ${textArray(expandedKeys(names, groups))}`;

export const WORD_RANGE_MESSAGE = "minWords cannot be more than maxWords";

/** The word count a filter or sort reads (rows counted before words were stored count as 0 until counted). */
export const storyWords = sql<number>`coalesce("stories"."word_count", 0)`;

/** Discover's counted orders (issue 17): the value each walks down, as its index (stories_*_idx) is built. */
export const COUNTED_ORDERS = {
  likes: sql<number>`"stories"."like_count"`,
  bookmarks: sql<number>`"stories"."bookmark_count"`,
  words: storyWords,
} as const;

/** `tagGroups`: the synonym groups of the query's tags (withTagGroups), expanded into the conditions. */
export function tagFilters(
  query: Pick<DiscoverQuery, "tag" | "exclude" | "rating" | "status" | "minWords" | "maxWords"> & {
    tagGroups?: TagGroups;
  },
): SQL[] {
  const where: SQL[] = [];
  // Every included tag is required.
  if (query.tag?.length) where.push(carriesAll(query.tag, query.tagGroups));
  if (query.exclude?.length) where.push(sql`not ${carriesAny(query.exclude, query.tagGroups)}`);
  if (query.rating?.length) where.push(sql`"stories"."content_rating" = any(${textArray(query.rating)})`);
  if (query.status) where.push(sql`"stories"."status" = ${query.status}`);
  if (query.minWords !== undefined && query.maxWords !== undefined && query.minWords > query.maxWords) {
    throw new AppError(400, "VALIDATION", WORD_RANGE_MESSAGE, { fields: { minWords: WORD_RANGE_MESSAGE } });
  }
  // NOTE: `+ 0`, so the planner walks the index of the chosen order and filters, rather than gathering every
  // story in the range through stories_words_idx and sorting them (measured: bench/discover-explain.ts).
  if (query.minWords !== undefined) where.push(sql`${storyWords} + 0 >= ${query.minWords}`);
  if (query.maxWords !== undefined) where.push(sql`${storyWords} + 0 <= ${query.maxWords}`);
  return where;
}

/** The filters' part of the read cache's key: the same filters, however written, give the same key. */
export function filterKey(
  query: Pick<DiscoverQuery, "tag" | "exclude" | "rating" | "status" | "minWords" | "maxWords">,
) {
  const sorted = (list: readonly string[] | undefined, f: (s: string) => string = (s) => s) =>
    [...new Set((list ?? []).map(f))].sort();
  return [
    sorted(query.tag, tagKey),
    sorted(query.exclude, tagKey),
    sorted(query.rating),
    query.status ?? "",
    query.minWords ?? "",
    query.maxWords ?? "",
  ];
}
