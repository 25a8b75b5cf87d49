// Images uploaded but never used (a dialog closed, a cover or reader background replaced) are removed after a day,
// row first, then its objects in the image storage; objects no row names (a crash between the object write and the
// row, a removal whose object delete failed, an account deletion) go a day after they were written.
// The scheduler calls this; the day leaves time to attach an upload to a story.
import { and, eq, inArray, isNotNull, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { images, stories } from "../db/schema";
import type { ImageStorage } from "./storage/driver";
import { deleteImageObjects } from "./store-image";

export const UNUSED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export interface RemoveOptions {
  /** Tests only: runs between choosing the candidates and deleting them, inside the same transaction. */
  afterListing?: (tx: Db, ids: string[]) => Promise<void>;
}

/** Deletes images older than a day that no story has as its cover or reader background; answers how many went. */
export async function removeUnusedImages(
  db: Db,
  storage: ImageStorage,
  now: Date,
  options: RemoveOptions = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_IMAGE_TTL_MS);
  // NOTE: every column of stories that names an image (grep images.id in db/schema); both are indexed.
  const unused = () =>
    and(
      notExists(db.select({ one: sql`1` }).from(stories).where(eq(stories.coverImageId, images.id))),
      notExists(db.select({ one: sql`1` }).from(stories).where(eq(stories.readerBackgroundImageId, images.id))),
    );
  let removed = 0;
  for (;;) {
    const keys = await db.transaction(async (tx) => {
      // NOTE: FOR UPDATE SKIP LOCKED passes over an image a story save is pointing at right now (its foreign key
      // check holds a share lock on the row); the delete then checks "unused" again with a fresh snapshot, so a
      // story that started using a candidate after the listing keeps it.
      const candidates = await tx
        .select({ id: images.id })
        .from(images)
        .where(and(lt(images.createdAt, cutoff), unused()))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (candidates.length === 0) return undefined;
      const ids = candidates.map((c) => c.id);
      await options.afterListing?.(tx, ids);
      const gone = await tx
        .delete(images)
        .where(and(inArray(images.id, ids), lt(images.createdAt, cutoff), unused()))
        .returning({ storageKey: images.storageKey });
      removed += gone.length;
      return { listed: ids.length, keys: gone.flatMap((g) => (g.storageKey ? [g.storageKey] : [])) };
    });
    if (!keys) break;
    // NOTE: after the commit: a key belongs to one row ever, so its objects can go; a failure here leaves them to
    // the sweep of objects without a row.
    for (const key of keys.keys) await deleteImageObjects(storage, key).catch(() => undefined);
    if (keys.listed < BATCH) break;
  }
  return removed;
}

/**
 * Deletes objects written more than a day ago that no image row names (the full object or its thumbnail); answers
 * how many went. Lists the whole storage, so it runs daily.
 */
export async function removeObjectsWithoutImage(db: Db, storage: ImageStorage, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_IMAGE_TTL_MS);
  let removed = 0;
  let page: string[] = [];
  const flush = async () => {
    const keyOf = (object: string) => object.replace(/\.thumb$/, "");
    const wanted = [...new Set(page.map(keyOf))];
    const rows = await db
      .select({ key: images.storageKey })
      .from(images)
      .where(and(isNotNull(images.storageKey), inArray(images.storageKey, wanted)));
    const known = new Set(rows.map((r) => r.key));
    for (const object of page) {
      // NOTE: the row is written after its objects, and an object this old without a row will never get one.
      if (known.has(keyOf(object))) continue;
      await storage.delete(object);
      removed++;
    }
    page = [];
  };
  for await (const object of storage.list(before)) {
    page.push(object);
    if (page.length >= BATCH) await flush();
  }
  if (page.length > 0) await flush();
  return removed;
}
