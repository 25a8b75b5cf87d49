// Moves images stored before decision 0036 (bytes in the images row) to the image storage, in batches. Per image:
// write the objects, read them back and check them by hash, then point the row at them and empty its bytea columns.
// A run killed anywhere leaves every image readable (the row keeps its bytes until the one update that moves them);
// the next run writes the same key again and finishes. A run with nothing left changes nothing.
import { createHash } from "node:crypto";
import { and, asc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { images } from "../db/schema";
import type { ImageStorage } from "./storage/driver";
import { fullObject, newStorageKey, putImageObjects, thumbObject } from "./store-image";

export interface MigrateImagesResult {
  /** Rows moved by this run. */
  moved: number;
  /** Rows whose bytes are still in the database after this run (0 when it finished). */
  remaining: number;
}

export interface MigrateImagesOptions {
  batchSize?: number;
  /** Told after each batch: rows moved so far by this run. */
  onProgress?: (moved: number) => void;
  /** Tests only: runs after an image's objects are written and checked, before its row is updated. */
  afterWrite?: (id: string) => Promise<void> | void;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The key a moved row gets: the same on every run, so a run killed after writing is finished by the next. */
export const migratedKey = (id: string) => newStorageKey(id, "db");

export async function migrateImages(
  db: Db,
  storage: ImageStorage,
  options: MigrateImagesOptions = {},
): Promise<MigrateImagesResult> {
  const batchSize = options.batchSize ?? 50;
  let moved = 0;
  let after = "";
  for (;;) {
    // NOTE: keyset pages by id, so each batch reads only rows still to move and a long run holds no transaction.
    const batch = await db
      .select({ id: images.id, mimeType: images.mimeType, data: images.data, thumbnail: images.thumbnail })
      .from(images)
      .where(and(isNull(images.storageKey), isNotNull(images.data), gt(images.id, after)))
      .orderBy(asc(images.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    for (const row of batch) {
      const data = row.data!;
      // NOTE: thumbnails came with every image; a row without one (never written by the app) gets the full image.
      const thumbnail = row.thumbnail ?? data;
      const key = migratedKey(row.id);
      await putImageObjects(storage, key, { mimeType: row.mimeType, data, thumbnail });
      for (const [object, bytes] of [
        [fullObject(key), data],
        [thumbObject(key), thumbnail],
      ] as const) {
        const back = await storage.get(object);
        if (!back || sha256(back) !== sha256(bytes)) {
          throw new Error(
            `image ${row.id}: ${object} read back from the storage differs (${back?.length} of ${bytes.length} bytes)`,
          );
        }
      }
      await options.afterWrite?.(row.id);
      // NOTE: only a row still unmoved: a concurrent run that got here first is left as it is.
      const updated = await db
        .update(images)
        .set({ storageKey: key, byteSize: data.length, data: null, thumbnail: null })
        .where(and(eq(images.id, row.id), isNull(images.storageKey)))
        .returning({ id: images.id });
      moved += updated.length;
    }
    after = batch.at(-1)!.id;
    options.onProgress?.(moved);
  }
  const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(images).where(isNull(images.storageKey));
  return { moved, remaining: left?.n ?? 0 };
}
