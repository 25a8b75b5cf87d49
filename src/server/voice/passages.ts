// The picker's passages: the opening of each chapter of the writer's published works (newest work first), so a
// writer can build a sample from prose they have already put out, without copying it by hand.
import { and, desc, eq } from "drizzle-orm";
import { chapterHeadingOf } from "../../shared/chapters";
import { VOICE_LIMITS, type VoicePassage } from "../../shared/schemas/voice";
import { countWordsInText } from "../../shared/word-count";
import { storyBlocks } from "../content/story-text";
import type { Db } from "../db/client";
import { stories } from "../db/schema";

const STORIES = 10;

interface Chapter {
  title: string | null;
  paragraphs: string[];
}

function chaptersOf(html: string): Chapter[] {
  const chapters: Chapter[] = [{ title: null, paragraphs: [] }];
  for (const block of storyBlocks(html)) {
    const heading = /^h[1-3]$/.test(block.tag) ? block.text : chapterHeadingOf(block.text);
    if (heading) chapters.push({ title: heading, paragraphs: [] });
    else if (block.text !== "") chapters.at(-1)!.paragraphs.push(block.text);
  }
  return chapters.filter((c) => c.paragraphs.length > 0);
}

/** Whole paragraphs up to the passage's words (at least one, cut at a word if it alone is longer). */
function opening(paragraphs: string[]): string {
  const kept: string[] = [];
  let words = 0;
  for (const p of paragraphs) {
    const n = countWordsInText(p);
    if (kept.length > 0 && words + n > VOICE_LIMITS.passageWords) break;
    kept.push(
      kept.length === 0 && n > VOICE_LIMITS.passageWords
        ? p.split(/\s+/).slice(0, VOICE_LIMITS.passageWords).join(" ")
        : p,
    );
    words += n;
  }
  return kept.join("\n\n");
}

export async function publishedPassages(db: Db, userId: number): Promise<VoicePassage[]> {
  const works = await db
    .select({ id: stories.id, title: stories.title, content: stories.content })
    .from(stories)
    .where(and(eq(stories.authorId, userId), eq(stories.published, true)))
    .orderBy(desc(stories.publishedAt), desc(stories.id))
    .limit(STORIES);
  const passages: VoicePassage[] = [];
  for (const work of works) {
    const chapters = chaptersOf(work.content);
    chapters.forEach((chapter, i) => {
      if (passages.length >= VOICE_LIMITS.passages) return;
      const text = opening(chapter.paragraphs);
      passages.push({
        id: `${work.id}-${i}`,
        storyId: work.id,
        storyTitle: work.title,
        label: chapter.title ?? (chapters.length > 1 ? `Part ${i + 1}` : "Opening"),
        text,
        words: countWordsInText(text),
      });
    });
  }
  return passages;
}
