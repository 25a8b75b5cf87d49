// Story HTML as the reader shows it (chapter headings in the content are normalized into
// headings and paragraphs). The HTML is already clean: the server sanitizes it on write against the editor's
// allowlist and again when a row was cleaned with an older allowlist (server/content/sanitize-content.ts), so the
// server is the gate and the client does not keep a second copy of that allowlist. This pass only reshapes the
// structure, on an inert DOMParser document (nothing in it runs or loads).
import { chapterHeadingOf, headingText } from "../../../shared/chapters";
import { proseToHtml, sceneBreaksAsDividers } from "../../../shared/prose";

export interface Chapter {
  /** The heading's anchor. */
  id: string;
  title: string;
}

export interface ReaderBody {
  html: string;
  chapters: Chapter[];
  /** Neither text nor a scene break: the reader shows 'No content yet'. */
  empty: boolean;
}

const TAGGED = /<[a-z][\s\S]*?>/i;

/**
 * A paragraph that opens with a chapter line becomes an h2, and what followed the line break (if anything) stays
 * a paragraph: '<p>Chapter 3: Storm<br>Rain fell.</p>' → '<h2>Chapter 3: Storm</h2><p>Rain fell.</p>'.
 */
function normalizeParagraph(doc: Document, p: HTMLElement): void {
  const firstBreak = Array.from(p.childNodes).find((n) => n.nodeName === "BR");
  const range = doc.createRange();
  range.selectNodeContents(p);
  if (firstBreak) range.setEndBefore(firstBreak);
  const title = chapterHeadingOf(range.toString());
  if (!title) return;
  const heading = doc.createElement("h2");
  heading.textContent = title;
  p.before(heading);
  if (!firstBreak) {
    p.remove();
    return;
  }
  range.deleteContents();
  firstBreak.remove();
  if (!p.textContent?.trim()) p.remove();
}

function renameElement(doc: Document, element: Element, tag: string): HTMLElement {
  const renamed = doc.createElement(tag);
  for (const attr of Array.from(element.attributes)) renamed.setAttribute(attr.name, attr.value);
  renamed.append(...Array.from(element.childNodes));
  element.replaceWith(renamed);
  return renamed;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
}

/** 'Chapter 1: Rain' → 'chapter-1-rain', 'Prologue' → 'chapter-prologue' (prefixed, so it meets no page id). */
function anchorOf(title: string, ordinal: number): string {
  const text = slug(title);
  if (!text) return `chapter-${ordinal}`;
  return text.startsWith("chapter-") ? text : `chapter-${text}`;
}

/** Reshapes story HTML (or the plain text of an older story) for reading and lists its chapters. */
export function prepareStoryBody(content: string | null | undefined): ReaderBody {
  const source = content ?? "";
  // Scene breaks typed into paragraphs before the editor turned them into dividers (or pasted through the API).
  const html = sceneBreaksAsDividers(TAGGED.test(source) ? source : proseToHtml(source));
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const body = doc.body;

  // The story's title is the page's h1: an h1 inside the story is a chapter-level heading.
  for (const h1 of Array.from(body.querySelectorAll("h1"))) renameElement(doc, h1, "h2");
  for (const p of Array.from(body.querySelectorAll("p"))) normalizeParagraph(doc, p as HTMLElement);
  // A heading that only repeats Markdown markers ('**Chapter 3**' typed into a heading) loses them.
  for (const h of Array.from(body.querySelectorAll("h2, h3"))) {
    const text = h.textContent ?? "";
    if (!text.trim()) h.remove();
    else if (/^[*_#]|[*_]$/.test(text.trim()) && h.children.length === 0)
      h.textContent = headingText(text.replace(/^#+/, ""));
  }
  // A generated chapter without its own heading still gets one, so the chapter list can reach it.
  for (const section of Array.from(body.querySelectorAll("section.chapter"))) {
    const number = section.getAttribute("data-chapter");
    if (number && !section.querySelector("h2")) {
      const heading = doc.createElement("h2");
      heading.textContent = `Chapter ${number}`;
      section.prepend(heading);
    }
  }

  const chapters: Chapter[] = [];
  const used = new Set<string>();
  for (const h2 of Array.from(body.querySelectorAll("h2"))) {
    const title = (h2.textContent ?? "").replace(/\s+/g, " ").trim();
    const base = anchorOf(title, chapters.length + 1);
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    h2.id = id;
    chapters.push({ id, title });
  }

  const empty = !(body.textContent ?? "").trim() && !body.querySelector("hr");
  return { html: body.innerHTML, chapters, empty };
}
