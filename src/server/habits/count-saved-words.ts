// What a save adds to the writer's day (decision 0044): the growth of the words that are theirs, i.e. the story's
// words less those Marin wrote (measured by the writer's fingerprints, provenance/provenance.ts). Deleting words takes nothing back from a day already written, and
// keeping or editing Marin's text adds nothing.
import type { Db } from "../db/client";
import { countStoryWords, type WordCounts } from "../content/story-text";
import { addWrittenWords } from "./habits";

interface Counted {
  content: string;
  wordCount: number | null;
  aiWordCount: number | null;
}

const ownWords = ({ wordCount, aiWordCount }: WordCounts) => Math.max(0, wordCount - aiWordCount);

/** The writer's own words the save added: never negative. */
export function wordsAdded(before: Counted, after: WordCounts): number {
  // NOTE: a story stored before counting existed is counted now, so its old text is not taken for new writing.
  const was =
    before.wordCount === null || before.aiWordCount === null
      ? countStoryWords(before.content)
      : { wordCount: before.wordCount, aiWordCount: before.aiWordCount };
  return Math.max(0, ownWords(after) - ownWords(was));
}

export async function countSavedWords(
  db: Db,
  userId: number,
  before: Counted,
  after: { wordCount?: number | null; aiWordCount?: number | null },
  at: Date,
): Promise<void> {
  if (after.wordCount == null || after.aiWordCount == null) return;
  const words = wordsAdded(before, { wordCount: after.wordCount, aiWordCount: after.aiWordCount });
  await addWrittenWords(db, userId, words, at);
}
