// GET /api/published-stories: Discover and search. One indexed query per page (the author's name joined, the tags
// aggregated in the same query), a keyset cursor per sort, and mature stories only for premium readers who ask.
import { storyNotModerated } from "../visibility/standing";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { DiscoverQuery, Moods, PublishedStoryItem } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { bookmarks, likes, stories, users } from "../db/schema";
import { AppError } from "../errors";
import { imageUrl } from "../images/process-image";
import { tagNames } from "../stories/story-queries";
import { fandomList } from "../stories/story-rating";
import { cardLabels } from "../tags/card-labels";
import { labelPairs } from "../stories/story-labels";
import { COUNTED_ORDERS as COUNTED, storyWords, tagFilters } from "../tags/tag-filters";
import { notHiddenFrom } from "../safety/blocks";
import type { UserRow } from "../types";

/** Discover shows the start of a description (the reader has all of it), so a page of 4 stays under 4 KB. */
export const ITEM_DESCRIPTION_CHARS = 240;
/** Search reads at most this many words of `q`. */
const QUERY_WORDS = 8;
/** How many of the reader's own, liked and bookmarked stories For You learns from, and how much each match weighs. */
const PROFILE_STORIES = 200;
const PROFILE_TERMS = { fandoms: 5, tags: 5, themes: 3 } as const;
const AFFINITY = { fandom: 3, tag: 2, theme: 1 } as const;

export const INVALID_CURSOR = "Invalid cursor";

export interface DiscoverPage {
  items: PublishedStoryItem[];
  nextCursor: string | null;
}

export interface Profile {
  /** The reader: For You leaves out their own stories. */
  userId: number;
  fandoms: string[];
  tags: string[];
  themes: string[];
}

// ---- cursors: opaque base64url JSON of the last item's keyset, tagged with the order it belongs to ----

const Cursor = z.discriminatedUnion("k", [
  z.object({ k: z.literal("new"), t: z.string().max(64), i: z.number().int() }),
  z.object({ k: z.literal("featured"), s: z.number(), i: z.number().int() }),
  z.object({ k: z.literal("for-you"), a: z.number().int(), s: z.number(), i: z.number().int() }),
  // For You after its candidates: the other stories, as Featured.
  z.object({ k: z.literal("for-you-rest"), s: z.number(), i: z.number().int() }),
  // Issue 17's orders: most recently updated, most liked, most bookmarked, longest.
  z.object({ k: z.literal("updated"), t: z.string().max(64), i: z.number().int() }),
  z.object({ k: z.enum(["likes", "bookmarks", "words"]), n: z.number().int(), i: z.number().int() }),
]);
type Cursor = z.infer<typeof Cursor>;

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined || raw === "") return undefined;
  try {
    return Cursor.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw new AppError(400, "INVALID_CURSOR", INVALID_CURSOR);
  }
}

// ---- who sees what ----

/** Mature stories reach only premium readers who ask for them (the Discover NSFW toggle). */
export function includesMature(user: UserRow | null, nsfw: DiscoverQuery["nsfw"]): boolean {
  return Boolean(user?.isPremium) && (nsfw === "1" || nsfw === "true");
}

/**
 * Search as you type: every word must match, the last one as a prefix. Words are letters and digits only, so the
 * text handed to to_tsquery has no operators of the user's.
 */
