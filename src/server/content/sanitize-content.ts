// Story HTML is sanitized against the editor's allowlist on write and stored sanitized; stories store the version
// they were cleaned with, so a row cleaned with an older allowlist is cleaned again (present.ts, resanitize-stories.ts).
import { createRequire } from "node:module";
import type sanitizeHtml from "sanitize-html";
import { STORY_CONTENT_MAX_BYTES } from "../../shared/limits";
import { AppError } from "../app-error";

/**
 * Bump whenever OPTIONS below narrow: stored stories cleaned with an older version are cleaned again.
 * NOTE: not bumped for the generated-content wrapper's data-model / data-generated-at: widening the allowlist makes
 * no stored row unsafe, and re-cleaning cannot bring back attributes an older version already dropped.
 */
export const SANITIZER_VERSION = 2;

/** Provenance on div.generated-content: the model's label (plain text) and when it wrote (an ISO time). */
const MODEL_LABEL_MAX = 100;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters make a label unfit, so they are matched.
const PLAIN_LABEL = /^[^<>\u0000-\u001F\u007F]+$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const isModelLabel = (value: string | undefined): value is string =>
  value !== undefined && value.length <= MODEL_LABEL_MAX && value.trim() !== "" && PLAIN_LABEL.test(value);
export const isIsoTime = (value: string | undefined): value is string =>
  value !== undefined && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));

function provenanceAttributes(attribs: Record<string, string>): Record<string, string> {
  const { "data-model": model, "data-generated-at": generatedAt, ...rest } = attribs;
  if (!(rest.class ?? "").split(/\s+/).includes("generated-content")) return rest;
  return {
    ...rest,
    ...(isModelLabel(model) ? { "data-model": model } : {}),
    ...(isIsoTime(generatedAt) ? { "data-generated-at": generatedAt } : {}),
  };
}

const ALIGNED = ["style"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h1",
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
    // The chapter wrapper the assistant's generated content arrives in.
    "section",
    "div",
  ],
  allowedAttributes: {
    p: ALIGNED,
    h1: ALIGNED,
    h2: ALIGNED,
    h3: ALIGNED,
    section: ["class", "data-chapter"],
    div: ["class", "data-model", "data-generated-at"],
  },
  allowedClasses: { section: ["chapter"], div: ["generated-content"] },
  allowedStyles: { "*": { "text-align": [/^(?:left|center|right|justify)$/] } },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // NOTE: these elements' text is code or markup, not story text; dropping the tag alone would leave it behind.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
    "template",
    "title",
    "xmp",
    "noembed",
    "noframes",
    "select",
  ],
  transformTags: {
    section: (tagName, attribs) => {
      const { "data-chapter": chapter, ...rest } = attribs;
      return { tagName, attribs: chapter && /^\d{1,4}$/.test(chapter) ? { ...rest, "data-chapter": chapter } : rest };
    },
    div: (tagName, attribs) => ({ tagName, attribs: provenanceAttributes(attribs) }),
  },
};

// NOTE: required on first use, not imported: stories are cleaned when written, so most starts never need it,
// and a synchronous require keeps sanitizeContent synchronous for the presenter.
let sanitizer: typeof sanitizeHtml | undefined;

export function sanitizeContent(html: string): string {
  sanitizer ??= createRequire(import.meta.url)("sanitize-html") as typeof sanitizeHtml;
  // NOTE: after cleaning, since the parser turns character references such as &#1; into the characters themselves.
  return stripControlChars(sanitizer(html, OPTIONS));
}

const IMPORT_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  // Imported text is the writer's own: no chapter or generated-content wrappers (their text stays), so no provenance.
  allowedTags: (OPTIONS.allowedTags as string[]).filter((tag) => tag !== "section" && tag !== "div"),
  allowedAttributes: { p: ALIGNED, h1: ALIGNED, h2: ALIGNED, h3: ALIGNED },
  transformTags: { h4: "h3", h5: "h3", h6: "h3" },
};

/** Issue 20's import: another program's HTML cut down to story HTML, before the chapter headings are found. */
export function sanitizeImported(html: string): string {
  sanitizer ??= createRequire(import.meta.url)("sanitize-html") as typeof sanitizeHtml;
  return stripControlChars(sanitizer(html, IMPORT_OPTIONS));
}

/** 413 before any work is done on an oversized body of text. */
export function assertContentSize(content: string | undefined): void {
  if (content !== undefined && Buffer.byteLength(content, "utf8") > STORY_CONTENT_MAX_BYTES) {
    throw new AppError(413, "CONTENT_TOO_LARGE", "Your story is too long to save. The limit is 2 MB of text.");
  }
}

// Tab, line feed and carriage return stay; every other control character goes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Titles, descriptions and other plain text: stored as given (React escapes it), minus control characters. */
export const stripControlChars = (text: string) => text.replace(CONTROL_CHARS, "");
