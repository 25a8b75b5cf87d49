// The public page's one query: a published, general-rated story with its author and cover size. Mature stories
// (marked by the author, the nsfw theme, or the NSFW rule) and unpublished ones are not found.
import { storyNotModerated } from "../visibility/standing";
import { and, eq } from "drizzle-orm";
import { isNsfw } from "../../shared/nsfw";
import type { Db } from "../db/client";
import { images, stories, users } from "../db/schema";
import { tagNames } from "../stories/story-queries";
import { fandomList } from "../stories/story-rating";
import { type LabelPairs, labelPairs } from "../stories/story-labels";
import { GATED_RATINGS } from "../../shared/tagging";

export interface PublicStoryRow {
  id: number;
  title: string;
  description: string | null;
  content: string;
  sanitizedWith: number;
  wordCount: number | null;
  aiWordCount: number | null;
  publishedAt: Date | null;
  updatedAt: Date;
  authorName: string;
  cover: { id: string; width: number; height: number } | null;
  contentRating: string;
  warnings: string[];
  status: string;
  fandoms: string[];
  tags: string[];
  labels: LabelPairs;
}

const themesOf = (themes: unknown): string[] => (Array.isArray(themes) ? themes.map(String) : []);

export async function loadPublicStory(db: Db, id: number): Promise<PublicStoryRow | undefined> {
  const [row] = await db
    .select({
      id: stories.id,
      title: stories.title,
      description: stories.description,
      content: stories.content,
      sanitizedWith: stories.sanitizedWith,
      wordCount: stories.wordCount,
      aiWordCount: stories.aiWordCount,
      publishedAt: stories.publishedAt,
      updatedAt: stories.updatedAt,
      markedMature: stories.markedMature,
      themes: stories.themes,
      moods: stories.moods,
      authorName: users.username,
      coverId: images.id,
      coverWidth: images.width,
      coverHeight: images.height,
      contentRating: stories.contentRating,
      warnings: stories.warnings,
      status: stories.status,
      fandoms: stories.fandoms,
      tags: tagNames,
      labels: labelPairs,
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .leftJoin(images, eq(images.id, stories.coverImageId))
    .where(and(eq(stories.id, id), eq(stories.published, true), eq(stories.rating, "general"), storyNotModerated()))
    .limit(1);
  if (!row) return undefined;
  // NOTE: `rating` is derived on write; the reasons are checked again here so a row written before the
  // derivation existed (or a rule that changed since) never leaks a mature story to the open web.
  if (row.markedMature || themesOf(row.themes).includes("nsfw") || isNsfw(row)) return undefined;
  if ((GATED_RATINGS as readonly string[]).includes(row.contentRating)) return undefined;
  const { markedMature: _m, themes: _t, moods: _mo, coverId, coverWidth, coverHeight, fandoms, ...story } = row;
  return {
    ...story,
    fandoms: fandomList(fandoms),
    cover: coverId && coverWidth && coverHeight ? { id: coverId, width: coverWidth, height: coverHeight } : null,
  };
}
