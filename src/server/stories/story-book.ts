// Issue 31 section 5: what every download of a work is made from (the EPUB, the HTML file and the PDF): its chapters
// as the reader cuts them, its cover's bytes, and the title page's and metadata's lines, so the three say the same.
import { contentRatingLabel } from "../../shared/tagging";
import { splitChapters } from "../chapters/split-chapters";
import type { Db } from "../db/client";
import type { ImageStorage } from "../images/storage/driver";
import { type EpubSource, epubAiLabel, loadCover, provenanceLine } from "./export-epub";

export interface StoryBook {
  /** A stable identifier, e.g. `urn:ficforge:story:42`. */
  identifier: string;
  title: string;
  /** The creator, then the co-creators in order. */
  authors: string[];
  description: string | null;
  /** The audience rating's label, e.g. "General Audiences". */
  rating: string | null;
  tags: string[];
  /** "Written with Marin: about N%", or null. */
  provenance: string | null;
  /** Issue 29: the AI label ('none', 'assisted', 'generated') and its badge text (none for human-written work). */
  ai: { label: string; badge: string | null };
  /** Chapters with their titles; sanitized story HTML, scene breaks as <hr>. */
  chapters: { title: string; html: string }[];
  cover: { bytes: Buffer; mediaType: string } | null;
  modified: Date;
}

export const bookTitle = (title: string) => title.trim() || "Untitled Story";

/** The book's chapters: as the reader cuts them, a single chapter named after the work, none as one empty one. */
export function bookChapters(html: string, title: string): { title: string; html: string }[] {
  const split = splitChapters(html);
  const chapters = split.map((c, i) => ({
    title: c.title ?? (split.length === 1 ? title : `Chapter ${i + 1}`),
    html: c.html,
  }));
  if (chapters.length === 0) chapters.push({ title, html: "" });
  return chapters;
}

export async function storyBook(db: Db, storage: ImageStorage, source: EpubSource): Promise<StoryBook> {
  const title = bookTitle(source.title);
  return {
    identifier: `urn:ficforge:story:${source.id}`,
    title,
    authors: [source.author, ...(source.coAuthors ?? [])],
    description: source.description?.trim() || null,
    rating: contentRatingLabel(source.contentRating),
    tags: [...source.tags],
    provenance: provenanceLine(source.html, source.wordCount, source.aiWordCount),
    ai: epubAiLabel(source),
    chapters: bookChapters(source.html, title),
    cover: await loadCover(db, storage, source.coverImageId),
    modified: source.modified,
  };
}
