// How many works a Discover page's AI filter left out (the x-hidden-by-ai header): the same query without the AI
// condition, over the stretch of the order the page covers (after its cursor, through its last item).
import { type SQL, sql } from "drizzle-orm";
import type { AiFilter } from "../../shared/ai-label";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { aiLeftOut, countHiddenByAi, HIDDEN_COUNT_CAP } from "../visibility/ai-filter";
import { users } from "../db/schema";
import { and, eq } from "drizzle-orm";
import { rankedSearch } from "./search";
import { candidateIds, candidates, type Profile } from "./for-you";
import { COUNTED_ORDERS } from "../tags/tag-filters";
import type { Cursor } from "./discover-cursor";

/**
 * The rows strictly after a cursor in its order (`<`), or those up to and including it (`>=`); undefined for the
 * orders this count does not walk (ranked, For You). NOTE: written as a row comparison either way, never `not (…)`,
 * so the planner bounds the walk of the order's index at both ends.
 */
export function keyset(c: Cursor, op: "<" | ">="): SQL | undefined {
  const cmp = sql.raw(op);
  switch (c.k) {
    case "new":
      return sql`(${stories.publishedAt}, ${stories.id}) ${cmp} (${c.t}::timestamptz, ${c.i})`;
    case "updated":
      return sql`(${stories.updatedAt}, ${stories.id}) ${cmp} (${c.t}::timestamptz, ${c.i})`;
    case "featured":
    case "for-you-rest":
      return sql`(${stories.featuredScore}, ${stories.id}) ${cmp} (${c.s}::float8, ${c.i})`;
    case "likes":
    case "bookmarks":
    case "words":
      return sql`(${COUNTED_ORDERS[c.k]}, ${stories.id}) ${cmp} (${c.n}, ${c.i})`;
    default:
      return undefined;
  }
}

const WALKED: ReadonlySet<string> = new Set(["new", "updated", "featured", "likes", "bookmarks", "words"]);

/**
 * The works `filter` left out between `cursor` and the page's `last` item (to the list's end when no page follows),
 * or undefined for the orders it cannot bound (ranked search, For You): `where` is the page's filters without the
 * AI condition.
 */
export async function hiddenOnPage(
  db: Db,
  filter: AiFilter,
  sort: string,
  where: SQL[],
  cursor: Cursor | undefined,
  last: Cursor | undefined,
): Promise<number | undefined> {
  // NOTE: every order but ranked search and a personal For You walks one keyset (For You without one is Featured).
  if (filter === "any" || sort === "relevance") return undefined;
  if (cursor && !WALKED.has(cursor.k)) return undefined;
  const after = cursor ? keyset(cursor, "<") : undefined;
  const through = last ? keyset(last, ">=") : undefined;
  return countHiddenByAi(db, filter, after ? [...where, after] : where, through);
}

/**
 * Ranked search's count: the works `filter` left out that rank between the page's cursor and its last item (to the
 * end of the ranked matches on the last page). Each work's rank is its own (the query against its text), so the
 * works left out rank on the same scale as those shown; the matches are capped as the search's own are.
 */
export async function hiddenInSearch(
  db: Db,
  filter: AiFilter,
  q: string,
  corrected: string | undefined,
  where: SQL[],
  cursor: Cursor | undefined,
  last: Cursor | undefined,
): Promise<number | undefined> {
  const leftOut = aiLeftOut(filter);
  if (!leftOut) return undefined;
  const after = cursor?.k === "relevance" ? { r: cursor.r, i: cursor.i } : undefined;
  const ranked = rankedSearch(q, after, corrected, [...where, leftOut]);
  const through = last?.k === "relevance" ? sql`(sr.rank, ${stories.id}) >= (${last.r}::float8, ${last.i})` : undefined;
  const stretch = db
    .select({ one: sql`1` })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .innerJoin(ranked.join.table, ranked.join.on)
    .where(and(...where, leftOut, ...ranked.after, through))
    .limit(HIDDEN_COUNT_CAP)
    .as("stretch");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stretch);
  return Number(row?.n ?? 0);
}

/**
 * A reader's For You list: on its first page, how many of their recommended works (the candidates its personal part
 * ranks) the filter left out. Later pages say nothing more (the candidates were counted once), and the list's tail,
 * every other work as Featured, is not counted: it is the catalogue, not a recommendation.
 */
export async function hiddenInForYou(
  db: Db,
  filter: AiFilter,
  profile: Profile,
  where: SQL[],
): Promise<number | undefined> {
  const leftOut = aiLeftOut(filter);
  if (!leftOut) return undefined;
  const fy = candidates(profile, await candidateIds(db, profile));
  const stretch = db
    .select({ one: sql`1` })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .innerJoin(fy, sql`fy.id = ${stories.id}`)
    .where(and(...where, sql`${stories.authorId} <> ${profile.userId}`, leftOut))
    .limit(HIDDEN_COUNT_CAP)
    .as("stretch");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stretch);
  return Number(row?.n ?? 0);
}
