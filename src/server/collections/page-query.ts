// The collection page's list (/c/{name}): its approved works a signed-out reader may read, with Discover's filters
// (tags, rating, AI label, language) and sorts, a page at a time. A work held back by an unrevealed collection is
// never listed; an anonymous work's card names 'Anonymous'. Two queries: the page's ids through the collection's
// items (collection_items_state_idx), then Discover's cards for those ids by primary key.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { AI_FILTERS } from "../../shared/ai-label";
import { LANGUAGE_CODES } from "../../shared/languages";
import { COLLECTION_LIMITS, type CollectionCard } from "../../shared/schemas/collections";
import { CONTENT_RATING_IDS, TAG_LIMITS } from "../../shared/tagging";
import type { Db } from "../db/client";
import { collectionItems, stories } from "../db/schema";
import { readableBy } from "../policies/visibility";
import { storyCards } from "../reading/discover";
import { carriesAll, storyWords } from "../tags/tag-filters";
import { aiCondition } from "../visibility/ai-filter";

export const COLLECTION_SORTS = ["new", "updated", "likes", "words"] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

const tagList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((raw) =>
    [raw ?? []]
      .flat()
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter((v) => v !== "" && v.length <= TAG_LIMITS.maxChars)
      .slice(0, TAG_LIMITS.maxFilterTags),
  );
const optionalOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .transform((v) => ((values as readonly string[]).includes(v ?? "") ? (v as T[number]) : undefined));

/** The page's URL parameters; a value it does not know is ignored (a form left blank, a stale link), not refused. */
export const CollectionPageQuery = z.object({
  tag: tagList,
  rating: optionalOf(CONTENT_RATING_IDS),
  ai: optionalOf(AI_FILTERS),
  language: optionalOf(LANGUAGE_CODES as unknown as readonly [string, ...string[]]),
  sort: optionalOf(COLLECTION_SORTS),
  page: z.coerce.number().int().min(1).max(500).catch(1).default(1),
});
export type CollectionPageQuery = z.infer<typeof CollectionPageQuery>;

/** Past the last page, the page counts matching works up to this many ('1,000+ works'). */
export const COUNT_CAP = 1_000;

export interface CollectionPageWorks {
  cards: CollectionCard[];
  /** How many works match (past the last page: up to COUNT_CAP, `more` when there are more than that). */
  total: { n: number; more: boolean };
  /** Another page follows. */
  more: boolean;
}

const ORDERS: Record<CollectionSort, SQL[]> = {
  new: [sql`${stories.publishedAt} desc nulls last`, sql`${stories.id} desc`],
  updated: [sql`${stories.updatedAt} desc nulls last`, sql`${stories.id} desc`],
  likes: [sql`${stories.likeCount} desc`, sql`${stories.id} desc`],
  words: [sql`${storyWords} desc`, sql`${stories.id} desc`],
};

function conditions(collectionId: number, query: CollectionPageQuery): SQL[] {
  // NOTE: the collection's works as an array of ids the planner probes by primary key: as a join it hashed every
  // story in the table (a sequential scan, 70 ms among 50,000 in the bench, and it grows with the site, not with the
  // collection).
  const where: SQL[] = [
    sql`${stories.id} = any(array(select ci.story_id from collection_items ci
      where ci.collection_id = ${collectionId} and ci.state = 'approved'))`,
    readableBy(null),
    eq(stories.unrevealed, false),
  ];
  if (query.tag.length > 0) where.push(carriesAll(query.tag));
  if (query.rating) where.push(eq(stories.contentRating, query.rating));
  if (query.language) where.push(eq(stories.language, query.language));
  const ai = query.ai ? aiCondition(query.ai) : undefined;
  if (ai) where.push(ai);
  return where;
}

export async function loadCollectionWorks(
  db: Db,
  collectionId: number,
  query: CollectionPageQuery,
): Promise<CollectionPageWorks> {
  const where = and(...conditions(collectionId, query));
  const size = COLLECTION_LIMITS.pageWorks;
  // NOTE: one pass over the collection's matching works gives the page and the count (a window over the rows the
  // sort reads anyway); a separate count query probed the same 10,000 rows a second time.
  const rows = await db
    .select({ id: stories.id, anonymous: stories.anonymous, total: sql<number>`count(*) over ()` })
    .from(stories)
    .where(where)
    .orderBy(...ORDERS[query.sort ?? "new"])
    .limit(size + 1)
    .offset((query.page - 1) * size);
  let total = { n: Number(rows[0]?.total ?? 0), more: false };
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: the count alone (bounded), for the page's 'N works'.
    const counted = await db.execute(
      sql`select count(*)::int as n from (select 1 from stories where ${where} limit ${COUNT_CAP + 1}) as matched`,
    );
    const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    total = n > COUNT_CAP ? { n: COUNT_CAP, more: true } : { n, more: false };
  }
  const more = rows.length > size;
  const page = rows.slice(0, size);
  if (page.length === 0) return { cards: [], total, more };
  const ids = page.map((r) => r.id);
  const cards = new Map((await storyCards(db, [inArray(stories.id, ids)], ids.length)).map((c) => [c.id, c]));
  return {
    total,
    more,
    cards: page.flatMap(({ id, anonymous }) => {
      const card = cards.get(id);
      if (!card) return [];
      return [
        anonymous ? { ...card, author: { username: "Anonymous" }, coCreators: [], anonymous } : { ...card, anonymous },
      ];
    }),
  };
}

export interface CollectionFeedWork {
  id: number;
  title: string;
  description: string | null;
  authorName: string | null;
  createdAt: Date;
  addedAt: Date;
  aiLabel: string;
  aiShare: number;
}

/** The feed's newest 50 works, by when they came into the collection; an anonymous work's creator is null. */
export async function loadCollectionFeedWorks(db: Db, collectionId: number): Promise<CollectionFeedWork[]> {
  const rows = await db
    .select({
      id: stories.id,
      anonymous: stories.anonymous,
      addedAt: sql<Date>`coalesce(${collectionItems.answeredAt}, ${collectionItems.createdAt})`.mapWith(
        (v) => new Date(v),
      ),
      createdAt: stories.createdAt,
    })
    .from(collectionItems)
    .innerJoin(stories, eq(stories.id, collectionItems.storyId))
    .where(
      and(
        eq(collectionItems.collectionId, collectionId),
        eq(collectionItems.state, "approved"),
        ...conditions(collectionId, CollectionPageQuery.parse({})),
      ),
    )
    .orderBy(sql`coalesce(${collectionItems.answeredAt}, ${collectionItems.createdAt}) desc`, sql`${stories.id} desc`)
    .limit(50);
  if (rows.length === 0) return [];
  const cards = new Map(
    (
      await storyCards(
        db,
        [
          inArray(
            stories.id,
            rows.map((r) => r.id),
          ),
        ],
        rows.length,
      )
    ).map((c) => [c.id, c]),
  );
  return rows.flatMap((row) => {
    const card = cards.get(row.id);
    if (!card) return [];
    return [
      {
        id: row.id,
        title: card.title,
        description: card.description,
        authorName: row.anonymous ? null : card.author.username,
        createdAt: row.createdAt,
        addedAt: row.addedAt,
        aiLabel: card.aiLabel,
        aiShare: card.aiShare,
      },
    ];
  });
}
