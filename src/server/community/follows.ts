// Following authors and subscribing to stories. Both are idempotent: following twice is one row, unfollowing
// someone not followed changes nothing. The targets must exist (an author) or be readable (a story): 404 otherwise.
import { and, count, eq, sql } from "drizzle-orm";
import { AUTHOR_NOT_FOUND, FOLLOW_SELF, type FollowState } from "../../shared/schemas/community";
import type { Db } from "../db/client";
import { type RecordedEvent, recordEvent } from "../events/outbox";
import { follows, storySubscriptions, users } from "../db/schema";
import { AppError, notFound } from "../errors";
import { getReadableStoryOrThrow, type Viewer } from "../policies/visibility";
import { refuseIfBlockedOrThrow } from "../safety/blocks";

/** Route names are user names; anything else is nobody (the same rule as /u/{name}). */
const NAME = /^[\p{L}\p{N}_.-]{1,64}$/u;

export async function getAuthorByNameOrThrow(db: Db, name: string): Promise<{ id: number; username: string }> {
  if (!NAME.test(name)) throw notFound(AUTHOR_NOT_FOUND);
  const [author] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.username})`, name.toLowerCase()))
    .limit(1);
  if (!author) throw notFound(AUTHOR_NOT_FOUND);
  return author;
}

export async function followerCount(db: Db, authorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.authorId, authorId));
  return Number(row?.n ?? 0);
}

export async function followState(db: Db, authorId: number, viewerId: number): Promise<FollowState> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), eq(follows.authorId, authorId)))
    .limit(1);
  return { following: row !== undefined, followerCount: await followerCount(db, authorId) };
}

/** Answers the author's new-follower notification, recorded with the follow; null when already following. */
export async function follow(db: Db, authorId: number, viewerId: number, now: Date): Promise<RecordedEvent | null> {
  if (authorId === viewerId) throw new AppError(400, "VALIDATION", FOLLOW_SELF);
  await refuseIfBlockedOrThrow(db, [authorId], viewerId);
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(follows)
      .values({ followerId: viewerId, authorId })
      .onConflictDoNothing()
      .returning({ authorId: follows.authorId });
    if (added.length === 0) return null;
    return recordEvent(tx, { name: "user.followed", authorId, followerId: viewerId }, now);
  });
}

export async function unfollow(db: Db, authorId: number, viewerId: number): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, viewerId), eq(follows.authorId, authorId)));
}

export async function isSubscribed(db: Db, storyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(storySubscriptions)
    .where(and(eq(storySubscriptions.userId, userId), eq(storySubscriptions.storyId, storyId)))
    .limit(1);
  return row !== undefined;
}

/** Subscribing needs a story the viewer may read now; unsubscribing works on any story (it only removes a row). */
export async function subscribe(db: Db, storyId: number, viewer: NonNullable<Viewer>): Promise<void> {
  const story = await getReadableStoryOrThrow(db, storyId, viewer);
  await refuseIfBlockedOrThrow(db, [story.authorId], viewer.id);
  await db.insert(storySubscriptions).values({ userId: viewer.id, storyId }).onConflictDoNothing();
}

export async function unsubscribe(db: Db, storyId: number, userId: number): Promise<void> {
  await db
    .delete(storySubscriptions)
    .where(and(eq(storySubscriptions.userId, userId), eq(storySubscriptions.storyId, storyId)));
}
