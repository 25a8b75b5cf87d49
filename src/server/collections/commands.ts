// A collection's settings and its maintainers (issue 33 section 1). Each command runs in one transaction that locks
// the collection's row first, so two edits take turns; a change to `anonymous`/`unrevealed` re-derives its works'
// columns in the same transaction (anonymity.ts), so no list reads a work as revealed while its collection hides it.
import { and, eq, sql } from "drizzle-orm";
import {
  COLLECTION_ALREADY_MAINTAINER,
  COLLECTION_NAME_TAKEN,
  COLLECTION_NOT_MAINTAINER,
  COLLECTION_OWNER_STAYS,
  COLLECTION_REVEAL_AT_PAST,
  COLLECTION_REVEALED,
  COLLECTION_USER_NOT_FOUND,
  type CollectionCreate,
  type CollectionUpdate,
} from "../../shared/schemas/collections";
import { violatedUniqueConstraint } from "../accounts/find-user";
import type { Db } from "../db/client";
import { collectionMaintainers, collections, users } from "../db/schema";
import { AppError, notFound } from "../errors";
import { COLLECTION_NOT_FOUND, type CollectionRow, NOT_A_MAINTAINER } from "./access";
import { syncCollectionAnonymity } from "./anonymity";

export const invalid = (field: string, message: string, status = 400) =>
  new AppError(status, status === 409 ? "CONFLICT" : "VALIDATION", message, { fields: { [field]: message } });

const revealTime = (raw: string | null | undefined, now: Date): Date | null | undefined => {
  if (raw === undefined || raw === null) return raw;
  const at = new Date(raw);
  if (at.getTime() <= now.getTime()) throw invalid("revealAt", COLLECTION_REVEAL_AT_PAST);
  return at;
};

/** The collection's row, locked, when `userId` maintains it (owns it, with `owner`). */
export async function lockMaintainedOrThrow(
  tx: Db,
  name: string,
  userId: number,
  need: "maintainer" | "owner" = "maintainer",
): Promise<CollectionRow> {
  const [row] = await tx.select().from(collections).where(eq(collections.name, name.toLowerCase())).for("update");
  if (!row) throw notFound(COLLECTION_NOT_FOUND);
  const [mine] = await tx
    .select({ role: collectionMaintainers.role })
    .from(collectionMaintainers)
    .where(and(eq(collectionMaintainers.collectionId, row.id), eq(collectionMaintainers.userId, userId)));
  if (!mine || (need === "owner" && mine.role !== "owner")) throw new AppError(403, "FORBIDDEN", NOT_A_MAINTAINER);
  return row;
}

export async function createCollection(db: Db, ownerId: number, body: CollectionCreate, now: Date): Promise<string> {
  const revealAt = revealTime(body.revealAt, now) ?? null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(collections)
        .values({
          name: body.name,
          title: body.title,
          description: body.description,
          ownerId,
          open: body.open,
          moderated: body.moderated,
          anonymous: body.anonymous,
          unrevealed: body.unrevealed,
          revealAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: collections.id, name: collections.name });
      await tx
        .insert(collectionMaintainers)
        .values({ collectionId: row!.id, userId: ownerId, role: "owner", createdAt: now });
      return row!.name;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === "collections_name_key") throw invalid("name", COLLECTION_NAME_TAKEN, 409);
    throw error;
  }
}

/** Answers the collection's id. */
export async function updateCollection(
  db: Db,
  name: string,
  userId: number,
  body: CollectionUpdate,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await lockMaintainedOrThrow(tx, name, userId);
    const hides = (body.anonymous === true && !row.anonymous) || (body.unrevealed === true && !row.unrevealed);
    if (row.revealedAt && hides) throw invalid(body.anonymous ? "anonymous" : "unrevealed", COLLECTION_REVEALED, 409);
    const revealAt = revealTime(body.revealAt, now);
    await tx
      .update(collections)
      .set({
        ...(body.title === undefined ? {} : { title: body.title }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.open === undefined ? {} : { open: body.open }),
        ...(body.moderated === undefined ? {} : { moderated: body.moderated }),
        ...(body.anonymous === undefined ? {} : { anonymous: body.anonymous }),
        ...(body.unrevealed === undefined ? {} : { unrevealed: body.unrevealed }),
        ...(revealAt === undefined ? {} : { revealAt }),
        updatedAt: now,
      })
      .where(eq(collections.id, row.id));
    const flagsChanged =
      (body.anonymous !== undefined && body.anonymous !== row.anonymous) ||
      (body.unrevealed !== undefined && body.unrevealed !== row.unrevealed);
    if (flagsChanged) await syncCollectionAnonymity(tx, row.id);
    return row.id;
  });
}

export async function addMaintainer(db: Db, name: string, ownerId: number, username: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockMaintainedOrThrow(tx, name, ownerId, "owner");
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .limit(1);
    if (!user) throw invalid("username", COLLECTION_USER_NOT_FOUND, 404);
    const added = await tx
      .insert(collectionMaintainers)
      .values({ collectionId: row.id, userId: user.id, role: "maintainer", createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: collectionMaintainers.userId });
    if (added.length === 0) throw invalid("username", COLLECTION_ALREADY_MAINTAINER, 409);
  });
}

/** The owner removes anyone but themselves; a maintainer may step down (remove themselves). */
export async function removeMaintainer(db: Db, name: string, userId: number, username: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .limit(1);
    const self = target?.id === userId;
    const row = await lockMaintainedOrThrow(tx, name, userId, self ? "maintainer" : "owner");
    if (target?.id === row.ownerId) throw invalid("username", COLLECTION_OWNER_STAYS, 409);
    const removed = target
      ? await tx
          .delete(collectionMaintainers)
          .where(and(eq(collectionMaintainers.collectionId, row.id), eq(collectionMaintainers.userId, target.id)))
          .returning({ userId: collectionMaintainers.userId })
      : [];
    if (removed.length === 0) throw invalid("username", COLLECTION_NOT_MAINTAINER, 404);
  });
}
