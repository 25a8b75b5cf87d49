// How much of a story Marin wrote, measured from its words alone (docs/ai-measurement.md): every text Marin delivers
// to a writer is kept as a fingerprint (hashed word windows, never the words), and every write of a story's text
// counts the words lying in windows found among all of its writer's fingerprints. Removing the generated-content
// wrappers, moving text between stories or splitting paragraphs changes nothing; the wrappers only label the editor.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { marinFingerprints } from "../db/schema";
import { storyBlocks } from "../content/story-text";
import { coveredWords, fingerprintOf, ShingleLookup, wordHashes } from "./provenance-shingles";

/** The measurement stories.ai_measured_with records: 0 counted the wrappers, 1 counts the writer's fingerprints. */
export const AI_MEASURE_VERSION = 1;

/**
 * The most fingerprints one measurement reads (the newest): about 2 million hashes, 8 MB, whatever a writer sends.
 * A writer with more has their oldest deliveries forgotten by new measurements (docs/ai-measurement.md).
 */
export const MAX_FINGERPRINTS_MEASURED = 5_000;

/** What Marin did when it delivered the text (marin_fingerprints.kind). */
export type FingerprintKind = "generate" | "continue" | "rewrite" | "regenerate" | "opening" | "chat" | "legacy";

/** Keeps the fingerprint of a text Marin delivered to `userId` for `storyId`; a text too short for a window is not kept. */
export async function recordFingerprint(
  db: Db,
  delivery: { userId: number; storyId: number | null; kind: FingerprintKind; text: string },
): Promise<void> {
  const { words, shingles } = fingerprintOf(delivery.text);
  if (shingles.length === 0) return;
  await db.insert(marinFingerprints).values({
    userId: delivery.userId,
    storyId: delivery.storyId,
    kind: delivery.kind,
    words,
    shingles,
  });
}

/** A writer's fingerprints, any story, newest first up to `limit`, in one query. */
export async function loadShingleLookup(
  db: Db,
  userId: number,
  limit = MAX_FINGERPRINTS_MEASURED,
): Promise<ShingleLookup> {
  const rows = await db
    .select({ shingles: marinFingerprints.shingles })
    .from(marinFingerprints)
    .where(eq(marinFingerprints.userId, userId))
    .orderBy(desc(marinFingerprints.id))
    .limit(limit);
  return new ShingleLookup(rows.map((row) => row.shingles));
}

/**
 * The words of clean story HTML that Marin wrote for this writer: the share of its words covered by their
 * fingerprints, scaled to `wordCount` (the editor's word rule), so it never exceeds it.
 */
export function measureAiWords(html: string, wordCount: number, lookup: ShingleLookup): number {
  if (wordCount <= 0 || lookup.size === 0) return 0;
  const words = wordHashes(html, { html: true });
  if (words.length === 0) return 0;
  return Math.min(wordCount, Math.round((coveredWords(words, lookup) / words.length) * wordCount));
}

/** The measured columns of a write of `content` by its author `authorId`. */
export async function measuredColumns(
  db: Db,
  authorId: number,
  content: string,
  wordCount: number,
): Promise<{ aiWordCount: number; aiMeasuredWith: number }> {
  const lookup = await loadShingleLookup(db, authorId);
  return { aiWordCount: measureAiWords(content, wordCount, lookup), aiMeasuredWith: AI_MEASURE_VERSION };
}

/** The text inside a story's generated-content wrappers: Marin's, by the wrappers of before fingerprints. */
export function wrappedText(html: string): string {
  return storyBlocks(html)
    .filter((block) => block.generated)
    .map((block) => block.text)
    .join("\n");
}

/**
 * A story last measured by its wrappers (ai_measured_with 0) keeps what they marked: its wrapped text becomes a
 * 'legacy' fingerprint of its author before it is measured again. Read from the stored text, before a save that may
 * have dropped the wrappers.
 */
export async function fingerprintLegacyText(
  db: Db,
  story: { id: number; authorId: number; content: string; aiMeasuredWith: number; aiWordCount: number | null },
): Promise<void> {
  if (story.aiMeasuredWith >= AI_MEASURE_VERSION || story.aiWordCount === 0) return;
  // NOTE: once per story: a run that lost its write to a save (the row's version moved) finds its own fingerprint.
  const [kept] = await db
    .select({ id: marinFingerprints.id })
    .from(marinFingerprints)
    .where(and(eq(marinFingerprints.storyId, story.id), eq(marinFingerprints.kind, "legacy")))
    .limit(1);
  if (kept) return;
  const text = wrappedText(story.content);
  if (text !== "") await recordFingerprint(db, { userId: story.authorId, storyId: story.id, kind: "legacy", text });
}
