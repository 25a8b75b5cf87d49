// The reader's chapters: the prepared story HTML (story-body.ts) cut at its h2 headings, by the rules the server uses
// for the chapter list (server/chapters/split-chapters.ts): text before the first heading belongs to chapter 1 unless
// that heading calls itself chapter 2 or later. The server's list (words, first publication) is matched by position.
import { type ChapterInfo, leadsOwnChapter, untitledChapter } from "../../../shared/chapters";

export interface ReaderChapter {
  n: number;
  title: string;
  html: string;
  words: number | null;
  firstPublishedAt: string | null;
}

/** Which part of a chaptered story shows: one chapter, or the entire work. */
export type ChapterView = { kind: "chapter"; n: number } | { kind: "all" };

export function splitReaderChapters(html: string, storyTitle: string, listed: ChapterInfo[]): ReaderChapter[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const body = doc.body;
  const headings = Array.from(body.querySelectorAll("h2"));
  const cut = (from: Node | null, to: Node | null) => {
    const range = doc.createRange();
    if (from) range.setStartBefore(from);
    else range.setStart(body, 0);
    if (to) range.setEndBefore(to);
    else range.setEnd(body, body.childNodes.length);
    const box = doc.createElement("div");
    box.append(range.cloneContents());
    return box.innerHTML;
  };
  const parts: { title: string | null; html: string }[] = [];
  if (headings.length === 0) parts.push({ title: null, html });
  else {
    const first = headings[0]!;
    const leading = cut(null, first);
    const leadingText = doc.createElement("div");
    leadingText.innerHTML = leading;
    const ownChapter = Boolean(leadingText.textContent?.trim()) && leadsOwnChapter(first.textContent ?? "");
    if (ownChapter) parts.push({ title: null, html: leading });
    headings.forEach((heading, i) => {
      parts.push({
        title: (heading.textContent ?? "").replace(/\s+/g, " ").trim(),
        html: cut(i === 0 && !ownChapter ? null : heading, headings[i + 1] ?? null),
      });
    });
  }
  const matched = listed.length === parts.length;
  return parts.map((part, i) => ({
    n: i + 1,
    title:
      (matched ? listed[i]!.title : null) ?? part.title ?? (parts.length === 1 ? storyTitle : untitledChapter(i + 1)),
    html: part.html,
    words: matched ? listed[i]!.words : null,
    firstPublishedAt: matched ? listed[i]!.firstPublishedAt : null,
  }));
}

/** `?chapter=3` or `?chapter=all`; anything else (or nothing) is chapter 1. Past the end is the last chapter. */
export function parseChapterView(search: string, count: number): ChapterView {
  const value = new URLSearchParams(search).get("chapter");
  if (value === "all") return { kind: "all" };
  const n = value && /^\d{1,5}$/.test(value) ? Number(value) : 1;
  return { kind: "chapter", n: Math.min(Math.max(1, n), Math.max(1, count)) };
}

export const chapterSearch = (view: ChapterView) => `?chapter=${view.kind === "all" ? "all" : view.n}`;
