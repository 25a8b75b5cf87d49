// One chapter's public page (/s/{id}-{slug}/{n}): the story page's stylesheet, header and footer, the chapter's
// text, Previous / Next (also as <link rel="prev|next">), the chapter list in a <details> and 'Entire work'. No script.
import { ATOM_TYPE } from "../../shared/chapters";
import { ROUTES } from "../../shared/routes";
import { htmlDocument } from "../html/document";
import { escapeHtml as e } from "../html/escape";
import { PAGE_CSS, pageHead, plural, SITE_FOOTER, SITE_HEADER } from "../html/site";
import { langAttr, languageItem, readerSettingsLink, summaryOf } from "./template";
import { authorMetas, bylineHtml, bylineText } from "../html/byline";

export interface ChapterLink {
  n: number;
  title: string;
  path: string;
}

export interface ChapterPageModel {
  storyId: number;
  storyTitle: string;
  description: string | null;
  /** Issue 31: the work's language, the `lang` of its words (template.ts). */
  language?: string;
  authorName: string;
  authorPath: string;
  /** Issue 30: the accepted co-creators, named after the creator. */
  coCreators?: { username: string }[];
  appUrl: string;
  /** The story's page (the entire work). */
  storyPath: string;
  feedPath: string;
  /** Absolute; the story's page when the story is one chapter (the same text twice would compete with itself). */
  canonicalUrl: string;
  chapter: ChapterLink & { words: number; firstPublishedAt: Date };
  chapters: ChapterLink[];
  bodyHtml: string;
  /** Issue 29: the work's AI badge as a chip ("" for human-written work). */
  aiBadge?: string;
  /** Issue 30: 'For username' and 'Inspired by …' (gifts/html.ts). */
  giftsHtml?: string;
  /** Issue 30: 'Part 2 of The Copper Road' with the previous and next part (html/series-parts.ts). */
  seriesHtml?: string;
}

const date = (at: Date) =>
  at.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

function pager(model: ChapterPageModel, place: "top" | "bottom"): string {
  const { n } = model.chapter;
  const prev = model.chapters[n - 2];
  const next = model.chapters[n];
  return `<nav class="pager" aria-label="Chapters${place === "bottom" ? " (end)" : ""}">${
    prev ? `<a rel="prev" href="${e(encodeURI(prev.path))}">← Previous</a>` : "<span></span>"
  }<a href="${e(encodeURI(model.storyPath))}">Entire work</a>${
    next ? `<a rel="next" href="${e(encodeURI(next.path))}">Next →</a>` : "<span></span>"
  }</nav>`;
}

export function renderChapterPage(model: ChapterPageModel): string {
  const { chapter, chapters } = model;
  const story = e(model.storyTitle);
  const title = e(chapter.title);
  const author = e(bylineText(model.authorName, model.coCreators));
  const summary = e(
    summaryOf({ title: model.storyTitle, description: model.description, authorName: model.authorName }),
  );
  const prev = chapters[chapter.n - 2];
  const next = chapters[chapter.n];
  const links = [
    prev ? `<link rel="prev" href="${e(model.appUrl + encodeURI(prev.path))}">` : "",
    next ? `<link rel="next" href="${e(model.appUrl + encodeURI(next.path))}">` : "",
    `<link rel="alternate" type="${ATOM_TYPE}" title="${story}: chapters" href="${e(encodeURI(model.feedPath))}">`,
  ]
    .filter(Boolean)
    .join("\n");
  const toc = `<details class="toc"><summary>Chapters (${chapters.length})</summary><ol>${chapters
    .map((c) =>
      c.n === chapter.n
        ? `<li><a href="${e(encodeURI(c.path))}" aria-current="page"><strong>${e(c.title)}</strong></a></li>`
        : `<li><a href="${e(encodeURI(c.path))}">${e(c.title)}</a></li>`,
    )
    .join("")}</ol></details>`;
  const body = model.bodyHtml.trim()
    ? `<div class="prose"${langAttr(model.language)}>${model.bodyHtml}</div>`
    : `<div class="empty"><h2>No content yet</h2><p>This story doesn't have any content to display.</p></div>`;
  return htmlDocument(
    `${pageHead({ title: `${title} · ${story} by ${author} · FicForge`, description: summary, canonicalUrl: model.canonicalUrl, ogType: "article", ogTitle: `${title} · ${story}` })}
${links}
${authorMetas(model.authorName, model.coCreators)}
<meta property="article:published_time" content="${chapter.firstPublishedAt.toISOString()}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${title} · ${story}">
<meta name="twitter:description" content="${summary}">
<style>${PAGE_CSS}</style>`,
    `<a class="skip" href="#chapter">Skip to the chapter</a>
${SITE_HEADER}
<main>
<article>
<header class="hero nocover chapterhead"><div class="in"><div>
<h1${langAttr(model.language)}><a class="storylink" href="${e(encodeURI(model.storyPath))}">${story}</a></h1>
<p class="by">by ${bylineHtml(model.authorName, model.coCreators)}</p>
<ul class="meta" aria-label="About this chapter"><li>Chapter ${chapter.n} of ${chapters.length}</li><li>${plural(chapter.words, "word", "words")}</li>${languageItem(model.language)}${model.aiBadge ?? ""}<li>Published <time datetime="${chapter.firstPublishedAt.toISOString()}">${date(chapter.firstPublishedAt)}</time></li></ul>
</div></div></header>
<div class="page" id="chapter">
${model.giftsHtml ?? ""}
${model.seriesHtml ?? ""}${toc}
${readerSettingsLink(chapter.path)}${pager(model, "top")}
${body}
${pager(model, "bottom")}
<aside class="join" aria-labelledby="join-title">
<h2 id="join-title">Enjoying “${story}”?</h2>
<p>Join FicForge free to bookmark it, like it and comment for ${author}.</p>
<div class="acts"><a class="btn" href="${ROUTES.auth}">Sign up free</a><a class="alt" href="${ROUTES.read(model.storyId)}">Open in the FicForge reader</a></div>
</aside>
</div>
</article>
</main>
${SITE_FOOTER}`,
  );
}
