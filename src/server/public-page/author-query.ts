// The author page's queries: the author by name (any case), and their published works a signed-out visitor may
// read. Mature works are never listed (they have no public page either, query.ts), whoever asks: the page is cached
// as one signed-out view.
import { storyNotModerated } from "../visibility/standing";
import { and, eq, inArray, sql } from "drizzle-orm";
import { isNsfw } from "../../shared/nsfw";
import type { Db } from "../db/client";
import { formerUsernames, stories, storyCoCreators, users } from "../db/schema";
import { coCreatorNames } from "../policies/creator-names";
import { tagNames } from "../stories/story-queries";
import { fandomList } from "../stories/story-rating";
import { type LabelPairs, labelPairs } from "../stories/story-labels";
import { countStoryWords } from "../content/story-text";
import { GATED_RATINGS } from "../../shared/tagging";
import type { AiFilter, AiLabel } from "../../shared/ai-label";
import { aiCondition, aiFields, countHiddenByAi } from "../visibility/ai-filter";
import { readersWordCount } from "../chapters/held-from";

export interface PublicAuthor {
  id: number;
  username: string;
  description: string | null;
}

export interface PublicWork {
  id: number;
  title: string;
  description: string | null;
  tags: string[];
  labels: LabelPairs;
  contentRating: string;
  warnings: string[];
  fandoms: string[];
  status: string;
  wordCount: number;
  publishedAt: Date | null;
  aiLabel: AiLabel;
  aiShare: number;
  /** Issue 30: a co-written work's byline: its creator, then its accepted co-creators (absent for a work of one). */
  byline?: { author: string; coCreators: { username: string }[] };
}

/** The author whose name is `name` in any case (names are unique without regard to case), or undefined. */
export async function findAuthorByName(db: Db, name: string): Promise<PublicAuthor | undefined> {
  const [author] = await db
    .select({ id: users.id, username: users.username, description: users.description })
    .from(users)
    .where(eq(sql`lower(${users.username})`, name.toLowerCase()))
    .limit(1);
  return author;
}

/** The name today of the account that gave up `name` (any case), or undefined when no account ever did. */
export async function findRenamedAuthor(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ username: users.username })
    .from(formerUsernames)
    .innerJoin(users, eq(users.id, formerUsernames.userId))
    .where(eq(formerUsernames.nameLower, name.toLowerCase()))
    .limit(1);
  return row?.username;
}

const themesOf = (themes: unknown): string[] => (Array.isArray(themes) ? themes.map(String) : []);

/** An author page lists this many works; older ones are on the pages its 'Older stories' link leads to. */
export const AUTHOR_PAGE_WORKS = 50;

/**
 * The conditions every listed work meets. NOTE: `rating` is derived on write from these reasons; they are checked
 * here too (and the NSFW rule on the rows, below), as the story page does, so the count is what the pages list.
 */
const listed = (authorId: number, coWrites = false) =>
  and(
    // Issue 30: with the works they co-create. NOTE: only for someone who co-creates any (one probe of
    // story_co_creators_user_idx first): the plain author condition keeps its single index range.
    coWrites
      ? inArray(
          stories.id,
          sql`(select s2.id from stories s2 where s2.author_id = ${authorId}
            union all select cc.story_id from story_co_creators cc where cc.user_id = ${authorId} and cc.state = 'accepted')`,
        )
      : eq(stories.authorId, authorId),
    eq(stories.published, true),
    eq(stories.rating, "general"),
    // Members-only works are not on the open web's pages (members read them from their own page and the app's lists).
    eq(stories.audience, "everyone"),
    storyNotModerated(),
    // Issue 33: an anonymous work is on nobody's page (listing it would name its creators) until the reveal.
    eq(stories.anonymous, false),
    eq(stories.markedMature, false),
    sql`not coalesce(${stories.themes} @> '["nsfw"]'::jsonb, false)`,
    sql`${stories.contentRating} <> all(${sql.raw(`array[${GATED_RATINGS.map((r) => `'${r}'`).join(", ")}]`)})`,
  );

/** Whether the user co-creates any work (issue 30): their pages then list those too. */
export async function coWritesAny(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(storyCoCreators)
    .where(and(eq(storyCoCreators.userId, userId), eq(storyCoCreators.state, "accepted")))
    .limit(1);
  return row !== undefined;
}

