// What a reader sees of an author's FicForge Plus perks (today the reader background) follows the author's premium
// flag, and the read cache keeps built views: when the flag flips, that author's cached views must go.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import type { ReadCache } from "../read-cache/read-cache";

/**
 * Drops the cached read views of the authors' published stories that have a reader background (the only part of a
 * view an author's premium flag changes), here and, through the invalidation bus, in every instance. Call it after
 * the write that flipped users.is_premium has committed, with one author or several (the scheduled expiry); answers
 * how many stories were dropped.
 */
export async function invalidateAuthorPremiumViews(
  readCache: Pick<ReadCache, "invalidateStory">,
  db: Db,
  authorIds: number | readonly number[],
): Promise<number> {
  const ids = typeof authorIds === "number" ? [authorIds] : [...authorIds];
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: stories.id })
    .from(stories)
    .where(
      and(
        ids.length === 1 ? eq(stories.authorId, ids[0]!) : inArray(stories.authorId, ids),
        eq(stories.published, true),
        isNotNull(stories.readerBackgroundImageId),
      ),
    );
  for (const { id } of rows) readCache.invalidateStory(id);
  return rows.length;
}
