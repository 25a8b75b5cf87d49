// How a scheduled chapter is held back (decision 0091). A waiting release of chapter n holds back chapter n and every
// chapter after it: readers see the document's first n - 1 chapters, the writer the whole document. The hold is read
// from scheduled_releases itself (the story's waiting releases, one indexed lookup), so it lifts in the very update
// that claims the release. story_chapters follows it (sync-chapters.ts records only the chapters readers may see),
// so every reader path built on it (the read answer's chapters, 'Updated', sitemaps, feeds' dates) needs nothing
// more; the paths that read the document's text cut it here (readersContent).
import { chaptersOfContent } from "../chapters/sync-chapters";
import type { Db } from "../db/client";
import { heldFrom } from "../chapters/held-from";

/**
 * The document as readers see it while chapters from `from` on are held back: its first `from - 1` chapters (each
 * with its heading, as the chapter pages cut them). Unchanged when the document has fewer chapters than that.
 */
export function cutBeforeChapter(content: string, sanitizedWith: number, from: number): string {
  const chapters = chaptersOfContent(content, sanitizedWith);
  if (chapters.length < from) return content;
  return chapters
    .slice(0, Math.max(0, from - 1))
    .map((chapter) => chapter.html)
    .join("");
}

/**
 * A published story row as readers get it: while chapters are held back, its text is cut before them and its word
 * counts are left to be counted from the cut text (null, as for a row stored before counting existed).
 */
export async function asReadersSee<
  T extends {
    id: number;
    content: string;
    sanitizedWith: number;
    wordCount: number | null;
    aiWordCount: number | null;
  },
>(db: Db, story: T): Promise<T> {
  const from = await heldFrom(db, story.id);
  if (from === null) return story;
  const content = cutBeforeChapter(story.content, story.sanitizedWith, from);
  return content === story.content ? story : { ...story, content, wordCount: null, aiWordCount: null };
}
