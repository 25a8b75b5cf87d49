// Issue 31: a canonical tag and its synonyms filter as one tag. `expandTags` gives each asked tag its synonym group
// (the canonical tag's key and every synonym's), so Discover, the tag pages and whatever else filters on
// `stories.tag_keys` match a work tagged with any spelling of the group. Asking for a synonym asks for its group too.
import { sql } from "drizzle-orm";
import { tagKey } from "../../shared/tagging";
import type { Db } from "../db/client";

/** A tag key → the keys of its synonym group (the canonical key first). Tags in no group are absent. */
export type TagGroups = ReadonlyMap<string, readonly string[]>;

export const NO_GROUPS: TagGroups = new Map();

/**
 * The synonym groups of `names` (any spelling): one indexed query (free_tags' key and free_tags_synonym_idx), only
 * for the tags that are canonical or a synonym.
 */
export async function expandTags(db: Db, names: readonly string[]): Promise<TagGroups> {
  const keys = [...new Set(names.map(tagKey))];
  if (keys.length === 0) return NO_GROUPS;
  const result = await db.execute(sql`
    with asked as (
      select key, coalesce(synonym_of, key) as root from free_tags
      where key = any(${sql.param(keys)}::text[]) and (synonym_of is not null or canonical)
    )
    select a.key as asked, a.root as member, 0 as o from asked a
    union all
    select a.key, s.key, 1 from asked a join free_tags s on s.synonym_of = a.root
    order by 1, 3, 2`);
  const groups = new Map<string, string[]>();
  for (const row of (result as unknown as { rows: { asked: string; member: string }[] }).rows) {
    const group = groups.get(row.asked);
    if (group) group.push(row.member);
    else groups.set(row.asked, [row.member]);
  }
  return groups;
}

/** Every key `names` stand for once their groups are expanded (the keys themselves included). */
export function expandedKeys(names: readonly string[], groups: TagGroups): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const key = tagKey(name);
    for (const k of groups.get(key) ?? [key]) out.add(k);
  }
  return [...out];
}

/** The query with its tags' synonym groups (tagFilters expands them); no query when it filters by no tag. */
export async function withTagGroups<Q extends { tag?: readonly string[]; exclude?: readonly string[] }>(
  db: Db,
  query: Q,
): Promise<Q & { tagGroups?: TagGroups }> {
  const names = [...(query.tag ?? []), ...(query.exclude ?? [])];
  if (names.length === 0) return query;
  return { ...query, tagGroups: await expandTags(db, names) };
}
