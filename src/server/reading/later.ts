// Issue 30: 'Mark for Later', a reader's list apart from bookmarks (AO3's), shown on the History page with 'Mark as
// read'. Only works the reader may still read are listed (one unpublished or turned mature keeps its row and comes
// back when readable), and none by authors they block or mute.
import { and, desc, eq } from "drizzle-orm";
import type { LaterItem, LaterState } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { markedForLater, stories, users } from "../db/schema";
import { savedStory, savedStoryColumns } from "./bookmarks";
import { readableBy, type Viewer, getReadableStoryOrThrow } from "../policies/visibility";
import { notHiddenFrom } from "../safety/blocks";

/** The list is shown whole on the History page; a cap keeps one answer bounded. */
export const LATER_LIST_CAP = 500;

export async function markForLater(
  db: Db,
  storyId: number,
  viewer: NonNullable<Viewer>,
  now: Date,
): Promise<LaterState> {
  await getReadableStoryOrThrow(db, storyId, viewer);
  await db.insert(markedForLater).values({ userId: viewer.id, storyId, createdAt: now }).onConflictDoNothing();
  return { later: true };
}

/** 'Mark as read' (or taking the mark back): the work leaves the list. Unmarking a story one cannot read is fine. */
export async function unmarkForLater(db: Db, storyId: number, viewer: NonNullable<Viewer>): Promise<LaterState> {
  await db.delete(markedForLater).where(and(eq(markedForLater.userId, viewer.id), eq(markedForLater.storyId, storyId)));
  return { later: false };
}

export async function isMarkedForLater(db: Db, storyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ storyId: markedForLater.storyId })
    .from(markedForLater)
    .where(and(eq(markedForLater.userId, userId), eq(markedForLater.storyId, storyId)))
    .limit(1);
  return row !== undefined;
}

export async function listLater(db: Db, viewer: NonNullable<Viewer>): Promise<LaterItem[]> {
  const rows = await db
    .select({ ...savedStoryColumns, markedAt: markedForLater.createdAt })
    .from(markedForLater)
    .innerJoin(stories, eq(stories.id, markedForLater.storyId))
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(and(eq(markedForLater.userId, viewer.id), readableBy(viewer), notHiddenFrom(viewer.id, stories.authorId)))
    .orderBy(desc(markedForLater.createdAt), desc(markedForLater.storyId))
    .limit(LATER_LIST_CAP);
  return rows.map((row) => ({
    ...savedStory(row),
    markedAt: row.markedAt.toISOString(),
  }));
}
