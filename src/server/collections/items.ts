// A collection's works (issue 33 section 1): a writer adds their own work (approved at once, or pending in a moderated
// collection), a maintainer invites another writer's published work (it waits for the author's consent), maintainers
// approve or reject what waits. Every command is one transaction that locks the story's row (the 20-collection cap is
// counted under it, so two collections cannot both take its last place) and re-derives the story's anonymity columns.
// The few people one change concerns are told in the same transaction; a collection's subscribers hear of a work
// through the outbox (collection.work_added), as a series' do.
import { and, eq, ne, sql } from "drizzle-orm";
import {
  COLLECTION_CLOSED,
  COLLECTION_ITEM_DECLINED,
  COLLECTION_LIMITS,
  COLLECTION_NOT_INVITED,
  COLLECTION_NOT_PENDING,
  COLLECTION_STORY_ALREADY_IN,
  COLLECTION_STORY_NOT_FOUND,
  COLLECTION_STORY_NOT_IN,
  COLLECTION_WORK_LIMIT,
  type CollectionItemState,
} from "../../shared/schemas/collections";
import { affectedRows, insertNotifications } from "../community/notification-rows";
import type { Db } from "../db/client";
import { collectionItems, stories } from "../db/schema";
import { AppError } from "../errors";
import { type RecordedEvent, recordEvent } from "../events/outbox";
import { type CollectionRow, getCollectionOrThrow, maintainerRole, NOT_A_MAINTAINER } from "./access";
import { syncStoryAnonymity } from "./anonymity";
import { invalid } from "./commands";

export interface ItemChange {
  collectionId: number;
  storyId: number;
  state: CollectionItemState | "removed";
  /** The subscribers' notification, when the work just became visible in the collection. */
  durable: RecordedEvent | null;
}

type Tx = Db;
export type StoryFacts = { id: number; authorId: number; published: boolean };

/** The story's row, locked until the transaction ends; undefined when there is none. */
export async function lockStory(tx: Tx, storyId: number): Promise<StoryFacts | undefined> {
  const [row] = await tx
    .select({ id: stories.id, authorId: stories.authorId, published: stories.published })
    .from(stories)
    .where(eq(stories.id, storyId))
    .for("update");
  return row;
}

async function itemState(tx: Tx, collectionId: number, storyId: number): Promise<CollectionItemState | undefined> {
  const [row] = await tx
    .select({ state: collectionItems.state })
    .from(collectionItems)
    .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.storyId, storyId)));
  return row?.state as CollectionItemState | undefined;
}

async function setState(tx: Tx, collectionId: number, storyId: number, state: CollectionItemState, now: Date) {
  await tx
    .update(collectionItems)
    .set({ state, answeredAt: now })
    .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.storyId, storyId)));
}

/**
 * After a state change: the story's columns follow its collections, and a work now approved and visible to readers
 * (published, and not held back by an unrevealed collection) is announced to the subscribers.
 */
async function settle(
  tx: Tx,
  collection: CollectionRow,
  storyId: number,
  state: ItemChange["state"],
  now: Date,
): Promise<ItemChange> {
  await syncStoryAnonymity(tx, [storyId]);
  let durable: RecordedEvent | null = null;
  if (state === "approved") {
    const [story] = await tx
      .select({ published: stories.published, unrevealed: stories.unrevealed })
      .from(stories)
      .where(eq(stories.id, storyId));
    if (story?.published && !story.unrevealed)
      durable = await recordEvent(tx, { name: "collection.work_added", collectionId: collection.id, storyId }, now);
  }
  return { collectionId: collection.id, storyId, state, durable };
}

/** Tells a few people of an item (the maintainers of a pending work, an invited work's author, an answer's asker). */
async function tell(
  tx: Tx,
  type: "collection_item" | "collection_invite",
  recipients: Sql,
  collectionId: number,
  storyId: number,
  actorId: number,
  key: string,
): Promise<number> {
  const source = sql`select r.user_id, ${type}, ${actorId}::int, ${storyId}::int, null::int, null::int, null::int,
      ${`collection-item:${collectionId}:${storyId}:${key}`} || ':' || r.user_id
    from (${recipients}) r(user_id)`;
  return affectedRows(await tx.execute(insertNotifications(source, { collectionId })));
}
type Sql = ReturnType<typeof sql>;

