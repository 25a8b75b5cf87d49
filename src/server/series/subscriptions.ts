// Subscribing to a series: a work added to it later notifies the reader, once per work (community/notify.ts). The
// series must exist; a reader its owner blocked is refused with the neutral answer blocked writes get.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { seriesSubscriptions } from "../db/schema";
import { refuseIfBlockedOrThrow } from "../safety/blocks";
import { getSeriesOrThrow } from "./queries";

export async function subscribeToSeries(db: Db, seriesId: number, userId: number, now: Date): Promise<void> {
  const head = await getSeriesOrThrow(db, seriesId);
  await refuseIfBlockedOrThrow(db, [head.ownerId], userId);
  await db.insert(seriesSubscriptions).values({ userId, seriesId, createdAt: now }).onConflictDoNothing();
}

/** Works on any series id (it only removes a row). */
export async function unsubscribeFromSeries(db: Db, seriesId: number, userId: number): Promise<void> {
  await db
    .delete(seriesSubscriptions)
    .where(and(eq(seriesSubscriptions.userId, userId), eq(seriesSubscriptions.seriesId, seriesId)));
}
