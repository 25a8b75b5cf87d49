// Reading collections: one collection's settings and counts for the API, a user's own list (owned, maintained, and
// their works' invitations waiting), the maintainers' queue, and subscriptions.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { collectionPath } from "../../shared/routes";
import type {
  CollectionQueue,
  CollectionRole,
  CollectionView,
  MyCollectionsList,
} from "../../shared/schemas/collections";
import type { Db } from "../db/client";
import {
  collectionItems,
  collectionMaintainers,
  collections,
  collectionSubscriptions,
  stories,
  users,
} from "../db/schema";
import { getCollectionOrThrow, maintainerRole, requireMaintainer } from "./access";

/** The collections a work is in (approved items), by title: the 'In collections' line of its public page. */
export async function collectionsOfStory(db: Db, storyId: number): Promise<{ name: string; title: string }[]> {
  return db
    .select({ name: collections.name, title: collections.title })
    .from(collectionItems)
    .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
    .where(and(eq(collectionItems.storyId, storyId), eq(collectionItems.state, "approved")))
    .orderBy(asc(collections.title), asc(collections.id));
}

/** The ids of the collections a work is approved in (its publication tells their subscribers). */
export async function approvedCollectionIds(db: Db, storyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: collectionItems.collectionId })
    .from(collectionItems)
    .where(and(eq(collectionItems.storyId, storyId), eq(collectionItems.state, "approved")));
  return rows.map((r) => r.id);
}

/** The maintainers, the owner first. */
export async function listMaintainers(db: Db, collectionId: number) {
  const rows = await db
    .select({ username: users.username, role: collectionMaintainers.role })
    .from(collectionMaintainers)
    .innerJoin(users, eq(users.id, collectionMaintainers.userId))
    .where(eq(collectionMaintainers.collectionId, collectionId))
    .orderBy(desc(sql`${collectionMaintainers.role} = 'owner'`), asc(collectionMaintainers.createdAt), asc(users.id));
  return rows.map((r) => ({ username: r.username, role: r.role as CollectionRole }));
}

export async function isSubscribedToCollection(db: Db, collectionId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(collectionSubscriptions)
    .where(and(eq(collectionSubscriptions.collectionId, collectionId), eq(collectionSubscriptions.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** GET /api/collections/{name}: readers see how many works it lists; its maintainers also the queue's size. */
export async function loadCollectionView(db: Db, name: string, userId: number | null): Promise<CollectionView> {
  const row = await getCollectionOrThrow(db, name);
  const role = await maintainerRole(db, row.id, userId);
  const count = (state: string) =>
    sql<number>`(select count(*)::int from collection_items ci where ci.collection_id = ${row.id} and ci.state = ${state})`;
  const result = await db.execute(sql`
    select (select count(*)::int from collection_items ci join stories s on s.id = ci.story_id
        where ci.collection_id = ${row.id} and ci.state = 'approved' and s.published
          and (not s.unrevealed or ${role !== null})) as works,
      ${count("pending")} as pending, ${count("invited")} as invited,
      (select count(*)::int from collection_subscriptions cs where cs.collection_id = ${row.id}) as subscribers`);
  type Counts = { works: number; pending: number; invited: number; subscribers: number };
  const [counts] = (result as unknown as { rows: Counts[] }).rows;
  return {
    name: row.name,
    title: row.title,
    description: row.description,
    open: row.open,
    moderated: row.moderated,
    anonymous: row.anonymous,
    unrevealed: row.unrevealed,
    revealAt: row.revealAt?.toISOString() ?? null,
    revealedAt: row.revealedAt?.toISOString() ?? null,
    path: collectionPath(row.name),
    createdAt: row.createdAt.toISOString(),
    maintainers: await listMaintainers(db, row.id),
    counts: {
      works: Number(counts?.works ?? 0),
      pending: role ? Number(counts?.pending ?? 0) : 0,
      invited: role ? Number(counts?.invited ?? 0) : 0,
      subscribers: Number(counts?.subscribers ?? 0),
    },
    role,
    subscribed: userId ? await isSubscribedToCollection(db, row.id, userId) : false,
  };
}

/** GET /api/me/collections. */
export async function listMyCollections(db: Db, userId: number): Promise<MyCollectionsList> {
  const rows = await db
    .select({
      name: collections.name,
      title: collections.title,
      role: collectionMaintainers.role,
      works: sql<number>`(select count(*)::int from collection_items ci where ci.collection_id = ${collections.id} and ci.state = 'approved')`,
      pending: sql<number>`(select count(*)::int from collection_items ci where ci.collection_id = ${collections.id} and ci.state = 'pending')`,
    })
    .from(collectionMaintainers)
    .innerJoin(collections, eq(collections.id, collectionMaintainers.collectionId))
    .where(eq(collectionMaintainers.userId, userId))
    .orderBy(desc(collections.updatedAt), desc(collections.id));
  const invitations = await db
    .select({
      name: collections.name,
      title: collections.title,
      storyId: stories.id,
      storyTitle: stories.title,
      invitedAt: collectionItems.createdAt,
    })
    .from(collectionItems)
    .innerJoin(stories, eq(stories.id, collectionItems.storyId))
    .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
    .where(and(eq(stories.authorId, userId), eq(collectionItems.state, "invited")))
    .orderBy(desc(collectionItems.createdAt))
    .limit(100);
  return {
    collections: rows.map((r) => ({
      name: r.name,
      title: r.title,
      role: r.role as CollectionRole,
      path: collectionPath(r.name),
      works: Number(r.works),
      pending: Number(r.pending),
    })),
    invitations: invitations.map((r) => ({
      collection: { name: r.name, title: r.title },
      story: { id: r.storyId, title: r.storyTitle },
      invitedAt: r.invitedAt.toISOString(),
    })),
  };
}

/** GET /api/collections/{name}/items?state=: what waits for the maintainers (pending) or for authors (invited). */
export async function loadQueue(
  db: Db,
  name: string,
  userId: number,
  state: "pending" | "invited",
): Promise<CollectionQueue> {
  const collection = await requireMaintainer(db, name, userId);
  const rows = await db
    .select({
      id: stories.id,
      title: stories.title,
      published: stories.published,
      username: users.username,
      addedAt: collectionItems.createdAt,
    })
    .from(collectionItems)
    .innerJoin(stories, eq(stories.id, collectionItems.storyId))
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(and(eq(collectionItems.collectionId, collection.id), eq(collectionItems.state, state)))
    .orderBy(asc(collectionItems.createdAt), asc(collectionItems.storyId))
    .limit(500);
  return {
    items: rows.map((r) => ({
      story: { id: r.id, title: r.title, published: r.published },
      author: { username: r.username },
      state,
      addedAt: r.addedAt.toISOString(),
    })),
  };
}

export async function subscribeToCollection(db: Db, name: string, userId: number, now: Date): Promise<number> {
  const row = await getCollectionOrThrow(db, name);
  await db
    .insert(collectionSubscriptions)
    .values({ userId, collectionId: row.id, createdAt: now })
    .onConflictDoNothing();
  return row.id;
}

export async function unsubscribeFromCollection(db: Db, name: string, userId: number): Promise<number> {
  const row = await getCollectionOrThrow(db, name);
  await db
    .delete(collectionSubscriptions)
    .where(and(eq(collectionSubscriptions.collectionId, row.id), eq(collectionSubscriptions.userId, userId)));
  return row.id;
}
