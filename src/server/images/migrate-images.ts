// Moves images stored before decision 0036 (bytes in the images row) to the image storage, in batches. Per image:
// write the objects, read them back and check them by hash, then point the row at them and empty its bytea columns.
// A run killed anywhere leaves every image readable (the row keeps its bytes until the one update that moves them);
// the next run writes the same key again and finishes. A run with nothing left changes nothing. A run that moved
// rows ends with ANALYZE of the table.
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
      await verifyCopy(storage, row.id, [
        [fullObject(key), data],
        [thumbObject(key), thumbnail],
      ]);
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
  // NOTE: the rows lost their bytes to the storage; the planner's statistics of the table are gathered again.
  if (moved > 0) await db.execute(sql`analyze ${images}`);
  const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(images).where(isNull(images.storageKey));
  return { moved, remaining: left?.n ?? 0 };
}

/**
 * Reads each object back and compares its SHA-256 with the database's bytes. A mismatch is read again a little later
 * (a store may answer before a write has settled; s3rver, the test peer, does), then stops the run: the row keeps
 * its bytes, so nothing is lost.
 */
async function verifyCopy(storage: ImageStorage, id: string, copies: (readonly [string, Buffer])[]): Promise<void> {
  for (const [object, bytes] of copies) {
    for (let attempt = 1; ; attempt++) {
      const back = await storage.get(object);
      if (back && sha256(back) === sha256(bytes)) break;
      if (attempt === 3) {
        throw new Error(
          `image ${id}: ${object} read back from the storage differs (${back?.length} of ${bytes.length} bytes)`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
