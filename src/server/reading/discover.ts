// GET /api/published-stories: Discover and search. One indexed query per page (the author's name joined, the tags
// aggregated in the same query), a keyset cursor per sort, and mature stories only for premium readers who ask.
import { storyNotModerated } from "../visibility/standing";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DiscoverQuery, Moods, PublishedStoryItem } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { stories, users } from "../db/schema";
import { AppError } from "../errors";
import { imageUrl } from "../images/process-image";
import { tagNames } from "../stories/story-queries";
import { fandomList } from "../stories/story-rating";
import { cardLabels } from "../tags/card-labels";
import { labelPairs } from "../stories/story-labels";
import { type TagGroups, withTagGroups } from "../tags/synonyms";
import { COUNTED_ORDERS as COUNTED, storyWords, tagFilters } from "../tags/tag-filters";
import { notHiddenFrom } from "../safety/blocks";
import { coCreatorsShownTo, creatorNameShownTo, STORIES } from "../policies/anonymity";
import { coCreatorNames } from "../policies/creator-names";
import type { UserRow } from "../types";
import { type Cursor, decodeCursor, encodeCursor, INVALID_CURSOR } from "./discover-cursor";
import { affinity, candidateIds, candidates, type Profile } from "./for-you";
import { rankedSearch, searchable, searchMatch, typoQuery } from "./search";
import { aiCondition, aiFields } from "../visibility/ai-filter";
import { hiddenInForYou, hiddenInSearch, hiddenOnPage } from "./discover-hidden";
import { findingFilters } from "./discover-finding";

export { searchQuery } from "./search";

/** Discover shows the start of a description (the reader has all of it), so a page of 4 stays under 4 KB. */
export const ITEM_DESCRIPTION_CHARS = 240;

export interface DiscoverPage {
  items: PublishedStoryItem[];
  nextCursor: string | null;
  /** Works the AI filter left out over this page's stretch of the list (undefined: not counted). */
  hiddenByAi?: number;
}

// ---- who sees what ----

/** Mature stories reach only premium readers who ask for them (the Discover NSFW toggle). */
export function includesMature(user: UserRow | null, nsfw: DiscoverQuery["nsfw"]): boolean {
  return Boolean(user?.isPremium) && (nsfw === "1" || nsfw === "true");
}

/** The page's conditions; `withAi` false leaves out the AI filter (to count what it hid). */
/** A list's query as the routes run it: the URL's parameters, and whether a signed-in reader asks. */
export type ListQuery = DiscoverQuery & {
  /** A signed-in reader: members-only works are listed too (signed-out lists leave them out). */
  members?: boolean;
  /** Issue 31: the synonym groups of its tags (tags/synonyms.ts), which the tag filters expand. */
  tagGroups?: TagGroups;
};

function filters(query: ListQuery, mature: boolean, withAi = true): SQL[] {
  const where: SQL[] = [eq(stories.published, true), storyNotModerated()];
  if (!query.members) where.push(sql`${stories.audience} = 'everyone'`);
  // NOTE: written as the partial index stories_published_general_idx is (published and rating = 'general').
  if (!mature) where.push(sql`${stories.rating} = 'general'`);
  // Ranked search (sort=relevance) matches through its candidates (search.ts); the other orders filter by the words.
  const match = query.sort === "relevance" ? undefined : searchMatch(query.q);
  if (match) where.push(match);
  if (query.fandom) where.push(sql`${stories.fandoms} @> ${JSON.stringify([query.fandom])}::jsonb`);
  where.push(...tagFilters(query), ...findingFilters(query));
  const ai = withAi && query.ai ? aiCondition(query.ai) : undefined;
  if (ai) where.push(ai);
  return where;
}

// ---- the page ----

const publishedAtText = sql<string>`${stories.publishedAt}::text`;
// NOTE: nulls last, as the indexes are built (drizzle writes DESC NULLS LAST), on every key, the id included (never
// null, but PostgreSQL does not know that makes the orders equal): with `id desc` it used only the first key and
// sorted each group of equal values, and Featured's 617,412 stories at 0 made a deep page take 2–9 s at a million works.
const byId = sql`${stories.id} desc nulls last`;
const newest = [sql`${stories.publishedAt} desc nulls last`, byId];
const mostFeatured = [sql`${stories.featuredScore} desc nulls last`, byId];
const updatedAtText = sql<string>`${stories.updatedAt}::text`;

interface PageQuery {
  where: SQL[];
  orderBy: SQL[];
  score?: SQL<number>;
  join?: { table: SQL; on: SQL; kind: "inner" | "left" };
}

