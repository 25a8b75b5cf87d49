// Chapters as the read answer, the public pages and the feeds show them.
import { type ChapterInfo, untitledChapter } from "../../shared/chapters";
import type { StoredChapter } from "./sync-chapters";

/** A chapter's title: its heading; the story's title for the one chapter of a story without chapter markers. */
export const chapterTitle = (chapter: Pick<StoredChapter, "n" | "title">, storyTitle: string, count: number) =>
  chapter.title ?? (count === 1 ? storyTitle : untitledChapter(chapter.n));

export function presentChapters(chapters: StoredChapter[], storyTitle: string): ChapterInfo[] {
  return chapters.map((chapter) => ({
    n: chapter.n,
    title: chapterTitle(chapter, storyTitle, chapters.length),
    words: chapter.words,
    firstPublishedAt: chapter.firstPublishedAt.toISOString(),
  }));
}

/** 'Updated': when the latest chapter was first published; null before any chapter was. */
export function lastChapterAt(chapters: Pick<StoredChapter, "firstPublishedAt">[]): Date | null {
  let latest: Date | null = null;
  for (const { firstPublishedAt } of chapters) if (!latest || firstPublishedAt > latest) latest = firstPublishedAt;
  return latest;
}