const maintainersOf = (collectionId: number) =>
  sql`select user_id from collection_maintainers where collection_id = ${collectionId}`;
const userList = (id: number) => sql`select ${id}::int`;

/** How a work joins a collection besides an author's or a maintainer's add (issue 33). */
export interface JoinOptions {
  /** The request's field that errors name ('storyId' by default; the publish body's 'fills'). */
  field?: string;
  /** A work already in it, or waiting there, is answered with its state instead of a 409 (a prompt's second fill). */
  keepExisting?: boolean;
  /** Approved whatever the collection's open and moderated settings: a gift exchange's assignment is the permission. */
  admitted?: boolean;
}

/**
 * Inside the caller's transaction, with the story's row locked (so two adds of one work take turns over its
 * collections limit): the one set of rules by which a work joins a collection. Its author adds it (refused when the
 * collection is closed, waiting for a maintainer when it is moderated), a maintainer invites another writer's
 * published work, or an assignment admits it; at most 20 collections a work, counting invitations and waiting items.
 */
export async function joinCollectionLocked(
  tx: Tx,
  collection: CollectionRow,
  story: StoryFacts,
  userId: number,
  now: Date,
  options: JoinOptions = {},
): Promise<ItemChange> {
  const field = options.field ?? "storyId";
  const storyId = story.id;
  const role = await maintainerRole(tx, collection.id, userId);
  const own = story.authorId === userId;
  // Another writer's draft, or another writer's work asked for by a reader: answered as no such story.
  if (!own && (!role || !story.published)) throw invalid(field, COLLECTION_STORY_NOT_FOUND, 404);
  if (own && !collection.open && !role && !options.admitted) throw invalid(field, COLLECTION_CLOSED, 403);
  const existing = await itemState(tx, collection.id, storyId);
  // The author adding a work a maintainer invited is their consent.
  if (own && existing === "invited") return acceptLocked(tx, collection, storyId, userId, now);
  if (existing && options.admitted && existing !== "approved") {
    await setState(tx, collection.id, storyId, "approved", now);
    return settle(tx, collection, storyId, "approved", now);
  }
  if (existing === "rejected") throw invalid(field, COLLECTION_ITEM_DECLINED, 409);
  if (existing && options.keepExisting) return { collectionId: collection.id, storyId, state: existing, durable: null };
  if (existing) throw invalid(field, COLLECTION_STORY_ALREADY_IN, 409);
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(collectionItems)
    .where(and(eq(collectionItems.storyId, storyId), ne(collectionItems.state, "rejected")));
  if (Number(n) >= COLLECTION_LIMITS.collectionsPerWork) throw invalid(field, COLLECTION_WORK_LIMIT, 409);
  const state: CollectionItemState =
    options.admitted || (own && (!collection.moderated || role)) ? "approved" : own ? "pending" : "invited";
  await tx
    .insert(collectionItems)
    .values({ collectionId: collection.id, storyId, state, addedBy: userId, createdAt: now });
  if (state === "pending")
    await tell(tx, "collection_item", maintainersOf(collection.id), collection.id, storyId, userId, "pending");
  if (state === "invited")
    await tell(tx, "collection_invite", userList(story.authorId), collection.id, storyId, userId, "invited");
  return settle(tx, collection, storyId, state, now);
}

/** POST /api/collections/{name}/items. */
export async function addCollectionItem(
  db: Db,
  name: string,
  userId: number,
  storyId: number,
  now: Date,
): Promise<ItemChange> {
  return db.transaction(async (tx) => {
    const collection = await getCollectionOrThrow(tx, name);
    const story = await lockStory(tx, storyId);
    if (!story) throw invalid("storyId", COLLECTION_STORY_NOT_FOUND, 404);
    return joinCollectionLocked(tx, collection, story, userId, now);
  });
}