async function selectPage(db: Db, page: PageQuery, limit: number) {
  const query = db
    .select({
      id: stories.id,
      title: stories.title,
      description: stories.description,
      coverImageId: stories.coverImageId,
      moods: stories.moods,
      fandoms: stories.fandoms,
      likeCount: stories.likeCount,
      bookmarkCount: stories.bookmarkCount,
      wordCount: storyWords,
      aiWordCount: stories.aiWordCount,
      aiLabel: stories.aiLabel,
      rating: stories.rating,
      contentRating: stories.contentRating,
      warnings: stories.warnings,
      status: stories.status,
      language: stories.language,
      // Issue 33: the lists are shared by every reader (the read cache keeps one copy): 'Anonymous' for everyone.
      username: creatorNameShownTo(STORIES, null, users.username),
      coCreators: coCreatorsShownTo(STORIES, null, coCreatorNames),
      tags: tagNames,
      labels: labelPairs,
      publishedAt: publishedAtText,
      updatedAt: updatedAtText,
      featuredScore: stories.featuredScore,
      score: page.score ?? sql<number>`0`,
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .$dynamic();
  const joined = !page.join
    ? query
    : page.join.kind === "inner"
      ? query.innerJoin(page.join.table, page.join.on)
      : query.leftJoin(page.join.table, page.join.on);
  return joined
    .where(and(...page.where))
    .orderBy(...page.orderBy)
    .limit(limit);
}
type PageRow = Awaited<ReturnType<typeof selectPage>>[number];

function moodsOf(value: unknown): Moods | null {
  if (Array.isArray(value)) return value.filter((m): m is string => typeof m === "string");
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => typeof e[1] === "number"));
  }
  return null;
}

