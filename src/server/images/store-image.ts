// Stores a processed image: bytes to the image storage first, then the row that points at them (decision 0036).
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { images } from "../db/schema";
import { AppError } from "../errors";
import type { ProcessedImage } from "./process-image";
import { type ImageStorage, StorageUnavailableError } from "./storage/driver";

export const IMAGE_STORAGE_DOWN_UPLOAD = "Images can't be saved right now. Please try again in a few minutes.";
export const IMAGE_STORAGE_DOWN_SERVE = "This image can't be shown right now. Please try again in a few minutes.";

/** A fresh key for an image's objects: sharded by the id's first two characters, unique per row (see the schema). */
export const newStorageKey = (id: string, suffix = randomBytes(6).toString("hex")) =>
  `${id.slice(0, 2)}/${id}-${suffix}`;
export const fullObject = (key: string) => key;
export const thumbObject = (key: string) => `${key}.thumb`;

/** Writes both objects, the full image last: a key whose full object exists has its thumbnail too. */
export async function putImageObjects(
  storage: ImageStorage,
  key: string,
  image: { mimeType: string; data: Buffer; thumbnail: Buffer },
): Promise<void> {
  await storage.put(thumbObject(key), image.thumbnail, "image/jpeg");
  await storage.put(fullObject(key), image.data, image.mimeType);
}

export async function deleteImageObjects(storage: ImageStorage, key: string): Promise<void> {
  await storage.delete(fullObject(key));
  await storage.delete(thumbObject(key));
}

/** An upload the storage refused, as the person uploading reads it. */
export function uploadStorageError(error: unknown): unknown {
  return error instanceof StorageUnavailableError
    ? new AppError(503, "IMAGE_STORAGE_UNAVAILABLE", IMAGE_STORAGE_DOWN_UPLOAD)
    : error;
}

/**
 * Stores a processed image once (same bytes, same id) and answers its id. Storing the same bytes again makes the
 * image new again, so unused-image removal gives it a full day to be attached to a story.
 */
export async function storeImage(
  db: Db,
  storage: ImageStorage,
  image: ProcessedImage,
  ownerId: number | null,
): Promise<string> {
  // NOTE: an update, not a read: it takes the row's lock, so a sweep deleting it meanwhile either ran first (no row:
  // stored anew below) or sees the new date and keeps it.
  const touched = await db
    .update(images)
    .set({ createdAt: sql`now()` })
    .where(eq(images.id, image.id))
    .returning({ id: images.id });
  if (touched.length > 0) return image.id;
  const key = newStorageKey(image.id);
  try {
    await putImageObjects(storage, key, image);
  } catch (error) {
    throw uploadStorageError(error);
  }
  const [row] = await db
    .insert(images)
    .values({
      id: image.id,
      ownerId,
      mimeType: image.mimeType,
      width: image.width,
      height: image.height,
      byteSize: image.data.length,
      storageKey: key,
    })
    .onConflictDoUpdate({ target: images.id, set: { createdAt: sql`excluded.created_at` } })
    .returning({ storageKey: images.storageKey });
  // NOTE: the same bytes uploaded twice at once: the other upload's row won; ours are removed (or, should this
  // fail, by the sweep of objects without a row a day later).
  if (row?.storageKey !== key) await deleteImageObjects(storage, key).catch(() => undefined);
  return image.id;
}
