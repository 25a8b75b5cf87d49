// The OWNER's view of a story, the only way a story leaves the server to its author: cover as an /api/images URL,
// content as stored when it was cleaned with the current allowlist, cleaned again here when not (until
// resanitize-stories.ts has caught up), the jsonb fields in today's shapes. Readers of published stories (the reader,
// Discover, the public page) get the public presenters in server/reading/, never this one: it carries drafts'
// fields (setting, plot ideas, characters, version) that are the author's alone.
import type { StoryListItem, StoryView } from "../../shared/schemas/story";
import { type AiDeclaration, type AiLabel, aiLabelOf } from "../../shared/ai-label";
import { publicStoryPath } from "../../shared/routes";
import { normalizeStoryFields } from "../../shared/story-fields";
import type { ContentRating, StoryStatus, Warning } from "../../shared/tagging";
import type { stories } from "../db/schema";
import { type LabelPairs, toLabels } from "./story-labels";
import { imageUrl } from "../images/process-image";
import { SANITIZER_VERSION, sanitizeContent } from "../content/sanitize-content";
import { aiShareOf, countStoryWords } from "../content/story-text";

export type StoryRow = typeof stories.$inferSelect;
export type StoryWithTags = StoryRow & { tags: string[]; labels: LabelPairs };
export type StoryListRow = Pick<StoryRow, "id" | "title" | "coverImageId" | "updatedAt" | "published"> & {
  coWritten?: boolean;
};

type BodyRow = Pick<StoryRow, "content" | "sanitizedWith" | "wordCount" | "aiWordCount">;

/**
 * What every view of a story's text shares (the owner's and the readers'): the content cleaned with the current
 * allowlist, and its word count and Marin's share of it.
 */
export function presentStoryBody(story: BodyRow): { content: string; wordCount: number; aiShare: number } {
  const content = story.sanitizedWith >= SANITIZER_VERSION ? story.content : sanitizeContent(story.content);
  // NOTE: a row written before counting existed is counted here until the count-story-words job stores its counts.
  const counts =
    story.wordCount === null || story.aiWordCount === null
      ? countStoryWords(content)
      : { wordCount: story.wordCount, aiWordCount: story.aiWordCount };
  return { content, wordCount: counts.wordCount, aiShare: aiShareOf(counts) };
}

type LabelRow = Pick<StoryRow, "aiLabel" | "aiDeclaration" | "wordCount" | "aiWordCount">;

/** The work's AI label as the database generated it (computed by the same rule for a row read without it). */
export function storyAiLabel(story: LabelRow): AiLabel {
  if (story.aiLabel) return story.aiLabel as AiLabel;
  return aiLabelOf(story.wordCount ?? 0, story.aiWordCount ?? 0, story.aiDeclaration as AiDeclaration);
}

/** The author's own story: GET /api/stories/{id} and the answer of every story write. */
export function presentOwnStory(story: StoryWithTags): StoryView {
  const { content, wordCount, aiShare } = presentStoryBody(story);
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
    setting: story.setting,
    plotIdeas: story.plotIdeas,
    coverImage: imageUrl(story.coverImageId),
    readerBackground: imageUrl(story.readerBackgroundImageId),
    ...normalizeStoryFields(story),
    tags: story.tags,
    version: story.version,
    rating: story.rating === "mature" ? "mature" : "general",
    ...presentTagging(story),
    markedMature: story.markedMature,
    paragraphComments: story.paragraphComments,
    wordCount,
    aiShare,
    aiDeclaration: story.aiDeclaration as AiDeclaration,
    aiLabel: storyAiLabel(story),
    audience: story.audience === "members" ? "members" : "everyone",
    language: story.language,
    // NOTE: the same rule as the public page's own (public-page/query.ts): a mature story has none.
    publicPath: story.published && story.rating !== "mature" ? publicStoryPath(story.id, story.title) : null,
  };
}

/** The author's story list (GET /api/stories). List items carry the thumbnail, so a carousel of covers stays small. */
export function presentStoryListItem(story: StoryListRow): StoryListItem {
  return {
    id: story.id,
    title: story.title,
    coverImage: imageUrl(story.coverImageId, "thumb"),
    updatedAt: story.updatedAt.toISOString(),
    published: story.published,
    coWritten: story.coWritten ?? false,
  };
}

type TaggingRow = Pick<StoryRow, "contentRating" | "warnings" | "status"> & { labels: LabelPairs };

/** The rating, warnings, status and free-form tags, as every view of a story carries them (issue 17). */
export function presentTagging(story: TaggingRow) {
  return {
    contentRating: story.contentRating as ContentRating,
    warnings: story.warnings as Warning[],
    ...toLabels(story.labels),
    status: (story.status === "complete" ? "complete" : "in-progress") as StoryStatus,
  };
}
