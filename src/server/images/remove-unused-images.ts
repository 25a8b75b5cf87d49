// Images uploaded but never used (a dialog closed, a cover or reader background replaced) are removed after a day.
// The scheduler calls this; the day leaves time to attach an upload to a story.
import { and, eq, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { images, stories } from "../db/schema";

export const UNUSED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Deletes images older than a day that no story has as its cover or reader background; answers how many went. */
export async function removeUnusedImages(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_IMAGE_TTL_MS);
  // NOTE: both columns are indexed (migrations 0002 and 0005), so each NOT EXISTS is two index probes.
  const asCover = db.select({ one: sql`1` }).from(stories).where(eq(stories.coverImageId, images.id));
  const asBackground = db.select({ one: sql`1` }).from(stories).where(eq(stories.readerBackgroundImageId, images.id));
  const removed = await db
    .delete(images)
    .where(and(lt(images.createdAt, cutoff), notExists(asCover), notExists(asBackground)))
    .returning({ id: images.id });
  return removed.length;
}
