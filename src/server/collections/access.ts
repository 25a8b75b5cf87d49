// Finding a collection by its URL name and who maintains it: the one lookup every collection, exchange and prompt
// route starts with (issue 33). A name that is not a collection's answers 404 with COLLECTION_NOT_FOUND.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { collectionMaintainers, collections } from "../db/schema";
import { AppError, notFound } from "../errors";

export const COLLECTION_NOT_FOUND = "Collection not found";
export const NOT_A_MAINTAINER = "Only the collection's maintainers can do that.";

export type CollectionRow = typeof collections.$inferSelect;

/** The collection named `name` (names are lower case; the lookup is too), or undefined. */
export async function findCollection(db: Db, name: string): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.name, name.toLowerCase())).limit(1);
  return row;
}

export async function getCollectionOrThrow(db: Db, name: string): Promise<CollectionRow> {
  const row = await findCollection(db, name);
  if (!row) throw notFound(COLLECTION_NOT_FOUND);
  return row;
}

/** 'owner', 'maintainer', or null for anyone else (and for a visitor). */
export async function maintainerRole(
  db: Db,
  collectionId: number,
  userId: number | null | undefined,
): Promise<"owner" | "maintainer" | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ role: collectionMaintainers.role })
    .from(collectionMaintainers)
    .where(and(eq(collectionMaintainers.collectionId, collectionId), eq(collectionMaintainers.userId, userId)))
    .limit(1);
  return (row?.role as "owner" | "maintainer" | undefined) ?? null;
}

/** The collection, when `userId` maintains it (or owns it, with `owner`); 403 otherwise, 404 for no such name. */
export async function requireMaintainer(
  db: Db,
  name: string,
  userId: number,
  need: "maintainer" | "owner" = "maintainer",
): Promise<CollectionRow> {
  const collection = await getCollectionOrThrow(db, name);
  const role = await maintainerRole(db, collection.id, userId);
  if (!role || (need === "owner" && role !== "owner")) throw new AppError(403, "FORBIDDEN", NOT_A_MAINTAINER);
  return collection;
}
