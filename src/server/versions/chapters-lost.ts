// What readers of a published story lose when an older version comes back: the chapters they can read now that the
// version does not have (by title, as the chapter list shows them).
import { chapterTitle } from "../chapters/present";
import type { SplitChapter } from "../chapters/split-chapters";
import { chaptersOfContent } from "../chapters/sync-chapters";

const titlesOf = (chapters: SplitChapter[], storyTitle: string) =>
  chapters.map((chapter, i) => chapterTitle({ n: i + 1, title: chapter.title }, storyTitle, chapters.length));

export function chaptersLost(
  story: { title: string; content: string; sanitizedWith: number },
  version: { text: string; sanitizedWith: number },
): string[] {
  const kept = new Set(titlesOf(chaptersOfContent(version.text, version.sanitizedWith), story.title));
  return titlesOf(chaptersOfContent(story.content, story.sanitizedWith), story.title).filter((t) => !kept.has(t));
}
