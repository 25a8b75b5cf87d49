// Blocking and muting. Both hide the other person from one's own view (comments, works, notifications), through one
// anti-join on user_blocks' primary key; a block also refuses the blocked person's writes aimed at the blocker, with
// the same neutral answer whatever the write (WRITE_UNAVAILABLE), so it never tells them.
import { type AnyColumn, and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  BLOCK_SELF,
  type HiddenPeople,
  MUTE_SELF,
  USER_NOT_FOUND,
  WRITE_UNAVAILABLE,
} from "../../shared/schemas/safety";
import type { Db } from "../db/client";
import {
  follows,
  type HideKind,
  notifications,
  series,
  seriesSubscriptions,
  stories,
  storySubscriptions,
  userBlocks,
  users,
} from "../db/schema";
import { AppError, notFound } from "../errors";
import { canInteract } from "../policies/user";
import type { BlockFacts } from "../policies/viewer";

/** Route names are user names; anything else is nobody (the same rule as /u/{name}). */
const NAME = /^[\p{L}\p{N}_.-]{1,64}$/u;

export async function getUserByNameOrThrow(db: Db, name: string): Promise<{ id: number; username: string }> {
  if (!NAME.test(name)) throw notFound(USER_NOT_FOUND);
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.username})`, name.toLowerCase()))
    .limit(1);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/**
 * A condition for list queries: the row's author is not blocked or muted by the viewer. One anti-join on the
 * primary key's prefix (user_id, other_id). Only for signed-in viewers: signed-out lists never carry it.
 */
export function notHiddenFrom(viewerId: number, authorId: AnyColumn | SQL): SQL {
  return sql`not exists (select 1 from user_blocks hb where hb.user_id = ${viewerId} and hb.other_id = ${authorId})`;
}

/** Whether the viewer blocks or mutes anyone: lists shared by every viewer (the read cache) serve them only if not. */
export async function hidesAnyone(db: Db, viewerId: number): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(userBlocks).where(eq(userBlocks.userId, viewerId)).limit(1);
  return row !== undefined;
}

/** Whether `ownerId` hides `otherId` (a block or a mute). */
export async function hides(db: Db, ownerId: number, otherId: number): Promise<{ blocked: boolean; muted: boolean }> {
  const rows = await db
    .select({ kind: userBlocks.kind })
    .from(userBlocks)
    .where(and(eq(userBlocks.userId, ownerId), eq(userBlocks.otherId, otherId)));
  return { blocked: rows.some((r) => r.kind === "block"), muted: rows.some((r) => r.kind === "mute") };
}

/**
 * Refuses a write by `actorId` aimed at any of `ownerIds` (a story's author, the author of the comment answered, the
 * author followed) when one of them has blocked the actor: 403 with the neutral message.
 */
export async function refuseIfBlockedOrThrow(db: Db, ownerIds: readonly number[], actorId: number): Promise<void> {
  const blocks = await blockersAmong(db, ownerIds, actorId);
  const viewer = { id: actorId, isPremium: false };
  if (ownerIds.some((id) => canInteract(viewer, { id }, blocks) === "blocked")) throw writeUnavailable();
}

export const writeUnavailable = () => new AppError(403, "UNAVAILABLE", WRITE_UNAVAILABLE);

/** Which of `ownerIds` (other than the actor) block `actorId`: the facts the policies decide blocks from. */
export async function blockersAmong(db: Db, ownerIds: readonly number[], actorId: number): Promise<BlockFacts> {
  const owners = ownerIds.filter((id) => id !== actorId);
  if (owners.length === 0) return { blockedBy: [] };
  const rows = await db
    .select({ id: userBlocks.userId })
    .from(userBlocks)
    .where(and(inArray(userBlocks.userId, owners), eq(userBlocks.otherId, actorId), eq(userBlocks.kind, "block")));
  return { blockedBy: rows.map((r) => r.id) };
}

/**
 * Blocks or mutes `otherId`. A block also ends the follows and story (and series) subscriptions between the two, both ways: the
 * blocked person may no longer have them, and the blocker was told they won't see the other's stories, so following
 * them (a Following feed and notifications of what they publish) would contradict it. Unblocking brings none back.
 * Bookmarks stay: Saved Stories leaves them out while the block lasts and says how many. Idempotent.
 */
export async function hidePerson(db: Db, userId: number, otherId: number, kind: HideKind, now: Date): Promise<void> {
  if (userId === otherId) throw new AppError(400, "VALIDATION", kind === "block" ? BLOCK_SELF : MUTE_SELF);
  await db.transaction(async (tx) => {
    await tx.insert(userBlocks).values({ userId, otherId, kind, createdAt: now }).onConflictDoNothing();
    // Notifications from them already made but not yet emailed (a daily digest waits up to a day) are not sent.
    await tx
      .update(notifications)
      .set({ emailState: "none" })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.actorId, otherId),
          eq(notifications.emailState, "pending"),
        ),
      );
    if (kind !== "block") return;
    const pairs: [follower: number, author: number][] = [
      [otherId, userId],
      [userId, otherId],
    ];
    for (const [follower, author] of pairs) {
      await tx.delete(follows).where(and(eq(follows.followerId, follower), eq(follows.authorId, author)));
      await tx
        .delete(storySubscriptions)
        .where(
          and(
            eq(storySubscriptions.userId, follower),
            inArray(
              storySubscriptions.storyId,
              tx.select({ id: stories.id }).from(stories).where(eq(stories.authorId, author)),
            ),
          ),
        );
      // Issue 30: and subscriptions to the other's series.
      await tx
        .delete(seriesSubscriptions)
        .where(
          and(
            eq(seriesSubscriptions.userId, follower),
            inArray(
              seriesSubscriptions.seriesId,
              tx.select({ id: series.id }).from(series).where(eq(series.ownerId, author)),
            ),
          ),
        );
    }
  });
}

export async function unhidePerson(db: Db, userId: number, otherId: number, kind: HideKind): Promise<void> {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.userId, userId), eq(userBlocks.otherId, otherId), eq(userBlocks.kind, kind)));
}

/** Settings' lists: everyone the user blocks, everyone they mute, newest first. */
export async function listHiddenPeople(db: Db, userId: number): Promise<HiddenPeople> {
  const rows = await db
    .select({ kind: userBlocks.kind, username: users.username, since: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.otherId))
    .where(eq(userBlocks.userId, userId))
    .orderBy(desc(userBlocks.createdAt), users.username);
  const of = (kind: HideKind) =>
    rows.filter((r) => r.kind === kind).map((r) => ({ username: r.username, since: r.since.toISOString() }));
  return { blocked: of("block"), muted: of("mute") };
}
