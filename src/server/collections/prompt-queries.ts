// Reading a prompt meme: its prompts newest first (by tag), one prompt, the viewer's claims, and promptsForPage for
// the collection's public page. An anonymous prompt names its poster only to them and the maintainers; fills are the
// works the viewer may read, an anonymous one's creator shown as 'Anonymous' (as on every card).
import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  ANONYMOUS_NAME,
  type MyClaim,
  PROMPT_LIMITS,
  type PromptList,
  type PromptListQuery,
  type PromptMemeState,
  type PromptView,
} from "../../shared/schemas/prompts";
import type { PublishedStoryItem } from "../../shared/schemas/reading";
import { tagKey } from "../../shared/tagging";
import type { Db } from "../db/client";
import { collectionPrompts, collections, promptClaims, promptFills, stories, users } from "../db/schema";
import { readableBy, type Viewer } from "../policies/visibility";
import { storyCards } from "../reading/discover";
import { notHiddenFrom } from "../safety/blocks";
import { type CollectionRow, getCollectionOrThrow, maintainerRole } from "./access";
import { getPromptOrThrow } from "./prompts";

const memeOf = (c: CollectionRow) => ({ name: c.name, title: c.title, promptMeme: c.promptMeme as PromptMemeState });

/** The prompts `where` picks, newest first, presented for `viewer` (who maintains the collection or not). */
async function loadPrompts(
  db: Db,
  collection: CollectionRow,
  viewer: Viewer,
  maintainer: boolean,
  where: SQL[],
  limit: number,
): Promise<PromptView[]> {
  const viewerId = viewer?.id ?? 0;
  const rows = await db
    .select({
      id: collectionPrompts.id,
      text: collectionPrompts.text,
      tags: collectionPrompts.tags,
      anonymous: collectionPrompts.anonymous,
      posterId: collectionPrompts.posterId,
      poster: users.username,
      createdAt: collectionPrompts.createdAt,
      claimCount: sql<number>`(select count(*)::int from prompt_claims pc where pc.prompt_id = ${collectionPrompts.id})`,
      claimed: sql<boolean>`exists (select 1 from prompt_claims pc
        where pc.prompt_id = ${collectionPrompts.id} and pc.user_id = ${viewerId})`,
    })
    .from(collectionPrompts)
    .innerJoin(users, eq(users.id, collectionPrompts.posterId))
    .where(and(eq(collectionPrompts.collectionId, collection.id), ...where))
    .orderBy(desc(collectionPrompts.createdAt), desc(collectionPrompts.id))
    .limit(limit);
  const fills = await fillCards(
    db,
    collection.id,
    rows.map((r) => r.id),
    viewer,
  );
  return rows.map((row) => {
    const named = !row.anonymous || row.posterId === viewerId || maintainer;
    return {
      id: row.id,
      collection: memeOf(collection),
      text: row.text,
      tags: row.tags,
      poster: { username: named ? row.poster : ANONYMOUS_NAME },
      anonymous: row.anonymous,
      createdAt: row.createdAt.toISOString(),
      claimCount: Number(row.claimCount),
      claimed: Boolean(row.claimed),
      canDelete: row.posterId === viewerId || maintainer,
      fills: fills.get(row.id) ?? [],
    };
  });
}

/**
 * The fills of these prompts as Discover cards, oldest first: works the viewer may read that are in the collection
 * (a work waiting for a maintainer, or hidden until a reveal, only to its creator).
 */
async function fillCards(
  db: Db,
  collectionId: number,
  promptIds: number[],
  viewer: Viewer,
): Promise<Map<number, PublishedStoryItem[]>> {
  const byPrompt = new Map<number, PublishedStoryItem[]>();
  if (promptIds.length === 0) return byPrompt;
  const pairs = await db
    .select({ promptId: promptFills.promptId, storyId: promptFills.storyId })
    .from(promptFills)
    .where(inArray(promptFills.promptId, promptIds))
    .orderBy(promptFills.createdAt, promptFills.storyId);
  if (pairs.length === 0) return byPrompt;
  const ids = [...new Set(pairs.map((p) => p.storyId))];
  const own = viewer ? eq(stories.authorId, viewer.id) : sql`false`;
  const approved = sql`exists (select 1 from collection_items ci where ci.story_id = ${stories.id}
    and ci.collection_id = ${collectionId} and ci.state = 'approved')`;
  const where = [inArray(stories.id, ids), readableBy(viewer), or(own, and(approved, sql`not ${stories.unrevealed}`))!];
  if (viewer) where.push(notHiddenFrom(viewer.id, stories.authorId));
  const cards = new Map((await storyCards(db, where, ids.length)).map((card) => [card.id, card]));
  // NOTE: the cards name an anonymous work's creator 'Anonymous' to everyone, its creator included, as Discover's do
  // (policies/anonymity.ts): a card is one shared view.
  for (const { promptId, storyId } of pairs) {
    const card = cards.get(storyId);
    if (card) byPrompt.set(promptId, [...(byPrompt.get(promptId) ?? []), card]);
  }
  return byPrompt;
}

