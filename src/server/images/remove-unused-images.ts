// Covers uploaded but never used (a dialog closed, a cover replaced) are removed after a day.
// The scheduler calls this; the day leaves time to attach an upload to a story.
import { and, eq, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { images, stories } from "../db/schema";

export const UNUSED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Deletes images older than a day that no story has as its cover; answers how many went. */
export async function removeUnusedImages(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_IMAGE_TTL_MS);
  // NOTE: stories.cover_image_id is indexed (migration 0002), so each NOT EXISTS is one index probe.
  const used = db.select({ one: sql`1` }).from(stories).where(eq(stories.coverImageId, images.id));
  const removed = await db
    .delete(images)
    .where(and(lt(images.createdAt, cutoff), notExists(used)))
    .returning({ id: images.id });
  return removed.length;
}
