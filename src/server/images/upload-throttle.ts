// Each stored upload costs a sharp re-encode and database space: a user may send 30 images an hour,
// through POST /api/images or as a new cover data URL in a story. Shared by every app instance.
import { createThrottle } from "../accounts/throttle";
import type { Db } from "../db/client";
import { AppError } from "../errors";

export const UPLOADS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;
export const TOO_MANY_UPLOADS = `You can upload at most ${UPLOADS_PER_HOUR} images an hour. Please try again later.`;

/** Counts one upload for the user, or 429 when the hour's allowance is used up. */
export async function takeUploadOrThrow(db: Db, userId: number, now: Date): Promise<void> {
  const uploads = createThrottle(db, "upload", UPLOADS_PER_HOUR, HOUR_MS, () => now);
  if (!(await uploads.take(String(userId)))) throw new AppError(429, "TOO_MANY_UPLOADS", TOO_MANY_UPLOADS);
}
