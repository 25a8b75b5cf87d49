// Discover's tag, rating, status and length filters (issue 17 section 4) as conditions on `stories`. A story
// carries a tag when one of its catalogue tags, free-form tags or warnings has the tag's key (case and spacing
// ignored): a card's warning chip filters by it as AO3's warning tags do.
// Excluding is exact: a story carrying any excluded tag, in either table, never matches.
import { type SQL, sql } from "drizzle-orm";
import type { DiscoverQuery } from "../../shared/schemas/reading";
import { catalogueTag, tagKey, warningTag } from "../../shared/tagging";
import { AppError } from "../errors";

// NOTE: written with the table name: inside these subqueries drizzle would leave a bare "id" for stories.id.
const STORY = sql.raw(`"stories"."id"`);

const textArray = (list: readonly string[]) =>
  sql`array[${sql.join(
    list.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Every side of "carries one of these": free-form keys, catalogue names and warnings. */
export function carriesAny(names: readonly string[]): SQL {
  const keys = [...new Set(names.map(tagKey))];
  const catalogue = [...new Set(names.map(catalogueTag).filter((n): n is string => n !== undefined))];
  const warnings = [...new Set(names.map(warningTag).filter((w) => w !== undefined))];
  const sides = [
    sql`exists (select 1 from story_free_tags fl where fl.story_id = ${STORY} and fl.key = any(${textArray(keys)}))`,
  ];
  if (catalogue.length > 0) {
    sides.push(sql`exists (select 1 from story_tags fc join tags fcn on fcn.id = fc.tag_id
    where fc.story_id = ${STORY} and fcn.name = any(${textArray(catalogue)}))`);
  }
  if (warnings.length > 0) sides.push(sql`"stories"."warnings" && ${textArray(warnings)}`);
  return sides.length === 1 ? sides[0]! : sql`(${sql.join(sides, sql` or `)})`;
}

export const WORD_RANGE_MESSAGE = "minWords cannot be more than maxWords";

/** The word count a filter or sort reads (rows counted before words were stored count as 0 until counted). */
export const storyWords = sql<number>`coalesce("stories"."word_count", 0)`;

/** Discover's counted orders (issue 17): the value each walks down, as its index (stories_*_idx) is built. */
export const COUNTED_ORDERS = {
  likes: sql<number>`"stories"."like_count"`,
  bookmarks: sql<number>`"stories"."bookmark_count"`,
  words: storyWords,
} as const;

export function tagFilters(
  query: Pick<DiscoverQuery, "tag" | "exclude" | "rating" | "status" | "minWords" | "maxWords">,
): SQL[] {
  const where: SQL[] = [];
  // Every included tag is required.
  for (const name of new Set(query.tag ?? [])) where.push(carriesAny([name]));
  if (query.exclude?.length) where.push(sql`not ${carriesAny(query.exclude)}`);
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