export function searchQuery(q: string | undefined): string | undefined {
  const words =
    (q ?? "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, QUERY_WORDS) ?? [];
  if (words.length === 0) return undefined;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(" & ");
}

function filters(query: DiscoverQuery, mature: boolean): SQL[] {
  const where: SQL[] = [eq(stories.published, true), storyNotModerated()];
  // NOTE: written as the partial index stories_published_general_idx is (published and rating = 'general').
  if (!mature) where.push(sql`${stories.rating} = 'general'`);
  const tsquery = searchQuery(query.q);
  // NOTE: exactly stories_search_idx's expression, so the GIN index answers it.
  if (tsquery) {
    where.push(sql`to_tsvector('simple', coalesce(${stories.searchText}, '')) @@ to_tsquery('simple', ${tsquery})`);
  }
  if (query.fandom) where.push(sql`${stories.fandoms} @> ${JSON.stringify([query.fandom])}::jsonb`);
  where.push(...tagFilters(query));
  return where;
}

// ---- the page ----

const textArray = (list: readonly string[]) =>
  list.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

// NOTE: constants written into the SQL: as parameters they would arrive as text.
const weight = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * For You's candidates: the stories sharing a fandom or a tag with the reader, with their affinity, each part found
 * through an index (stories_fandoms_idx per fandom, story_tags_tag_idx per tag) instead of scoring every story.
 */
function candidates(profile: Profile): SQL {
  const parts: SQL[] = profile.fandoms.map(
    (fandom) =>
      sql`select s2.id, ${weight(AFFINITY.fandom)} as w from stories s2
        where s2.published and s2.fandoms @> ${JSON.stringify([fandom])}::jsonb`,
  );
  if (profile.tags.length > 0) {
    parts.push(sql`select st.story_id as id, ${weight(AFFINITY.tag)} as w from story_tags st join tags t on t.id = st.tag_id
      where t.name = any(${textArray(profile.tags)})`);
  }
  if (parts.length === 0) parts.push(sql`select 0 as id, 0 as w where false`);
  return sql`(select h.id, sum(h.w)::int as a from (${sql.join(parts, sql` union all `)}) h group by h.id) fy`;
}

/** Shared themes add to a candidate's affinity (themes are few and widely shared, so they do not make one). */
function affinity(profile: Profile): SQL<number> {
  return sql<number>`(fy.a + ${weight(AFFINITY.theme)} * (select count(*) from jsonb_array_elements_text(
    case when jsonb_typeof(${stories.themes}) = 'array' then ${stories.themes} else '[]'::jsonb end) th
    where th = any(${textArray(profile.themes)})))::int`;
}

const publishedAtText = sql<string>`${stories.publishedAt}::text`;
// NOTE: nulls last, as the indexes are built (drizzle writes DESC NULLS LAST), or PostgreSQL sorts instead.
const newest = [sql`${stories.publishedAt} desc nulls last`, sql`${stories.id} desc`];
const mostFeatured = [sql`${stories.featuredScore} desc nulls last`, sql`${stories.id} desc`];
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
      rating: stories.rating,
      contentRating: stories.contentRating,
      warnings: stories.warnings,
      status: stories.status,
      username: users.username,
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
    ...cardLabels(row),
  };
}

const afterNew = (c: { t: string; i: number }) =>
  sql`(${stories.publishedAt}, ${stories.id}) < (${c.t}::timestamptz, ${c.i})`;
const afterFeatured = (c: { s: number; i: number }) =>
  sql`(${stories.featuredScore}, ${stories.id}) < (${c.s}::real, ${c.i})`;

/** The rows of one page (up to limit + 1, to know whether another follows), each with the cursor after it. */
async function pageRows(
  db: Db,
  query: DiscoverQuery,
  mature: boolean,
  cursor: Cursor | undefined,
  profile: Profile | undefined,
  hideFor: number | undefined,
): Promise<{ row: PageRow; after: Cursor }[]> {
  const limit = query.limit + 1;
  // A signed-in viewer who blocks or mutes someone: one anti-join leaves those authors' stories out.
  const hidden = hideFor === undefined ? [] : [notHiddenFrom(hideFor, stories.authorId)];
  const where = () => [...filters(query, mature), ...hidden];
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
          orderBy: [sql`${stories.updatedAt} desc nulls last`, sql`${stories.id} desc`],
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
        { where: [...where(), ...after], orderBy: [sql`${value} desc nulls last`, sql`${stories.id} desc`] },
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
            ? [sql`(${score}, ${stories.featuredScore}, ${stories.id}) < (${cursor.a}, ${cursor.s}::real, ${cursor.i})`]
            : []),
        ],
        orderBy: [sql`${score} desc`, ...mostFeatured],
        score,
        join: { table: candidates(profile), on: sql`fy.id = ${stories.id}`, kind: "inner" },
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
        join: { table: candidates(profile), on: sql`fy.id = ${stories.id}`, kind: "left" },
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
  query: DiscoverQuery,
  mature: boolean,
  profile?: Profile,
  /** The signed-in viewer whose blocks and mutes apply (never set for the lists the read cache shares). */
  hideFor?: number,
): Promise<DiscoverPage> {
  const cursor = decodeCursor(query.cursor);
  // NOTE: a reader who had no profile when the walk began goes on through Featured.
  const personal = query.sort === "for-you" && cursor?.k !== "featured" ? profile : undefined;
  const found = await pageRows(db, query, mature, cursor, personal, hideFor ?? personal?.userId);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    nextCursor: found.length > query.limit && last ? encodeCursor(last.after) : null,
    items: page.map(({ row }) => presentItem(row)),
  };
}

// ---- For You's profile ----

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
