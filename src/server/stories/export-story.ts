// GET /api/stories/{id}/export (a FicForge Plus early-access feature): the owner's story as a Markdown, plain-text
// or standalone HTML file, with its title and author on top and its chapters and scene breaks kept.
import { escapeHtml, proseToHtml, sceneBreaksAsDividers } from "../../shared/prose";
import { htmlDocument } from "../html/document";
import type { StoryExportFormat } from "../../shared/schemas/story-export";
import { storyHtmlToText } from "../content/plain-text";
import { presentStoryBody, type StoryWithTags } from "./present";
import { storyHtmlToMarkdown } from "./story-markdown";

export interface ExportFile {
  body: string;
  contentType: string;
  /** The Content-Disposition header's value. */
  disposition: string;
}

interface ExportParts {
  title: string;
  author: string;
  description: string | null;
  /** Sanitized story HTML, scene-break paragraphs as <hr>. */
  html: string;
}

const TAGGED = /<[a-z][\s\S]*?>/i;
type TextFormat = Exclude<StoryExportFormat, "epub">;
const CONTENT_TYPES: Record<TextFormat, string> = {
  md: "text/markdown; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  html: "text/html; charset=utf-8",
};
const FILENAME_MAX = 60;
const FALLBACK_NAME = "story";

/** An ASCII file name for old clients: the title's letters and digits in kebab case, accents stripped. */
export function asciiFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, FILENAME_MAX)
    .replace(/-+$/, "");
  return slug || FALLBACK_NAME;
}

/** The title as a file name in UTF-8: only what file systems refuse (and control characters) replaced. */
function unicodeFileName(title: string): string {
  const name = [...title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, "-").trim()]
    .slice(0, FILENAME_MAX)
    .join("")
    .replace(/^[.\s-]+|[.\s-]+$/g, "");
  return name || FALLBACK_NAME;
}

/** RFC 6266: `filename` (ASCII, for everyone) and `filename*` (RFC 8187 UTF-8, which browsers prefer). */
export function attachmentDisposition(title: string, extension: string): string {
  const encoded = encodeURIComponent(`${unicodeFileName(title)}.${extension}`).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFileName(title)}.${extension}"; filename*=UTF-8''${encoded}`;
}

function markdownFile({ title, author, description, html }: ExportParts): string {
  const head = [
    `# ${storyHtmlToMarkdown(`<p>${escapeHtml(title)}</p>`)}`,
    `*by ${storyHtmlToMarkdown(escapeHtml(author))}*`,
  ];
  if (description) head.push(storyHtmlToMarkdown(`<blockquote><p>${escapeHtml(description)}</p></blockquote>`));
  return `${[...head, "---", storyHtmlToMarkdown(html)].join("\n\n")}\n`;
}

/** Plain text: chapter headings underlined, scene breaks as '* * *'. */
function textFile({ title, author, description, html }: ExportParts): string {
  const underline = (text: string, char: string) => `${text}\n${char.repeat(Math.max(3, [...text].length))}`;
  const body = storyHtmlToText(html).replace(/^#{2,} (.+)$/gm, (_m, heading: string) => underline(heading, "-"));
  const head = [underline(title, "="), `by ${author}`];
  if (description) head.push(description);
  return `${[...head, body].join("\n\n")}\n`;
}

const HTML_STYLE = `body{margin:0;background:#faf9f7;color:#1f1d1a;font:18px/1.7 Georgia,"Times New Roman",serif}
article{max-width:40rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:2.2rem;line-height:1.2;margin:0 0 .5rem}
.byline{color:#6b655c;margin:0 0 1.5rem}.description{font-style:italic;color:#4a453e}h2,h3{line-height:1.3;margin:2.5rem 0 1rem}
hr{border:0;text-align:center;margin:2rem 0}hr::after{content:"* * *";color:#8a8378;letter-spacing:.5em}
blockquote{margin:1rem 0;padding-left:1rem;border-left:3px solid #d8d2c8}`;

/** A standalone document: the story's own sanitized HTML, no scripts, nothing loaded from anywhere. */
function htmlFile({ title, author, description, html }: ExportParts): string {
  const e = escapeHtml;
  return htmlDocument(
    `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="author" content="${e(author)}">
<title>${e(title)}</title>
<style>${HTML_STYLE}</style>`,
    `<article>
<header>
<h1>${e(title)}</h1>
<p class="byline">by ${e(author)}</p>
${description ? `<p class="description">${e(description)}</p>\n` : ""}</header>
${html.replace(/<(\/?)h1\b/g, "<$1h2")}
</article>`,
  );
}

const WRITERS: Record<TextFormat, (parts: ExportParts) => string> = {
  md: markdownFile,
  txt: textFile,
  html: htmlFile,
};

/** The stored sanitized HTML, an old plain-text story read as prose as the reader does; scene breaks as <hr>. */
export function storyExportHtml(story: StoryWithTags): string {
  const { content } = presentStoryBody(story);
  return sceneBreaksAsDividers(TAGGED.test(content) ? content : proseToHtml(content));
}

export function exportStory(story: StoryWithTags, author: string, format: TextFormat): ExportFile {
  // NOTE: the body is the stored sanitized HTML (re-sanitized if older than the sanitizer); an old plain-text story
  // is read as prose, as the reader does.
  const { content } = presentStoryBody(story);
  const html = sceneBreaksAsDividers(TAGGED.test(content) ? content : proseToHtml(content));
  const title = story.title.trim() || "Untitled Story";
  return {
    body: WRITERS[format]({ title, author, description: story.description?.trim() || null, html }),
    contentType: CONTENT_TYPES[format],
    disposition: attachmentDisposition(title, format),
  };
}
