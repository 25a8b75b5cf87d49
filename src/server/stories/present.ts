// The only way a story leaves the server: cover as an /api/images URL, content as stored when it was cleaned
// with the current allowlist, cleaned again here when not (until resanitize-stories.ts has caught up).
import type { StoryListItem, StoryView } from "../../shared/schemas/story";
import type { stories } from "../db/schema";
import { imageUrl } from "../images/process-image";
import { SANITIZER_VERSION, sanitizeContent } from "./sanitize-content";
import { aiShareOf, countStoryWords } from "./story-text";

export type StoryRow = typeof stories.$inferSelect;
export type StoryWithTags = StoryRow & { tags: string[] };
export type StoryListRow = Pick<StoryRow, "id" | "title" | "coverImageId" | "updatedAt" | "published">;

export function presentStory(story: StoryWithTags): StoryView {
  const content = story.sanitizedWith >= SANITIZER_VERSION ? story.content : sanitizeContent(story.content);
  // NOTE: a row written before counting existed is counted here until the count-story-words job stores its counts.
  const counts =
    story.wordCount === null || story.aiWordCount === null
      ? countStoryWords(content)
      : { wordCount: story.wordCount, aiWordCount: story.aiWordCount };
  return {
    id: story.id,
    title: story.title,
    description: story.description,
    content,
    authorId: story.authorId,
    published: story.published,
    createdAt: story.createdAt.toISOString(),
    updatedAt: story.updatedAt.toISOString(),
    template: story.template,
    characters: story.characters ?? null,
    setting: story.setting,
    plotIdeas: story.plotIdeas,
    moods: story.moods ?? null,
    coverImage: imageUrl(story.coverImageId),
    fandoms: story.fandoms ?? null,
    themes: story.themes ?? null,
    tags: story.tags,
    version: story.version,
    rating: story.rating === "mature" ? "mature" : "general",
    markedMature: story.markedMature,
    wordCount: counts.wordCount,
    aiShare: aiShareOf(counts),
  };
}

/** List items carry the thumbnail, so a carousel of covers stays small. */
export function presentStoryListItem(story: StoryListRow): StoryListItem {
  return {
    id: story.id,
    title: story.title,
    coverImage: imageUrl(story.coverImageId, "thumb"),
    updatedAt: story.updatedAt.toISOString(),
    published: story.published,
  };
}
