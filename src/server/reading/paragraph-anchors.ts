// Paragraph comments' anchors (issue 31): the paragraphs of a published story's chapters as the reader counts them
// (shared/paragraphs.ts), placing a new anchor, and finding an anchored comment's paragraph again after edits. A
// story's paragraphs are parsed once per saved version and kept in a small in-process cache: a list of comments
// asks for them on every page, and the text only changes with the version.
import { eq } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import {
  findAnchoredParagraph,
  type ParagraphTree,
  paragraphsOf,
  plainParagraphText,
  quoteOf,
  textOf,
} from "../../shared/paragraphs";
import { proseToHtml } from "../../shared/prose";
import type { CommentAnchor, CommentAnchorInput } from "../../shared/schemas/reading";
import { chaptersOfContent } from "../chapters/sync-chapters";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { AppError } from "../errors";

export const PARAGRAPH_COMMENTS_OFF = "The author has turned off paragraph comments on this work";
export const NO_SUCH_CHAPTER = "That chapter does not exist";
export const NO_SUCH_PARAGRAPH = "That paragraph does not exist";
export const PASSAGE_CHANGED = "That passage has changed. Reload the page to see the current text.";
export const REPLY_TAKES_PARENT_ANCHOR = "A reply is on its comment's paragraph; send no anchor with a reply";

type Node = ReturnType<typeof parseDocument>["children"][number];

const domTree: ParagraphTree<Node> = {
  tag: (node) => (DomUtils.isTag(node) ? node.name.toLowerCase() : null),
  children: (node) => (DomUtils.hasChildren(node) ? node.children : []),
  data: (node) => (DomUtils.isText(node) ? node.data : null),
};

const TAGGED = /<[a-z][\s\S]*?>/i;

/** Each chapter's paragraph texts (whitespace collapsed), chapter 1 first; a work without text has none. */
export function chapterParagraphs(content: string, sanitizedWith: number): string[][] {
  // NOTE: as the reader does, an older story stored as plain text is read as paragraphs of prose.
  const html = TAGGED.test(content) ? content : proseToHtml(content);
  return chaptersOfContent(html, sanitizedWith).map((chapter) =>
    paragraphsOf(parseDocument(chapter.html) as Node, domTree).map((p) => plainParagraphText(textOf(p, domTree))),
  );
}

export interface StoryParagraphs {
  /** The author lets readers comment on single paragraphs. */
  enabled: boolean;
  chapters: string[][];
}

/** The cache's bound, in characters of paragraph text kept (about 16 MB): a few dozen long stories, far more short ones. */
const CACHE_CHARS = 8_000_000;
const cache = new Map<string, { chapters: string[][]; chars: number }>();
let cachedChars = 0;

function remember(key: string, chapters: string[][]): void {
  const chars = chapters.reduce((sum, texts) => sum + texts.reduce((n, text) => n + text.length, 0), 0);
  cache.set(key, { chapters, chars });
  cachedChars += chars;
  // Least recently used first out (a Map iterates in insertion order; a hit is moved to the end).
  for (const [oldest, entry] of cache) {
    if (cachedChars <= CACHE_CHARS || oldest === key) break;
    cache.delete(oldest);
    cachedChars -= entry.chars;
  }
}

/** The story's paragraphs at its current version (cached by id, version and sanitizer version). */
export async function storyParagraphs(db: Db, storyId: number): Promise<StoryParagraphs> {
  const [head] = await db
    .select({ version: stories.version, sanitizedWith: stories.sanitizedWith, enabled: stories.paragraphComments })
    .from(stories)
    .where(eq(stories.id, storyId))
    .limit(1);
  if (!head) return { enabled: false, chapters: [] };
  const key = `${storyId}:${head.version}:${head.sanitizedWith}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return { enabled: head.enabled, chapters: hit.chapters };
  }
  const [row] = await db
    .select({ content: stories.content, version: stories.version, sanitizedWith: stories.sanitizedWith })
    .from(stories)
    .where(eq(stories.id, storyId))
    .limit(1);
  const chapters = chapterParagraphs(row?.content ?? "", row?.sanitizedWith ?? 0);
  // NOTE: kept under the version read with the text (a save between the two reads must not file new text as old).
  if (row) remember(`${storyId}:${row.version}:${row.sanitizedWith}`, chapters);
  return { enabled: head.enabled, chapters };
}

const anchorError = (message: string) => new AppError(400, "VALIDATION", message, { fields: { anchor: message } });

/**
 * The anchor a new comment is stored with: its chapter and paragraph as the server counts them, and the paragraph's
 * first words as the server sees them (the client's quote is only compared, never stored). A quote sent with the
 * anchor that no longer starts the paragraph finds it nearby, as a stored anchor does; none that does is a 409.
 */
export function placeAnchorOrThrow(paragraphs: StoryParagraphs, input: CommentAnchorInput): StoredAnchor {
  if (!paragraphs.enabled) throw new AppError(403, "PARAGRAPH_COMMENTS_OFF", PARAGRAPH_COMMENTS_OFF);
  const texts = paragraphs.chapters[input.chapter - 1];
  if (!texts) throw anchorError(NO_SUCH_CHAPTER);
  const wanted = input.quote === undefined ? undefined : plainParagraphText(input.quote);
  if (wanted === undefined || wanted === "") {
    if (input.paragraph >= texts.length) throw anchorError(NO_SUCH_PARAGRAPH);
    return { chapter: input.chapter, paragraph: input.paragraph, quote: quoteOf(texts[input.paragraph]!) };
  }
  const found = findAnchoredParagraph(texts, input.paragraph, wanted);
  if (found === null) {
    if (input.paragraph >= texts.length) throw anchorError(NO_SUCH_PARAGRAPH);
    throw new AppError(409, "PASSAGE_CHANGED", PASSAGE_CHANGED);
  }
  return { chapter: input.chapter, paragraph: found, quote: quoteOf(texts[found]!) };
}

export interface StoredAnchor {
  chapter: number;
  paragraph: number;
  quote: string;
}

export interface AnchorColumns {
  anchorChapter?: number | null;
  anchorParagraph?: number | null;
  anchorQuote?: string | null;
}

/** Where a stored anchor's paragraph is now: its number, or null when the passage changed (or its chapter went). */
export function resolveAnchor(chapters: string[][], chapter: number, paragraph: number, quote: string): number | null {
  const texts = chapters[chapter - 1];
  return texts ? findAnchoredParagraph(texts, paragraph, quote) : null;
}

/** The anchor a comment row carries for readers, its paragraph found again in today's text; none for a work comment. */
export function presentAnchor(row: AnchorColumns, chapters: string[][]): { anchor?: CommentAnchor } {
  if (row.anchorChapter == null || row.anchorParagraph == null || row.anchorQuote == null) return {};
  return {
    anchor: {
      chapter: row.anchorChapter,
      paragraph: resolveAnchor(chapters, row.anchorChapter, row.anchorParagraph, row.anchorQuote),
      quote: row.anchorQuote,
    },
  };
}

/** The paragraphs only when some row has an anchor: a page of work comments parses nothing. */
export async function paragraphsFor(db: Db, storyId: number, rows: readonly AnchorColumns[]): Promise<string[][]> {
  return rows.some((row) => row.anchorChapter != null) ? (await storyParagraphs(db, storyId)).chapters : [];
}
