// The story body as the public page shows it: the stored sanitized HTML with anchors on its chapters, and the
// chapter list. Alignment moves from style attributes to classes, so the page's CSP needs no inline style.
import { Parser } from "htmlparser2";
import { sceneBreaksAsDividers } from "../../shared/prose";
import sanitizeHtml from "sanitize-html";
import { SANITIZER_VERSION, sanitizeContent } from "../content/sanitize-content";

export interface Chapter {
  /** The anchor in the body. */
  id: string;
  title: string;
}

export interface PublicBody {
  html: string;
  chapters: Chapter[];
}

const headingId = (n: number) => `chapter-${n}`;
const sectionId = (n: number) => `part-${n}`;

const hasClass = (attribs: Record<string, string>, name: string) => (attribs.class ?? "").split(/\s+/).includes(name);

/**
 * Chapters are the h2 headings; a chapter section (`section.chapter`, Marin's wrapper) with no h2 of its own is
 * listed as 'Chapter N'. Every h2 and every section is counted, as bodyHtml below numbers their anchors.
 */
export function chaptersOf(html: string): Chapter[] {
  const chapters: Chapter[] = [];
  let h2s = 0;
  let sections = 0;
  let heading: { id: string; text: string } | undefined;
  let pendingSection: Chapter | undefined;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name === "h2") {
        h2s += 1;
        heading = { id: headingId(h2s), text: "" };
        pendingSection = undefined;
      } else if (name === "section") {
        sections += 1;
        if (pendingSection) chapters.push(pendingSection);
        pendingSection = hasClass(attribs, "chapter")
          ? { id: sectionId(sections), title: `Chapter ${attribs["data-chapter"] ?? chapters.length + 1}` }
          : undefined;
      }
    },
    ontext(data) {
      if (heading) heading.text += data;
    },
    onclosetag(name) {
      if (name !== "h2" || !heading) return;
      const title = heading.text.replace(/\s+/g, " ").trim();
      if (title) chapters.push({ id: heading.id, title });
      heading = undefined;
    },
  });
  parser.write(html);
  parser.end();
  if (pendingSection) chapters.push(pendingSection);
  return chapters;
}

const ALIGNMENTS = new Set(["left", "center", "right", "justify"]);

function alignClass(style: string | undefined): string | undefined {
  const value = /text-align\s*:\s*([a-z]+)/i.exec(style ?? "")?.[1]?.toLowerCase();
  return value && ALIGNMENTS.has(value) && value !== "left" ? `align-${value}` : undefined;
}

/** The stored HTML, cleaned again (with the story allowlist plus anchors and alignment classes) for the page. */
export function bodyHtml(html: string): string {
  let h2s = 0;
  let sections = 0;
  const aligned =
    (tagName: string, extra: Record<string, string> = {}) =>
    (attribs: sanitizeHtml.Attributes) => {
      const align = alignClass(attribs.style);
      return { tagName, attribs: { ...extra, ...(align ? { class: align } : {}) } };
    };
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "h2",
      "h3",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "s",
      "ol",
      "ul",
      "li",
      "blockquote",
      "hr",
    ].concat(["section", "div"]),
    allowedAttributes: {
      p: ["class"],
      h2: ["class", "id"],
      h3: ["class"],
      section: ["class", "data-chapter", "id"],
      div: ["class"],
    },
    allowedClasses: {
      p: ["align-center", "align-right", "align-justify"],
      h2: ["align-center", "align-right", "align-justify"],
      h3: ["align-center", "align-right", "align-justify"],
      section: ["chapter"],
      div: ["generated-content"],
    },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    disallowedTagsMode: "discard",
    transformTags: {
      p: (_tag, attribs) => aligned("p")(attribs),
      // NOTE: the page's own title is its one h1; a heading the writer made h1 shows as a chapter-level h2.
      h1: (_tag, attribs) => aligned("h2")(attribs),
      h2: (_tag, attribs) => {
        h2s += 1;
        return aligned("h2", { id: headingId(h2s) })(attribs);
      },
      h3: (_tag, attribs) => aligned("h3")(attribs),
      section: (tagName, attribs) => {
        sections += 1;
        return { tagName, attribs: { ...attribs, id: sectionId(sections) } };
      },
    },
  });
}

/** The body and its chapters; a row cleaned with an older allowlist is cleaned with the current one first. */
export function publicBody(content: string, sanitizedWith: number): PublicBody {
  const clean = sanitizedWith >= SANITIZER_VERSION ? content : sanitizeContent(content);
  return { html: bodyHtml(sceneBreaksAsDividers(clean)), chapters: chaptersOf(clean) };
}