async function acceptLocked(tx: Tx, collection: CollectionRow, storyId: number, authorId: number, now: Date) {
  await setState(tx, collection.id, storyId, "approved", now);
  await tellAsker(tx, collection.id, storyId, authorId, "accepted");
  return settle(tx, collection, storyId, "approved", now);
}

/** The maintainer who invited the work (or every maintainer, when they are gone) hears the author's answer. */
async function tellAsker(tx: Tx, collectionId: number, storyId: number, authorId: number, answer: string) {
  const asker = sql`select coalesce(
      (select ci.added_by from collection_items ci join collection_maintainers m
        on m.collection_id = ci.collection_id and m.user_id = ci.added_by
        where ci.collection_id = ${collectionId} and ci.story_id = ${storyId}),
      (select owner_id from collections where id = ${collectionId}))`;
  await tell(tx, "collection_item", asker, collectionId, storyId, authorId, answer);
}

/** POST …/items/{storyId}/accept or /decline: the author answers an invitation. */
export async function answerInvitation(
  db: Db,
  name: string,
  authorId: number,
  storyId: number,
  accept: boolean,
  now: Date,
): Promise<ItemChange> {
  return db.transaction(async (tx) => {
    const collection = await getCollectionOrThrow(tx, name);
    const story = await lockStory(tx, storyId);
    if (!story || story.authorId !== authorId) throw invalid("storyId", COLLECTION_STORY_NOT_FOUND, 404);
    if ((await itemState(tx, collection.id, storyId)) !== "invited")
      throw invalid("storyId", COLLECTION_NOT_INVITED, 409);
    if (accept) return acceptLocked(tx, collection, storyId, authorId, now);
    await setState(tx, collection.id, storyId, "rejected", now);
    await tellAsker(tx, collection.id, storyId, authorId, "declined");
    return settle(tx, collection, storyId, "rejected", now);
  });
}

/** POST …/items/{storyId}/approve or /reject: a maintainer decides on a pending work; its author hears of it. */
export async function decideItem(
  db: Db,
  name: string,
  userId: number,
  storyId: number,
  approve: boolean,
  now: Date,
): Promise<ItemChange> {
  return db.transaction(async (tx) => {
    const collection = await getCollectionOrThrow(tx, name);
    if (!(await maintainerRole(tx, collection.id, userId))) throw new AppError(403, "FORBIDDEN", NOT_A_MAINTAINER);
    const story = await lockStory(tx, storyId);
    if (!story || (await itemState(tx, collection.id, storyId)) !== "pending")
      throw invalid("storyId", COLLECTION_NOT_PENDING, 409);
    const state = approve ? "approved" : "rejected";
    await setState(tx, collection.id, storyId, state, now);
    await tell(tx, "collection_item", userList(story.authorId), collection.id, storyId, userId, state);
    return settle(tx, collection, storyId, state, now);
  });
}

/** DELETE …/items/{storyId}: the work's creator or a maintainer takes it out (any state). */
export async function removeItem(
  db: Db,
  name: string,
  userId: number,
  storyId: number,
  now: Date,
): Promise<ItemChange> {
  return db.transaction(async (tx) => {
    const collection = await getCollectionOrThrow(tx, name);
    const story = await lockStory(tx, storyId);
    const allowed = story && (story.authorId === userId || (await maintainerRole(tx, collection.id, userId)));
    const removed = allowed
      ? await tx
          .delete(collectionItems)
          .where(and(eq(collectionItems.collectionId, collection.id), eq(collectionItems.storyId, storyId)))
          .returning({ storyId: collectionItems.storyId })
      : [];
    if (removed.length === 0) throw invalid("storyId", COLLECTION_STORY_NOT_IN, 404);
    return settle(tx, collection, storyId, "removed", now);
  });
}
