// Cleans stories stored with an older allowlist again, so reads can serve stored content as it is.
// Run in the background after start; until it has run, present.ts cleans such rows on every read.
import { and, asc, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { SANITIZER_VERSION, sanitizeContent } from "../content/sanitize-content";
import { countStoryWords, type WordCounts } from "../content/story-text";
import { yieldToRequests } from "../db/yield";
import { AI_MEASURE_VERSION, loadShingleLookup, measureAiWords } from "../provenance/provenance";
import type { ShingleLookup } from "../provenance/provenance-shingles";

export interface CleanedContent {
  id: number;
  /** The version the content was read at: a row saved since then keeps its newer content. */
  version: number;
  content: string;
  authorId: number;
  /** The row's ai_measured_with: a row measured by fingerprints is measured again; an older one keeps the
   * wrappers' count until the measure-legacy-stories job turns its wrapped text into fingerprints. */
  aiMeasuredWith: number;
}

/** Marin's words in each row: measured by its author's fingerprints, or counted by the wrappers for older rows. */
async function aiWordCounts(db: Db, rows: readonly CleanedContent[], counts: readonly WordCounts[]) {
  const lookups = new Map<number, ShingleLookup>();
  const out: number[] = [];
  for (const [i, row] of rows.entries()) {
    if (row.aiMeasuredWith < AI_MEASURE_VERSION) {
      out.push(counts[i]!.aiWordCount);
      continue;
    }
    let lookup = lookups.get(row.authorId);
    if (!lookup) {
      lookup = await loadShingleLookup(db, row.authorId);
      lookups.set(row.authorId, lookup);
    }
    out.push(measureAiWords(row.content, counts[i]!.wordCount, lookup));
  }
  return out;
}

/**
 * Stores content cleaned with the current allowlist, and its word counts, each row only if it still has the version
 * it was read at.
 * NOTE: the version is not bumped: readers already saw this content cleaned, so an open editor's version stays
 * valid, and a save that lands first wins (its content was cleaned when it was written).
 */
export async function storeCleanedContent(db: Db, rows: readonly CleanedContent[]): Promise<number> {
  if (rows.length === 0) return 0;
  const counts = rows.map((r) => countStoryWords(r.content));
  const aiWords = await aiWordCounts(db, rows, counts);
  const updated = await db.execute<{ id: number }>(sql`
    update ${stories} set content = cleaned.content, sanitized_with = ${SANITIZER_VERSION},
      word_count = cleaned.words, ai_word_count = cleaned.ai_words
    from unnest(
      ${sql.param(rows.map((r) => r.id))}::int[],
      ${sql.param(rows.map((r) => r.version))}::int[],
      ${sql.param(rows.map((r) => r.content))}::text[],
      ${sql.param(counts.map((c) => c.wordCount))}::int[],
      ${sql.param(aiWords)}::int[]
    ) as cleaned(id, version, content, words, ai_words)
    where ${stories.id} = cleaned.id and ${stories.version} = cleaned.version
      and ${stories.sanitizedWith} < ${SANITIZER_VERSION}
    returning ${stories.id}`);
  return rowCount(updated);
}

export interface StoryWordCounts extends WordCounts {
  id: number;
  /** The version the content was read at: a row saved since then keeps the counts its save stored. */
  version: number;
}

/** Stores counts, each row only if it still has the version it was read at (a concurrent save wins). */
export async function storeWordCounts(db: Db, rows: readonly StoryWordCounts[]): Promise<number> {
  if (rows.length === 0) return 0;
  const updated = await db.execute<{ id: number }>(sql`
    update ${stories} set word_count = counted.words, ai_word_count = counted.ai_words
    from unnest(
      ${sql.param(rows.map((r) => r.id))}::int[],
      ${sql.param(rows.map((r) => r.version))}::int[],
      ${sql.param(rows.map((r) => r.wordCount))}::int[],
      ${sql.param(rows.map((r) => r.aiWordCount))}::int[]
    ) as counted(id, version, words, ai_words)
    where ${stories.id} = counted.id and ${stories.version} = counted.version
    returning ${stories.id}`);
  return rowCount(updated);
}

// node-postgres answers { rows }, PGlite { rows, affectedRows }; both carry the returned rows.
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return rows?.length ?? 0;
}

/**
 * Re-sanitizes every story cleaned with an older allowlist, `batchSize` rows at a time, and answers how many it
 * stored. Rows saved concurrently are skipped (their save already cleaned them, or the next run will).
 */
export async function resanitizeStories(db: Db, { batchSize = 20 }: { batchSize?: number } = {}): Promise<number> {
  let done = 0;
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({
        id: stories.id,
        version: stories.version,
        content: stories.content,
        authorId: stories.authorId,
        aiMeasuredWith: stories.aiMeasuredWith,
      })
      .from(stories)
      .where(and(lt(stories.sanitizedWith, SANITIZER_VERSION), gt(stories.id, afterId)))
      .orderBy(asc(stories.id))
      .limit(batchSize);
    if (batch.length === 0) return done;
    afterId = batch.at(-1)!.id;
    const cleaned: CleanedContent[] = [];
    for (const row of batch) {
      cleaned.push({ ...row, content: sanitizeContent(row.content) });
      // NOTE: one long story takes a few hundred milliseconds to clean; requests get their turn between rows.
      await yieldToRequests();
    }
    done += await storeCleanedContent(db, cleaned);
  }
}

/**
 * Brings one story's stored content to the current allowlist if it is behind, and counts its words if they were
 * never counted (publishing does it).
 */
export async function resanitizeStory(
  db: Db,
  story: {
    id: number;
    version: number;
    content: string;
    sanitizedWith: number;
    wordCount: number | null;
    authorId: number;
    aiMeasuredWith: number;
  },
): Promise<void> {
  if (story.sanitizedWith >= SANITIZER_VERSION) {
    if (story.wordCount === null) await storeWordCounts(db, [{ ...story, ...countStoryWords(story.content) }]);
    return;
  }
  await storeCleanedContent(db, [{ ...story, content: sanitizeContent(story.content) }]);
}
