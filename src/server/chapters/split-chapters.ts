// A story's one document cut into chapters. A chapter starts at an h1 or h2 heading with text, at a paragraph whose
// first line is a chapter line ('Chapter 3: Storm', '## Chapter 3'; shared/chapters.ts), or at a `section.chapter`
// (Marin's wrapper) with no heading of its own. Text before the first start belongs to the first chapter (an
// author's note, an epigraph); a document with no start is one chapter. The reader (client/features/reader) cuts
// the same HTML by the same rules, so its chapters are these.
import { Parser } from "htmlparser2";
import { chapterHeadingOf, headingText, leadsOwnChapter, untitledChapter } from "../../shared/chapters";
import { sceneBreaksAsDividers } from "../../shared/prose";
import { countStoryWords } from "../content/story-text";
import { escapeText } from "../html/escape";

export interface SplitChapter {
  /** The heading; null only for the one chapter of a document without chapter markers. */
  title: string | null;
  /** The chapter's HTML, its wrappers (sections, generated-content divs) closed and reopened around the cut. */
  html: string;
  words: number;
}

type Token =
  | { kind: "open"; name: string; attribs: Record<string, string> }
  | { kind: "close"; name: string }
  | { kind: "text"; data: string };

const VOID = new Set(["br", "hr", "img"]);
const HEADINGS = new Set(["h1", "h2"]);

const escapeAttr = (text: string) => escapeText(text).replace(/"/g, "&quot;");
const openTag = (name: string, attribs: Record<string, string>) =>
  `<${name}${Object.entries(attribs)
    .map(([key, value]) => ` ${key}="${escapeAttr(value)}"`)
    .join("")}>`;

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  const parser = new Parser(
    {
      onopentag: (name, attribs) => tokens.push({ kind: "open", name, attribs }),
      ontext: (data) => tokens.push({ kind: "text", data }),
      onclosetag: (name) => tokens.push({ kind: "close", name }),
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return tokens;
}

/** Index of the token closing the element opened at `at` (htmlparser2 closes every element it opens, in order). */
function closingIndex(tokens: Token[], at: number): number {
  let depth = 0;
  for (let i = at; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === "open") depth += 1;
    else if (token.kind === "close" && --depth === 0) return i;
  }
  return tokens.length - 1;
}

const textBetween = (tokens: Token[], from: number, to: number) =>
  tokens
    .slice(from, to)
    .map((t) => (t.kind === "text" ? t.data : t.kind === "open" && t.name === "br" ? " " : ""))
    .join("");

interface Start {
  title: string;
  /**
   * For a chapter-line paragraph (or a heading whose Markdown markers go): an h2 replaces the line, and the element
   * too when nothing follows the line.
   */
  lineEnd?: number;
  /** For a headingless chapter section: a heading is put at the section's start. */
  addHeading?: boolean;
}

/** Where chapters start, by token index. */
function chapterStarts(tokens: Token[]): Map<number, Start> {
  const starts = new Map<number, Start>();
  let sections = 0;
  tokens.forEach((token, i) => {
    if (token.kind !== "open") return;
    if (HEADINGS.has(token.name)) {
      const text = textBetween(tokens, i + 1, closingIndex(tokens, i))
        .replace(/\s+/g, " ")
        .trim();
      // As the reader does: '**Chapter 3**' typed into a heading loses its Markdown markers.
      const cleaned = /^[*_#]|[*_]$/.test(text);
      const title = cleaned ? headingText(text.replace(/^#+/, "")) : text;
      // A cleaned heading is written again with its clean text (as a chapter line is).
      if (title) starts.set(i, cleaned ? { title, lineEnd: closingIndex(tokens, i) } : { title });
    } else if (token.name === "p") {
      const end = closingIndex(tokens, i);
      // NOTE: searched from the paragraph on, not from the document's start (that made long stories quadratic).
      let br = -1;
      for (let j = i + 1; j < end; j++) {
        const t = tokens[j]!;
        if (t.kind === "open" && t.name === "br") {
          br = j;
          break;
        }
      }
      const title = chapterHeadingOf(textBetween(tokens, i + 1, br < 0 ? end : br));
      if (title) starts.set(i, { title, lineEnd: br < 0 ? end : br });
    } else if (token.name === "section" && (token.attribs.class ?? "").split(/\s+/).includes("chapter")) {
      sections += 1;
      const end = closingIndex(tokens, i);
      const inner = tokens.slice(i + 1, end);
      const ownHeading = inner.some((t) => t.kind === "open" && HEADINGS.has(t.name));
      // NOTE: a section whose heading comes after some text still starts at the heading; like the reader, only a
      // section with no heading at all is a chapter of its own, numbered by its data-chapter.
      if (!ownHeading)
        starts.set(i, { title: untitledChapter(token.attribs["data-chapter"] || sections), addHeading: true });
    }
  });
  return starts;
}

function finish(parts: { title: string | null; html: string }[]): SplitChapter[] {
  return parts.map((part) => ({ ...part, words: countStoryWords(part.html).wordCount }));
}

/** The chapters of sanitized story HTML, in document order. */
export function splitChapters(content: string): SplitChapter[] {
  const tokens = tokenize(sceneBreaksAsDividers(content));
  const starts = chapterStarts(tokens);
  const parts: { title: string | null; html: string }[] = [];
  const stack: { name: string; attribs: Record<string, string> }[] = [];
  let html = "";
  let title: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const start = starts.get(i);
    if (start) {
      // Text before the first chapter start stays with the first chapter (no cut there), unless it was one itself.
      const leading = parts.length === 0 && title === null;
      if (!leading || (countStoryWords(html).wordCount > 0 && leadsOwnChapter(start.title))) {
        for (const open of [...stack].reverse()) html += `</${open.name}>`;
        parts.push({ title, html });
        html = stack.map((open) => openTag(open.name, open.attribs)).join("");
      }
      title = start.title;
      if (start.lineEnd !== undefined) {
        html += `<h2>${escapeText(start.title)}</h2>`;
        const end = closingIndex(tokens, i);
        if (start.lineEnd === end) {
          i = end;
          continue;
        }
        // The line and its <br> go; the rest of the paragraph stays one.
        const attribs = token.kind === "open" ? token.attribs : {};
        html += openTag("p", attribs);
        stack.push({ name: "p", attribs });
        i = start.lineEnd;
        continue;
      }
      if (start.addHeading && token.kind === "open") {
        html += `${openTag(token.name, token.attribs)}<h2>${escapeText(start.title)}</h2>`;
        stack.push({ name: token.name, attribs: token.attribs });
        continue;
      }
    }
    if (token.kind === "text") html += escapeText(token.data);
    else if (token.kind === "open") {
      html += openTag(token.name, token.attribs);
      if (!VOID.has(token.name)) stack.push({ name: token.name, attribs: token.attribs });
    } else if (!VOID.has(token.name)) {
      // A close whose open was skipped with a chapter line (a mark around the line) has nothing to close.
      const at = stack.map((o) => o.name).lastIndexOf(token.name);
      if (at >= 0) {
        for (const open of stack.splice(at).reverse()) html += `</${open.name}>`;
      }
    }
  }
  parts.push({ title, html });
  return finish(parts);
}
