// Counts the words of stories stored before counting existed (word_count is null), in batches, in the background.
// Every content write counts its own words (create, save, publish, resanitize, the demo seed), so this only
// catches up on older rows; later runs find nothing with one query on the partial index stories_uncounted_idx.
import { and, asc, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { type StoryWordCounts, storeWordCounts } from "./resanitize-stories";
import { SANITIZER_VERSION, sanitizeContent } from "../content/sanitize-content";
import { countStoryWords } from "../content/story-text";
import { yieldToRequests } from "../db/yield";

/** Counts every uncounted story, `batchSize` rows at a time, and answers how many it stored. */
export async function countUncountedStories(db: Db, { batchSize = 50 }: { batchSize?: number } = {}): Promise<number> {
  let done = 0;
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({
        id: stories.id,
        version: stories.version,
        content: stories.content,
        sanitizedWith: stories.sanitizedWith,
      })
      .from(stories)
      .where(and(isNull(stories.wordCount), gt(stories.id, afterId)))
      .orderBy(asc(stories.id))
      .limit(batchSize);
    if (batch.length === 0) return done;
    afterId = batch.at(-1)!.id;
    const counted: StoryWordCounts[] = [];
    for (const row of batch) {
      // NOTE: counted as readers get it: a row still behind the allowlist is counted cleaned, as the
      // resanitize job will store it, so the two jobs racing on one row store the same numbers.
      const content = row.sanitizedWith >= SANITIZER_VERSION ? row.content : sanitizeContent(row.content);
      counted.push({ id: row.id, version: row.version, ...countStoryWords(content) });
      await yieldToRequests();
    }
    done += await storeWordCounts(db, counted);
  }
}
