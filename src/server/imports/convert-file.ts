// Issue 20 section 3: one uploaded file (.docx, .epub, .md, .html, .txt) as story HTML. Whatever the format, the
// result goes through the same sanitizer as typed text and carries no Marin provenance (generated-content wrappers
// are unwrapped): imported words are the writer's own, unless they hold text Marin gave this writer, which the
// measurement finds by its fingerprints (provenance/provenance.ts). Chapters come from headings (h1/h2, or a paragraph that is
// only a chapter line such as 'Chapter 3: Storm'), made the editor's chapter headings (h2).
import { DomUtils, parseDocument } from "htmlparser2";
import MarkdownIt from "markdown-it";
import { chapterHeadingOf } from "../../shared/chapters";
import { STORY_CONTENT_MAX_BYTES } from "../../shared/limits";
import { proseToHtml } from "../../shared/prose";
import { sanitizeContent, sanitizeImported } from "../content/sanitize-content";
import { docxToHtml } from "./docx-to-html";
import { epubToHtml } from "./epub-to-html";
import { importKind } from "./import-kind";
import { bodyOf, decodeText, escapeText } from "./read-html";
import { badFile } from "./safe-zip";
import { type FileTextBudget, tooLong } from "./text-budget";

export interface ImportedText {
  title: string;
  /** Sanitized story HTML, chapters as h2. */
  html: string;
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** A text file's words, counted against the budget before any parser sees them. */
function textOf(budget: FileTextBudget, bytes: Buffer): string {
  budget.charge(bytes.length);
  return decodeText(bytes);
}

/** A story title the schema accepts (letters, numbers, spaces, basic punctuation; 50 characters), or a fallback. */
export function importTitle(candidate: string | null | undefined, fileName: string): string {
  const clean = (value: string) =>
    value
      .replace(/[^\p{L}\p{N} \-_.,'!?]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 50)
      .trim();
  return clean(candidate ?? "") || clean(fileName.replace(/\.[a-z]+$/i, "").replace(/[_]+/g, " ")) || "Imported story";
}

/**
 * The sanitized HTML's headings as the editor's: a lone h1 opening the document is the title (taken out), other h1s
 * become h2 chapter headings, and a paragraph that is only a chapter line ('Chapter 2', '**Chapter 3: Storm**')
 * becomes one too.
 */
function chapterHeadings(html: string): { title: string | null; html: string } {
  let title: string | null = null;
  let body = html;
  const h1s = body.match(/<h1[\s>]/g)?.length ?? 0;
  const lead = /^\s*<h1(?:\s[^>]*)?>([\s\S]*?)<\/h1>/.exec(body);
  if (h1s === 1 && lead) {
    title = DomUtils.textContent(parseDocument(lead[1]!).children).trim() || null;
    body = body.slice(lead[0].length);
  }
  body = body.replace(/<(\/?)h1\b/g, "<$1h2");
  body = body.replace(/<p(?:\s[^>]*)?>([^<]*|<(strong|b|em|i)>[^<]*<\/\2>)<\/p>/g, (paragraph, inner: string) => {
    const text = DomUtils.textContent(parseDocument(inner).children);
    const heading = chapterHeadingOf(text);
    return heading && !/^#/.test(text.trim()) ? `<h2>${escapeText(heading)}</h2>` : paragraph;
  });
  return { title, html: body };
}

/** One file as story HTML; runs inside the import worker, whose heap limit bounds what a parser may build. */
export async function convertFile(budget: FileTextBudget, bytes: Buffer): Promise<ImportedText> {
  const fileName = budget.name;
  const kind = importKind(fileName);
  let raw: string;
  let bookTitle: string | null = null;
  switch (kind) {
    case "docx":
      raw = await docxToHtml(budget, bytes);
      break;
    case "epub": {
      const book = await epubToHtml(budget, bytes);
      raw = book.html;
      bookTitle = book.title;
      break;
    }
    case "md":
      raw = markdown.render(textOf(budget, bytes));
      break;
    case "html":
      raw = bodyOf(textOf(budget, bytes));
      break;
    case "txt":
      raw = proseToHtml(textOf(budget, bytes));
      break;
  }
  const headed = chapterHeadings(sanitizeImported(raw));
  const html = sanitizeContent(headed.html);
  if (Buffer.byteLength(html, "utf8") > STORY_CONTENT_MAX_BYTES) throw tooLong(fileName);
  if (!/\S/.test(DomUtils.textContent(parseDocument(html).children))) {
    throw badFile(fileName, "we found no text in it.");
  }
  return { title: importTitle(bookTitle ?? headed.title, fileName), html };
}
