// Chapters as readers see them (issue 17 section 3): which lines of a story start a chapter, the chapter list the
// read answer carries, and the public chapter and feed paths. The server derives the list on each save of a
// published story (server/chapters); the reader splits the same HTML by the same rules (client/features/reader).
import { publicStoryPath } from "./routes";

/** One chapter of a published story, as the read answer and the public page list it. */
export interface ChapterInfo {
  /** 1-based, in the order of the document. */
  n: number;
  title: string;
  words: number;
  /** When this chapter was first published (ISO 8601): a re-save never moves it. */
  firstPublishedAt: string;
}

const NUMBER_WORDS =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty";
/** 'Chapter 3', 'CHAPTER IV: The Storm', 'Chapter Two - Home', 'Prologue', 'Epilogue: After'. */
const CHAPTER_LINE = new RegExp(
  `^(?:chapter\\s+(?:\\d+|[ivxlc]+|${NUMBER_WORDS})\\b|prologue\\b|epilogue\\b)(?:\\s*[:.\\-–—]\\s*\\S.*|\\s*)$`,
  "i",
);
/** A Markdown heading typed or generated as plain text: '## Chapter 2'. */
const MARKDOWN_HEADING = /^#{1,3}\s+(\S.*?)\s*#*$/;
/** Longer than this, a line starting with 'Chapter' is a sentence, not a heading. */
const HEADING_MAX_CHARS = 120;

/** Drops Markdown emphasis markers around a heading ('**Chapter 3**' → 'Chapter 3') and tidies spaces. */
export function headingText(text: string): string {
  return text
    .replace(/^[*_\s]+|[*_\s]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The heading a line of text stands for, or null when it is an ordinary line. */
export function chapterHeadingOf(line: string): string | null {
  const trimmed = line.replace(/\s+/g, " ").trim();
  if (!trimmed || trimmed.length > HEADING_MAX_CHARS) return null;
  const markdown = MARKDOWN_HEADING.exec(trimmed);
  if (markdown) return headingText(markdown[1]!) || null;
  const plain = headingText(trimmed);
  return CHAPTER_LINE.test(plain) ? plain : null;
}

const NUMBERS = NUMBER_WORDS.split("|");

/**
 * Whether text before the first chapter heading is a chapter of its own: when that heading says it is chapter 2 or
 * later ('Chapter 2', 'Chapter Three'), the text before it was chapter 1 written without a heading; otherwise (an
 * author's note before 'Chapter 1', an epigraph before 'Prologue') it belongs to the first chapter.
 */
export function leadsOwnChapter(firstHeading: string): boolean {
  const number = /^chapter\s+(\d+|[a-z]+)\b/i.exec(firstHeading.trim())?.[1]?.toLowerCase();
  if (!number) return false;
  const n = /^\d+$/.test(number) ? Number(number) : NUMBERS.indexOf(number) + 1;
  return n >= 2;
}

/** The title a chapter without a heading of its own gets: a `section.chapter` wrapper's number, or its place. */
export const untitledChapter = (n: number | string) => `Chapter ${n}`;

/** The public page of chapter `n`: /s/{id}-{slug}/{n}. */
export const publicChapterPath = (id: number, title: string, n: number) => `${publicStoryPath(id, title)}/${n}`;

/** A story's chapters as an Atom feed: /s/{id}-{slug}/feed.atom. */
/** Issue 20: the public EPUB download of a published, non-mature story. */
export const storyEpubPath = (id: number, title: string) => `${publicStoryPath(id, title)}/download.epub`;
export const storyFeedPath = (id: number, title: string) => `${publicStoryPath(id, title)}/feed.atom`;

/** An author's works as an Atom feed: /u/{username}/feed.atom. */
export const authorFeedPath = (username: string) => `/u/${encodeURIComponent(username)}/feed.atom`;

export const ATOM_TYPE = "application/atom+xml";