const withTag = (tag: string) =>
  sql`exists (select 1 from unnest(${collectionPrompts.tags}) t where lower(t) = ${tagKey(tag)})`;

/** GET /api/collections/{name}/prompts. */
export async function listPrompts(db: Db, name: string, viewer: Viewer, query: PromptListQuery): Promise<PromptList> {
  const collection = await getCollectionOrThrow(db, name);
  const maintainer = (await maintainerRole(db, collection.id, viewer?.id)) !== null;
  const where: SQL[] = [];
  if (query.tag) where.push(withTag(query.tag));
  if (query.cursor)
    where.push(sql`(${collectionPrompts.createdAt}, ${collectionPrompts.id}) <
      (select p.created_at, p.id from collection_prompts p where p.id = ${query.cursor})`);
  const page = await loadPrompts(db, collection, viewer, maintainer, where, PROMPT_LIMITS.page + 1);
  const more = page.length > PROMPT_LIMITS.page;
  const prompts = page.slice(0, PROMPT_LIMITS.page);
  return {
    collection: { ...memeOf(collection), maintainer },
    prompts,
    nextCursor: more ? (prompts.at(-1)?.id ?? null) : null,
  };
}

/** GET /api/prompts/{id}. */
export async function loadPromptView(db: Db, id: number, viewer: Viewer): Promise<PromptView> {
  const { collection } = await getPromptOrThrow(db, id);
  const maintainer = (await maintainerRole(db, collection.id, viewer?.id)) !== null;
  const [view] = await loadPrompts(db, collection, viewer, maintainer, [eq(collectionPrompts.id, id)], 1);
  return view!;
}

/** For the collection's public page: its newest prompts as the viewer sees them (empty when it runs no meme). */
export async function promptsForPage(
  db: Db,
  collectionId: number,
  viewer: Viewer,
  limit: number = PROMPT_LIMITS.page,
): Promise<PromptView[]> {
  const [collection] = await db.select().from(collections).where(eq(collections.id, collectionId)).limit(1);
  if (!collection || collection.promptMeme === "none") return [];
  const maintainer = (await maintainerRole(db, collection.id, viewer?.id)) !== null;
  return loadPrompts(db, collection, viewer, maintainer, [], limit);
}

/** GET /api/me/claims: the viewer's claims, newest first, each with their own works filling it. */
export async function listMyClaims(db: Db, userId: number): Promise<MyClaim[]> {
  const rows = await db
    .select({ claim: promptClaims, prompt: collectionPrompts, collection: collections })
    .from(promptClaims)
    .innerJoin(collectionPrompts, eq(collectionPrompts.id, promptClaims.promptId))
    .innerJoin(collections, eq(collections.id, collectionPrompts.collectionId))
    .where(eq(promptClaims.userId, userId))
    .orderBy(desc(promptClaims.createdAt), desc(promptClaims.promptId));
  if (rows.length === 0) return [];
  const mine = await db
    .select({ promptId: promptFills.promptId, id: stories.id, title: stories.title })
    .from(promptFills)
    .innerJoin(stories, eq(stories.id, promptFills.storyId))
    .where(
      and(
        inArray(
          promptFills.promptId,
          rows.map((r) => r.prompt.id),
        ),
        eq(stories.authorId, userId),
      ),
    )
    .orderBy(promptFills.createdAt);
  return rows.map(({ claim, prompt, collection }) => ({
    prompt: { id: prompt.id, text: prompt.text, tags: prompt.tags },
    collection: memeOf(collection),
    claimedAt: claim.createdAt.toISOString(),
    filledBy: mine.filter((f) => f.promptId === prompt.id).map((f) => ({ id: f.id, title: f.title })),
  }));
}