/** How many works the author's pages list in all. NOTE: one index range (stories_author_published_idx). */
export async function countPublicWorks(db: Db, authorId: number): Promise<number> {
  const coWrites = await coWritesAny(db, authorId);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stories).where(listed(authorId, coWrites));
  return row?.n ?? 0;
}

export interface PublicWorksPage {
  works: PublicWork[];
  /** Works the AI filter left out over the stretch this page covers (0 without a filter). */
  hiddenByAi: number;
  /** The id of the last work when older ones follow (the next page's `before`), else null. */
  next: number | null;
}

/**
 * The author's published, general-rated works, newest first: `limit` of them, after the work `before` (a story id
 * of theirs, the keyset of the previous page; an id that is not one of their listed works gives an empty page).
 */
export async function loadPublicWorks(
  db: Db,
  authorId: number,
  { limit = AUTHOR_PAGE_WORKS, before, ai = "any" }: { limit?: number; before?: number; ai?: AiFilter } = {},
): Promise<PublicWorksPage> {
  const coWrites = await coWritesAny(db, authorId);
  const theirs = coWrites
    ? sql`(p.author_id = ${authorId} or exists (select 1 from story_co_creators c
        where c.story_id = p.id and c.user_id = ${authorId} and c.state = 'accepted'))`
    : sql`p.author_id = ${authorId}`;
  const after = before
    ? sql`(${stories.publishedAt}, ${stories.id}) < (select p.published_at, p.id from stories p
        where p.id = ${before} and ${theirs} and p.published)`
    : undefined;
  const rows = await db
    .select({
      id: stories.id,
      title: stories.title,
      description: stories.description,
      tags: tagNames,
      labels: labelPairs,
      warnings: stories.warnings,
      fandoms: stories.fandoms,
      status: stories.status,
      // Issue 31: without the chapters a scheduled release holds back.
      wordCount: readersWordCount,
      aiWordCount: stories.aiWordCount,
      aiLabel: stories.aiLabel,
      // NOTE: the text only for rows written before words were counted (the maintenance job counts them later).
      uncountedContent: sql<string | null>`case when ${stories.wordCount} is null then ${stories.content} end`,
      publishedAt: stories.publishedAt,
      markedMature: stories.markedMature,
      themes: stories.themes,
      moods: stories.moods,
      contentRating: stories.contentRating,
      ...(coWrites
        ? {
            creator: sql<string>`(select u.username from users u where u.id = "stories"."author_id")`,
            coCreators: coCreatorNames,
          }
        : {}),
    })
    .from(stories)
    .where(and(listed(authorId, coWrites), after, aiCondition(ai)))
    .orderBy(sql`${stories.publishedAt} desc nulls last`, sql`${stories.id} desc nulls last`)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  // The stretch this page covers: after `before` through its last work (to the end on the last page).
  const last = more ? page.at(-1) : undefined;
  const through = last
    ? sql`(${stories.publishedAt}, ${stories.id}) >= (select p.published_at, p.id from stories p where p.id = ${last.id})`
    : undefined;
  const hiddenByAi = await countHiddenByAi(db, ai, [listed(authorId, coWrites)!, ...(after ? [after] : [])], through);
  const works = page
    .filter((row) => !(row.markedMature || themesOf(row.themes).includes("nsfw") || isNsfw(row)))
    .filter((row) => !(GATED_RATINGS as readonly string[]).includes(row.contentRating))
    .map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      tags: row.tags,
      labels: row.labels,
      contentRating: row.contentRating,
      warnings: row.warnings,
      fandoms: fandomList(row.fandoms),
      status: row.status,
      wordCount: row.wordCount ?? countStoryWords(row.uncountedContent ?? "").wordCount,
      publishedAt: row.publishedAt,
      ...aiFields(row),
      ...bylineOf(row),
    }));
  return { works, hiddenByAi, next: more ? (page.at(-1)?.id ?? null) : null };
}

/** A co-written work's byline (when the query read one). */
function bylineOf(row: { creator?: string; coCreators?: { username: string }[] }): Pick<PublicWork, "byline"> {
  return row.creator !== undefined && row.coCreators && row.coCreators.length > 0
    ? { byline: { author: row.creator, coCreators: row.coCreators } }
    : {};
}