function shorten(text: string | null): string | null {
  if (text === null || text.length <= ITEM_DESCRIPTION_CHARS) return text;
  const cut = text.slice(0, ITEM_DESCRIPTION_CHARS - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > ITEM_DESCRIPTION_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function presentItem(row: PageRow): PublishedStoryItem {
  return {
    id: row.id,
    title: row.title,
    description: shorten(row.description),
    coverImage: imageUrl(row.coverImageId, "thumb"),
    moods: moodsOf(row.moods),
    tags: row.tags,
    fandoms: fandomList(row.fandoms),
    likeCount: row.likeCount,
    rating: row.rating === "mature" ? "mature" : "general",
    author: { username: row.username },
    coCreators: row.coCreators,
    language: row.language,
    ...cardLabels(row),
    ...aiFields(row),
  };
}

/** Issue 30: Discover's cards for another list (a series' works): the same columns and presenter, on the rows `where` picks. */
export async function storyCards(db: Db, where: SQL[], limit: number): Promise<PublishedStoryItem[]> {
  const rows = await selectPage(db, { where, orderBy: [byId] }, limit);
  return rows.map(presentItem);
}

const afterNew = (c: { t: string; i: number }) =>
  sql`(${stories.publishedAt}, ${stories.id}) < (${c.t}::timestamptz, ${c.i})`;
const afterFeatured = (c: { s: number; i: number }) =>
  sql`(${stories.featuredScore}, ${stories.id}) < (${c.s}::float8, ${c.i})`;

/** The rows of one page (up to limit + 1, to know whether another follows), each with the cursor after it. */
async function pageRows(
  db: Db,
  query: ListQuery,
  mature: boolean,
  cursor: Cursor | undefined,
  profile: Profile | undefined,
  hideFor: number | undefined,
): Promise<{ row: PageRow; after: Cursor }[]> {
  const limit = query.limit + 1;
  // A signed-in viewer who blocks or mutes someone: one anti-join leaves those authors' stories out.
  const hidden = hideFor === undefined ? [] : [notHiddenFrom(hideFor, stories.authorId)];
  const where = () => [...filters(query, mature), ...hidden];
  if (query.sort === "relevance" && query.q && searchable(query.q)) {
    if (cursor && cursor.k !== "relevance") throw new AppError(400, "INVALID_CURSOR", INVALID_CURSOR);
    const ranked = rankedSearch(query.q, cursor, await typoQuery(db, query.q), where());
    const rows = await selectPage(db, { ...ranked, where: [...where(), ...ranked.after] }, limit);
    return rows.map((row) => ({ row, after: { k: "relevance", r: Number(row.score), i: row.id } }));
  }
  if (!profile) {
    const sort = query.sort;
    if (sort === "updated") {
      if (cursor && cursor.k !== "updated") throw new AppError(400, "INVALID_CURSOR", INVALID_CURSOR);
      const after = cursor
        ? [sql`(${stories.updatedAt}, ${stories.id}) < (${cursor.t}::timestamptz, ${cursor.i})`]
        : [];
      const rows = await selectPage(
        db,
        {
          where: [...where(), ...after],
          orderBy: [sql`${stories.updatedAt} desc nulls last`, byId],
        },
        limit,
      );
      return rows.map((row) => ({ row, after: { k: "updated", t: row.updatedAt, i: row.id } }));
    }
    if (sort === "likes" || sort === "bookmarks" || sort === "words") {
      if (cursor && cursor.k !== sort) throw new AppError(400, "INVALID_CURSOR", INVALID_CURSOR);
      const value = COUNTED[sort];
      const after = cursor && "n" in cursor ? [sql`(${value}, ${stories.id}) < (${cursor.n}, ${cursor.i})`] : [];
      const rows = await selectPage(
        db,
        { where: [...where(), ...after], orderBy: [sql`${value} desc nulls last`, byId] },
        limit,
      );
      const n = (row: PageRow) =>
        sort === "likes" ? row.likeCount : sort === "bookmarks" ? row.bookmarkCount : Number(row.wordCount);
      return rows.map((row) => ({ row, after: { k: sort, n: n(row), i: row.id } }));
    }
    if (query.sort === "new") {
      if (cursor && cursor.k !== "new") throw new AppError(400, "INVALID_CURSOR", INVALID_CURSOR);
      const rows = await selectPage(
        db,
        { where: [...where(), ...(cursor ? [afterNew(cursor)] : [])], orderBy: newest },
        limit,
      );
      return rows.map((row) => ({ row, after: { k: "new", t: row.publishedAt, i: row.id } }));
    }
    if (cursor && cursor.k !== "featured") throw new AppError(400, "INVALID_CURSOR", INVALID_CURSOR);
    const rows = await selectPage(
      db,
      { where: [...where(), ...(cursor ? [afterFeatured(cursor)] : [])], orderBy: mostFeatured },
      limit,
    );
    return rows.map((row) => ({ row, after: { k: "featured", s: row.featuredScore, i: row.id } }));
  }

  // For You: first the candidates by affinity (then as Featured), then every other story as Featured.
  if (cursor && cursor.k !== "for-you" && cursor.k !== "for-you-rest") {
    throw new AppError(400, "INVALID_CURSOR", INVALID_CURSOR);
  }
  const notOwn = sql`${stories.authorId} <> ${profile.userId}`;
  const fy = candidates(profile, await candidateIds(db, profile));
  const found: { row: PageRow; after: Cursor }[] = [];
  if (cursor?.k !== "for-you-rest") {
    const score = affinity(profile);
    const rows = await selectPage(
      db,
      {
        where: [
          ...where(),
          notOwn,
          ...(cursor
            ? [
                sql`(${score}, ${stories.featuredScore}, ${stories.id}) < (${cursor.a}, ${cursor.s}::float8, ${cursor.i})`,
              ]
            : []),
        ],
        orderBy: [sql`${score} desc`, ...mostFeatured],
        score,
        join: { table: fy, on: sql`fy.id = ${stories.id}`, kind: "inner" },
      },
      limit,
    );
    for (const row of rows) {
      found.push({ row, after: { k: "for-you", a: Number(row.score), s: row.featuredScore, i: row.id } });
    }
  }
  if (found.length < limit) {
    const rows = await selectPage(
      db,
      {
        where: [
          ...where(),
          notOwn,
          sql`fy.id is null`,
          ...(cursor?.k === "for-you-rest" ? [afterFeatured(cursor)] : []),
        ],
        orderBy: mostFeatured,
        join: { table: fy, on: sql`fy.id = ${stories.id}`, kind: "left" },
      },
      limit - found.length,
    );
    for (const row of rows) found.push({ row, after: { k: "for-you-rest", s: row.featuredScore, i: row.id } });
  }
  return found;
}

/**
 * One page. With a `profile` (For You: the reader's fandoms, tags and themes) the stories sharing most come
 * first; without one 'for-you' is Featured (a new reader, a visitor).
 */
export async function discoverPage(
  db: Db,
  asked: ListQuery,
  mature: boolean,
  profile?: Profile,
  /** The signed-in viewer whose blocks and mutes apply (never set for the lists the read cache shares). */
  hideFor?: number,
): Promise<DiscoverPage> {
  const query = await withTagGroups(db, asked);
  const cursor = decodeCursor(query.cursor);
  // NOTE: a reader who had no profile when the walk began goes on through Featured.
  const personal = query.sort === "for-you" && cursor?.k !== "featured" ? profile : undefined;
  const found = await pageRows(db, query, mature, cursor, personal, hideFor ?? personal?.userId);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  const more = found.length > query.limit && last !== undefined;
  const hider = hideFor ?? personal?.userId;
  const unfiltered = () => [
    ...filters(query, mature, false),
    ...(hider === undefined ? [] : [notHiddenFrom(hider, stories.authorId)]),
  ];
  const ranked = query.sort === "relevance" && query.q && searchable(query.q);
  const hiddenByAi =
    !query.ai || query.ai === "any"
      ? undefined
      : personal
        ? cursor === undefined
          ? await hiddenInForYou(db, query.ai, personal, unfiltered())
          : undefined
        : ranked && query.q
          ? await hiddenInSearch(
              db,
              query.ai,
              query.q,
              await typoQuery(db, query.q),
              unfiltered(),
              cursor,
              more ? last.after : undefined,
            )
          : await hiddenOnPage(db, query.ai, query.sort, unfiltered(), cursor, more ? last.after : undefined);
  return {
    nextCursor: more ? encodeCursor(last.after) : null,
    items: page.map(({ row }) => presentItem(row)),
    hiddenByAi,
  };
}
