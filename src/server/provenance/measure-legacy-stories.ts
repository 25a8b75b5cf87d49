// Stories whose AI share was counted from the generated-content wrappers, before fingerprints existed
// (ai_measured_with 0 and words inside wrappers), are measured again once, in batches, in the background: their
// wrapped text becomes a 'legacy' fingerprint of their author, then the story is measured as any save measures it.
// Later runs find nothing with one query on the partial index stories_ai_unmeasured_idx.
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { countStoryWords } from "../content/story-text";
import { yieldToRequests } from "../db/yield";
import { AI_MEASURE_VERSION, fingerprintLegacyText, measuredColumns } from "./provenance";

/** Measures every story still counted by its wrappers, `batchSize` rows at a time, and answers how many it stored. */
export async function measureLegacyStories(db: Db, { batchSize = 20 }: { batchSize?: number } = {}): Promise<number> {
  let done = 0;
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({
        id: stories.id,
        version: stories.version,
        authorId: stories.authorId,
        content: stories.content,
        wordCount: stories.wordCount,
        aiWordCount: stories.aiWordCount,
        aiMeasuredWith: stories.aiMeasuredWith,
      })
      .from(stories)
      .where(and(lt(stories.aiMeasuredWith, AI_MEASURE_VERSION), gt(stories.aiWordCount, 0), gt(stories.id, afterId)))
      .orderBy(asc(stories.id))
      .limit(batchSize);
    if (batch.length === 0) return done;
    afterId = batch.at(-1)!.id;
    for (const row of batch) {
      await fingerprintLegacyText(db, row);
      const wordCount = row.wordCount ?? countStoryWords(row.content).wordCount;
      const measured = await measuredColumns(db, row.authorId, row.content, wordCount);
      // NOTE: only if no save landed since the row was read: a save measures the story itself.
      const updated = await db
        .update(stories)
        .set({ wordCount, ...measured })
        .where(and(eq(stories.id, row.id), eq(stories.version, row.version), sql`${stories.aiMeasuredWith} < 1`))
        .returning({ id: stories.id });
      done += updated.length;
      await yieldToRequests();
    }
  }
}
