// Issue 20 section 3: a story as an EPUB 3 book (the author's export and the readers' public download), built from
// its chapters as the reader cuts them, with its cover, a title page (author, rating, tags, Marin's share) and the
// metadata. Streamed: the zip is written chapter by chapter while it is sent.
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { contentRatingLabel } from "../../shared/tagging";
import { splitChapters } from "../chapters/split-chapters";
import type { Db } from "../db/client";
import { images } from "../db/schema";
import { epubStream } from "../epub/epub";
import { AppError } from "../errors";
import { IMAGE_STORAGE_DOWN_SERVE, fullObject } from "../images/store-image";
import { type ImageStorage, StorageUnavailableError } from "../images/storage/driver";
import { attachmentDisposition } from "./export-story";
import { aiShareOf, countStoryWords } from "../content/story-text";
import { type AiLabel, aiBadgeText, measuredLabel } from "../../shared/ai-label";
import { seriesPlacesOf } from "./series-parts";

export const EPUB_TYPE = "application/epub+zip";

export interface EpubSource {
  id: number;
  title: string;
  description: string | null;
  author: string;
  /** Issue 30: the co-creators after `author`, in order. */
  coAuthors?: readonly string[];
  contentRating: string;
  tags: readonly string[];
  /** The story's sanitized HTML (presentStoryBody / publicBody). */
  html: string;
  coverImageId: string | null;
  wordCount: number | null;
  aiWordCount: number | null;
  /** Issue 29: the work's label as the database generated it (absent: from the counts alone). */
  aiLabel?: string | null;
  modified: Date;
}

/** The book's AI label and its badge text, from the stored label, else from the counts alone. */
export function epubAiLabel(source: Pick<EpubSource, "html" | "wordCount" | "aiWordCount" | "aiLabel">) {
  const counts =
    source.wordCount === null || source.aiWordCount === null
      ? countStoryWords(source.html)
      : { wordCount: source.wordCount, aiWordCount: source.aiWordCount };
  const label = (source.aiLabel ?? measuredLabel(counts.wordCount, counts.aiWordCount)) as AiLabel;
  return { label, badge: aiBadgeText(label, aiShareOf(counts)) };
}

/** The public page's line, "Written with Marin: about N%", or null when Marin wrote none of it. */
export function provenanceLine(html: string, wordCount: number | null, aiWordCount: number | null): string | null {
  const counts = wordCount === null || aiWordCount === null ? countStoryWords(html) : { wordCount, aiWordCount };
  const percent = Math.round(aiShareOf(counts) * 100);
  return percent > 0 ? `Written with Marin: about ${percent}%` : null;
}

/** The cover's bytes: from the image storage, or the row itself for an image not yet moved out (decision 0036). */
export async function loadCover(
  db: Db,
  storage: ImageStorage,
  id: string | null,
): Promise<{ bytes: Buffer; mediaType: string } | null> {
  if (!id) return null;
  const [row] = await db
    .select({ data: images.data, storageKey: images.storageKey, mimeType: images.mimeType })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  if (!row) return null;
  if (row.storageKey === null) return row.data ? { bytes: row.data, mediaType: row.mimeType } : null;
  try {
    const bytes = await storage.get(fullObject(row.storageKey));
    return bytes ? { bytes, mediaType: row.mimeType } : null;
  } catch (error) {
    // A book without its cover would be cached and downloaded as if whole: say the storage is down instead.
    if (error instanceof StorageUnavailableError) {
      throw new AppError(503, "IMAGE_STORAGE_UNAVAILABLE", IMAGE_STORAGE_DOWN_SERVE);
    }
    throw error;
  }
}

export async function storyEpub(
  db: Db,
  storage: ImageStorage,
  source: EpubSource,
): Promise<{ stream: Readable; disposition: string }> {
  const title = source.title.trim() || "Untitled Story";
  const split = splitChapters(source.html);
  const chapters = split.map((c, i) => ({
    title: c.title ?? (split.length === 1 ? title : `Chapter ${i + 1}`),
    html: c.html,
  }));
  if (chapters.length === 0) chapters.push({ title, html: "" });
  const stream = epubStream({
    identifier: `urn:ficforge:story:${source.id}`,
    title,
    author: source.author,
    coAuthors: source.coAuthors,
    language: "en",
    description: source.description?.trim() || null,
    modified: source.modified,
    chapterCount: chapters.length,
    chapters,
    cover: await loadCover(db, storage, source.coverImageId),
    subjects: [...source.tags],
    rating: contentRatingLabel(source.contentRating),
    provenance: provenanceLine(source.html, source.wordCount, source.aiWordCount),
    ai: epubAiLabel(source),
    collections: await seriesPlacesOf(db, source.id),
  });
  return { stream, disposition: attachmentDisposition(title, "epub") };
}
