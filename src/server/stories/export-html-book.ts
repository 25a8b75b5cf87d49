// Issue 31 section 5: a work as one self-contained HTML file for reading offline in any browser: the cover inlined
// as a data: URL, the styles inline, a title page, the contents (links to the chapters) and the chapters. No script,
// nothing loaded from anywhere (its own CSP says so), and the AI label in the metadata as the EPUB has it.
import { escapeHtml as e } from "../html/escape";
import type { StoryBook } from "./story-book";

export const HTML_BOOK_TYPE = "text/html; charset=utf-8";

const STYLE = `:root{color-scheme:light dark}body{margin:0;background:#faf9f7;color:#1f1d1a;font:1.125rem/1.7 Literata,Georgia,"Times New Roman",serif}
main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem 4rem}.cover{margin:0 0 2rem;text-align:center}
.cover img{max-width:100%;height:auto;max-height:90vh}.title-page{text-align:center;margin:2rem 0 3rem}
h1{font-size:2.2rem;line-height:1.2;margin:0 0 .5rem}.byline{font-style:italic;margin:0 0 1.5rem}
.facts{color:#6b655c;font-size:.9rem;margin:.25rem 0}.description{font-style:italic;margin-top:1.5rem}
nav{border-top:1px solid #d8d2c8;border-bottom:1px solid #d8d2c8;padding:1rem 0;margin:0 0 3rem}nav h2{margin:0 0 .5rem;font-size:1.2rem}
nav ol{margin:0;padding-left:1.5rem}a{color:#7a4a12}section.chapter{margin:0 0 4rem}section.chapter>h2:first-child{text-align:center;font-size:1.6rem}
h2,h3{line-height:1.3;margin:2.5rem 0 1rem}hr{border:0;text-align:center;margin:2rem 0}hr::after{content:"*   *   *";white-space:pre;color:#8a8378}
blockquote{margin:1rem 0;padding-left:1rem;border-left:3px solid #d8d2c8}.top{font-size:.85rem}
@media (prefers-color-scheme:dark){body{background:#1c1b19;color:#e8e4dc}a{color:#e0b070}.facts{color:#a59d90}}`;

/** The chapter's HTML with its headings under the chapter's own h2: an h1 inside a chapter becomes an h3. */
const chapterBody = (html: string) => html.replace(/<(\/?)h1\b/g, "<$1h3");
/** splitChapters keeps a chapter's heading as its first element; a chapter without one is given its title. */
const LEADING_HEADING = /^\s*(?:<(?:section|div)\b[^>]*>\s*)*<h[123]\b/;

export function htmlBook(book: StoryBook): string {
  const facts = [
    book.rating ? `Rating: ${book.rating}` : null,
    book.tags.length > 0 ? `Tags: ${book.tags.join(", ")}` : null,
    book.provenance,
    book.ai.badge,
  ].filter((line): line is string => line !== null);
  const cover = book.cover
    ? `<figure class="cover"><img src="data:${e(book.cover.mediaType)};base64,${book.cover.bytes.toString("base64")}" alt="Cover of ${e(book.title)}"></figure>\n`
    : "";
  const contents = book.chapters
    .map((chapter, i) => `<li><a href="#chapter-${i + 1}">${e(chapter.title)}</a></li>`)
    .join("\n");
  const chapters = book.chapters
    .map((chapter, i) => {
      const heading = LEADING_HEADING.test(chapter.html) ? "" : `<h2>${e(chapter.title)}</h2>\n`;
      return `<section class="chapter" id="chapter-${i + 1}">\n${heading}${chapterBody(chapter.html)}\n<p class="top"><a href="#contents">Contents</a></p>\n</section>`;
    })
    .join("\n");
  const keywords = [...book.tags, `ai-label:${book.ai.label}`].join(", ");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${e(book.title)}</title>
<meta name="author" content="${e(book.authors.join(", "))}">
${book.description ? `<meta name="description" content="${e(book.description)}">\n` : ""}<meta name="keywords" content="${e(keywords)}">
<meta name="ficforge:ai-label" content="${e(book.ai.label)}">
<meta name="ficforge:identifier" content="${e(book.identifier)}">
<meta name="dcterms.modified" content="${book.modified.toISOString()}">
<meta name="generator" content="FicForge">
<style>${STYLE}</style>
</head>
<body>
<main>
${cover}<header class="title-page">
<h1>${e(book.title)}</h1>
<p class="byline">by ${e(book.authors.join(", "))}</p>
${facts.map((line) => `<p class="facts">${e(line)}</p>\n`).join("")}${book.description ? `<p class="description">${e(book.description)}</p>\n` : ""}</header>
<nav id="contents" aria-labelledby="contents-title">
<h2 id="contents-title">Contents</h2>
<ol>
${contents}
</ol>
</nav>
${chapters}
</main>
</body>
</html>
`;
}
