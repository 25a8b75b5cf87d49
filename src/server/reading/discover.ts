// GET /api/published-stories: Discover and search. One indexed query per page (the author's name joined, the tags
// aggregated in the same query), a keyset cursor per sort, and mature stories only for premium readers who ask.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { DiscoverQuery, Moods, PublishedStoryItem } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { bookmarks, likes, stories, users } from "../db/schema";
import { AppError } from "../errors";
import { imageUrl } from "../images/process-image";
import { tagNames } from "../stories/story-queries";
import { fandomList } from "../stories/story-rating";
import type { UserRow } from "../types";

/** Discover shows the start of a description (the reader has all of it), so a page of 4 stays under 4 KB. */
export const ITEM_DESCRIPTION_CHARS = 240;
/** Search reads at most this many words of `q`. */
const QUERY_WORDS = 8;
/** How many of the reader's own, liked and bookmarked stories For You learns from, and how much each match weighs. */
const PROFILE_STORIES = 200;
const PROFILE_TERMS = 20;
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
  const where: SQL[] = [eq(stories.published, true)];
  // NOTE: written as the partial index stories_published_general_idx is (published and rating = 'general').
  if (!mature) where.push(sql`${stories.rating} = 'general'`);
  const tsquery = searchQuery(query.q);
  // NOTE: exactly stories_search_idx's expression, so the GIN index answers it.
  if (tsquery) {
    where.push(sql`to_tsvector('simple', coalesce(${stories.searchText}, '')) @@ to_tsquery('simple', ${tsquery})`);
  }
  if (query.tag) {
    where.push(sql`exists (select 1 from story_tags ft join tags ftn on ftn.id = ft.tag_id
      where ft.story_id = ${stories.id} and ftn.name = ${query.tag})`);
  }
  if (query.fandom) where.push(sql`${stories.fandoms} @> ${JSON.stringify([query.fandom])}::jsonb`);
  return where;
}

// ---- the page ----

const ANY = sql`'{}'::text[]`;
const textArray = (list: readonly string[]) =>
  list.length === 0
    ? ANY
    : sql`array[${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;
const jsonElements = (column: SQL | typeof stories.fandoms) =>
  sql`jsonb_array_elements_text(case when jsonb_typeof(${column}) = 'array' then ${column} else '[]'::jsonb end)`;

function affinity(profile: Profile): SQL<number> {
  return sql<number>`(
    ${AFFINITY.fandom} * (select count(*) from ${jsonElements(stories.fandoms)} f where f = any(${textArray(profile.fandoms)}))
    + ${AFFINITY.tag} * (select count(*) from story_tags at join tags atn on atn.id = at.tag_id
        where at.story_id = ${stories.id} and atn.name = any(${textArray(profile.tags)}))
    + ${AFFINITY.theme} * (select count(*) from ${jsonElements(sql`${stories.themes}`)} th where th = any(${textArray(profile.themes)}))
  )::int`;
}

const publishedAtText = sql<string>`${stories.publishedAt}::text`;

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

/**
 * One page. `profile` (For You) orders by what the reader shares with each story, then as Featured; without one,
 * 'for-you' is Featured (a new reader, a visitor).
 */
export async function discoverPage(
  db: Db,
  query: DiscoverQuery,
  mature: boolean,
  profile?: Profile,
): Promise<DiscoverPage> {
  const cursor = decodeCursor(query.cursor);
  const personal = query.sort === "for-you" && profile && cursor?.k !== "featured" ? profile : undefined;
  const order: Cursor["k"] = personal ? "for-you" : query.sort === "new" ? "new" : "featured";
  if (cursor && cursor.k !== order) throw new AppError(400, "INVALID_CURSOR", INVALID_CURSOR);

  const where = filters(query, mature);
  const score = personal ? affinity(personal) : sql<number>`0`;
  if (personal) where.push(sql`${stories.authorId} <> ${personal.userId}`);
  if (cursor?.k === "new") {
    where.push(sql`(${stories.publishedAt}, ${stories.id}) < (${cursor.t}::timestamptz, ${cursor.i})`);
  } else if (cursor?.k === "featured") {
    where.push(sql`(${stories.featuredScore}, ${stories.id}) < (${cursor.s}::real, ${cursor.i})`);
  } else if (cursor?.k === "for-you") {
    where.push(
      sql`(${score}, ${stories.featuredScore}, ${stories.id}) < (${cursor.a}, ${cursor.s}::real, ${cursor.i})`,
    );
  }
  const orderBy =
    order === "new"
      ? [desc(stories.publishedAt), desc(stories.id)]
      : order === "featured"
        ? [desc(stories.featuredScore), desc(stories.id)]
        : [desc(score), desc(stories.featuredScore), desc(stories.id)];

  const rows = await db
    .select({
      id: stories.id,
      title: stories.title,
      description: stories.description,
      coverImageId: stories.coverImageId,
      moods: stories.moods,
      fandoms: stories.fandoms,
      likeCount: stories.likeCount,
      rating: stories.rating,
      username: users.username,
      tags: tagNames,
      publishedAt: publishedAtText,
      featuredScore: stories.featuredScore,
      score,
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(and(...where))
    .orderBy(...orderBy)
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > query.limit && last) {
    nextCursor = encodeCursor(
      order === "new"
        ? { k: "new", t: last.publishedAt, i: last.id }
        : order === "featured"
          ? { k: "featured", s: last.featuredScore, i: last.id }
          : { k: "for-you", a: Number(last.score), s: last.featuredScore, i: last.id },
    );
  }
  return {
    nextCursor,
    items: page.map((row) => ({
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
    })),
  };
}

// ---- For You's profile ----

function topTerms(lists: readonly string[][]): string[] {
  const counts = new Map<string, number>();
  for (const list of lists) for (const term of new Set(list)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, PROFILE_TERMS)
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
    fandoms: topTerms(rows.map((r) => fandomList(r.fandoms))),
    tags: topTerms(rows.map((r) => r.tags)),
    themes: topTerms(rows.map((r) => fandomList(r.themes))),
  };
  const empty = profile.fandoms.length + profile.tags.length + profile.themes.length === 0;
  return empty ? null : profile;
}
