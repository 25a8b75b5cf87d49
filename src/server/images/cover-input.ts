// What a story payload may say about its cover: a new data URL, the current /api/images URL, or null.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { images } from "../db/schema";
import { AppError } from "../errors";
import { decodeDataUrl, isDataUrl } from "./data-url";
import { IMAGE_BAD_TYPE, processImage } from "./process-image";
import type { ImageStorage } from "./storage/driver";
import { storeImage } from "./store-image";
import { takeUploadOrThrow } from "./upload-throttle";

// Relative as the API answers it, or absolute as a browser may resolve it; either size.
const IMAGE_URL = /^(?:https?:\/\/[^/?#]+)?\/api\/images\/([0-9a-f]{32})(?:\?size=(?:thumb|full))?$/;

export const imageIdFromUrl = (value: string): string | undefined => IMAGE_URL.exec(value)?.[1];

/**
 * The cover image id to store: undefined leaves the cover as it is, null removes it.
 * A data URL counts as an upload; it is sniffed, re-encoded and stored (once: ids are content hashes).
 * The reader background takes the same input (`what` names it in the not-found message).
 */
export async function resolveCoverInput(
  db: Db,
  storage: ImageStorage,
  input: string | null | undefined,
  ownerId: number,
  now: Date,
  what = "Cover image",
): Promise<string | null | undefined> {
  if (input === undefined) return undefined;
  if (input === null || input.trim() === "") return null;
  const existingId = imageIdFromUrl(input.trim());
  if (existingId) {
    const [row] = await db.select({ id: images.id }).from(images).where(eq(images.id, existingId)).limit(1);
    if (!row) throw new AppError(400, "IMAGE_NOT_FOUND", `${what} not found. Please upload it again.`);
    return row.id;
  }
  if (!isDataUrl(input)) throw new AppError(400, "IMAGE_TYPE", IMAGE_BAD_TYPE);
  await takeUploadOrThrow(db, ownerId, now);
  const image = await processImage(decodeDataUrl(input));
  return storeImage(db, storage, image, ownerId);
}
