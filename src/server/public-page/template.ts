// The public story page's HTML: one small template, every text escaped (the body is the sanitized story HTML),
// on the public pages' shared stylesheet (html/site.ts), no script at all.
import { collectionPath, publicStoryPath, ROUTES } from "../../shared/routes";
import { readerSettingsHref } from "../../shared/schemas/reader-settings";
import { htmlDocument } from "../html/document";
import { escapeHtml } from "../html/escape";
import { PAGE_CSS, pageHead, plural, SITE_FOOTER, SITE_HEADER } from "../html/site";
import type { Chapter } from "./content";
import type { AiLabel } from "../../shared/ai-label";
import { aiBadgeChip } from "../html/ai-badge";
import { authorMetas, bylineHtml, bylineText } from "../html/byline";
import { DEFAULT_LANGUAGE, languageName } from "../../shared/languages";

export interface PublicPageModel {
  id: number;
  title: string;
  description: string | null;
  /** Issue 31: the work's language: the `lang` of its title, summary, contents and text (the site's own words stay English). */
  language?: string;
  authorName: string;
  /** Issue 30: the accepted co-creators, named after the creator. */
  coCreators?: { username: string }[];
  /** Absolute canonical URL (APP_URL + publicStoryPath). */
  canonicalUrl: string;
  appUrl: string;
  cover: { url: string; thumbUrl: string; width: number; height: number } | null;
  wordCount: number;
  readingMinutes: number;
  /** Issue 29: the work's AI label and Marin's measured share (0–1), drawn as a badge (none when human-written). */
  aiLabel: AiLabel;
  aiShare: number;
  chapters: Chapter[];
  bodyHtml: string;
  publishedAt: Date | null;
  /** Rating, warnings, status and tags (tags/tag-html.ts), shown before the text. */
  taggingHtml?: string;
  /** Issue 17: when the latest chapter was first published ('Updated'), and where chapter 1's own page is. */
  lastChapterAt?: Date | null;
  firstChapterPath?: string;
  feedPath?: string;
  /** Issue 20: the EPUB download (/s/{id}-{slug}/download.epub). */
  downloadPath?: string;
  /** Issue 30: 'For username' and 'Inspired by …' before the text, 'Works inspired by this' after it (gifts/html.ts). */
  giftsHtml?: string;
  inspiredHtml?: string;
  /** Issue 30: 'Part 2 of The Copper Road' with the previous and next part (html/series-parts.ts). */
  seriesHtml?: string;
  /** Issue 33: the collections the work is in ('In collections: Winter Gifts'). */
  collections?: { name: string; title: string }[];
  /** Issue 30: the work's public bookmarks and the page listing them ('Bookmarks of this work'). */
  bookmarks?: { count: number; path: string };
}

const THUMB_WIDTH = 360;

/** The summary shown in link previews and search results: the description, or a line naming the story. */
/** 'In collections: A, B' with links to their pages (styled as the series line); "" when it is in none. */
function collectionsLine(list: readonly { name: string; title: string }[]): string {
  if (list.length === 0) return "";
  const links = list.map((c) => `<a href="${escapeHtml(collectionPath(c.name))}">${escapeHtml(c.title)}</a>`);
  return `<nav class="series" aria-label="Collections"><p>In ${list.length === 1 ? "the collection" : "collections:"} ${links.join(", ")}</p></nav>`;
}

export function summaryOf(model: Pick<PublicPageModel, "title" | "description" | "authorName">): string {
  const description = model.description?.replace(/\s+/g, " ").trim();
  if (description) return description.length > 200 ? `${description.slice(0, 199).trimEnd()}…` : description;
  return `Read “${model.title}” by ${model.authorName} on FicForge.`;
}

const updatedLine = (at: Date) =>
  `Updated <time datetime="${at.toISOString()}">${at.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" })}</time>`;
const feedLink = (model: PublicPageModel) =>
  model.feedPath
    ? `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(model.title)}: chapters" href="${escapeHtml(encodeURI(model.feedPath))}">\n`
    : "";
/** Issue 20: any reader may take the story away as an e-book; issue 31: or as one HTML file, or a PDF, beside it. */
const downloadLink = (model: PublicPageModel) => {
  if (!model.downloadPath) return "";
  const link = (path: string, type: string, label: string) =>
    `<a href="${escapeHtml(encodeURI(path))}" download type="${type}">${label}</a>`;
  const beside = (extension: string) => model.downloadPath!.replace(/\.epub$/, `.${extension}`);
  return `<p class="download">${link(model.downloadPath, "application/epub+zip", "Download EPUB")} · ${link(beside("html"), "text/html", "HTML")} · ${link(beside("pdf"), "application/pdf", "PDF")}</p>`;
};
/** The entire work's switch to one chapter at a time (each chapter's page switches back). */
const oneChapterLink = (model: PublicPageModel) =>
  model.firstChapterPath && model.chapters.length > 1
    ? `<p class="onechapter"><a href="${escapeHtml(encodeURI(model.firstChapterPath))}">Read one chapter at a time</a></p>`
    : "";

/**
 * Issue 31: the `lang` attribute of the work's own words (none for English, the page's own `lang`), and its line in
 * the page's facts ('Language: Français').
 */
export const langAttr = (language: string | undefined) =>
  language && language !== DEFAULT_LANGUAGE ? ` lang="${escapeHtml(language)}"` : "";
export const languageItem = (language: string | undefined) =>
  language ? `<li>Language: <span${langAttr(language)}>${escapeHtml(languageName(language))}</span></li>` : "";
/** Issue 31: the reader's font, size, width, spacing and theme, chosen on a small form page that comes back here. */
export const readerSettingsLink = (path: string) =>
  `<p class="readerlink"><a href="${escapeHtml(readerSettingsHref(path))}">Reading settings</a></p>`;

export function renderPublicPage(model: PublicPageModel): string {
  const e = escapeHtml;
  const lang = langAttr(model.language);
  const title = e(model.title);
  const author = e(bylineText(model.authorName, model.coCreators));
  const summary = e(summaryOf(model));
  const imageUrl = model.cover ? `${model.appUrl}${model.cover.url}` : undefined;
  const meta = [
    `<li>${model.readingMinutes} min read</li>`,
    `<li>${plural(model.wordCount, "word", "words")}</li>`,
    languageItem(model.language),
    aiBadgeChip(model),
    ...(model.lastChapterAt ? [`<li>${updatedLine(model.lastChapterAt)}</li>`] : []),
    ...(model.bookmarks && model.bookmarks.count > 0
      ? [
          `<li><a href="${e(encodeURI(model.bookmarks.path))}">${plural(model.bookmarks.count, "bookmark", "bookmarks")}</a></li>`,
        ]
      : []),
  ].join("");
  const cover = model.cover
    ? `<img class="cover" src="${e(model.cover.url)}" srcset="${e(model.cover.thumbUrl)} ${Math.min(THUMB_WIDTH, model.cover.width)}w, ${e(model.cover.url)} ${model.cover.width}w" sizes="(min-width: 48rem) 192px, (max-width: 30rem) 96px, 120px" width="${model.cover.width}" height="${model.cover.height}" alt="Cover of ${title}" fetchpriority="high">`
    : "";
  const toc =
    model.chapters.length > 0
      ? `<nav class="toc" aria-labelledby="toc-title"><h2 id="toc-title">Chapters</h2><ol${lang}>${model.chapters
          .map((c) => `<li><a href="#${e(c.id)}">${e(c.title)}</a></li>`)
          .join("")}</ol></nav>`
      : "";
  const body = model.bodyHtml.trim()
    ? `<div class="prose"${lang}>${model.bodyHtml}</div>`
    : `<div class="empty"><h2>No content yet</h2><p>This story doesn't have any content to display.</p></div>`;
  const readerPath = ROUTES.read(model.id);
  return htmlDocument(
    `${pageHead({ title: `${title} by ${author} · FicForge`, description: summary, canonicalUrl: model.canonicalUrl, ogType: "article", ogTitle: title })}
${
  imageUrl && model.cover
    ? `<meta property="og:image" content="${e(imageUrl)}">
<meta property="og:image:width" content="${model.cover.width}">
<meta property="og:image:height" content="${model.cover.height}">
<meta property="og:image:alt" content="Cover of ${title}">
`
    : ""
}${authorMetas(model.authorName, model.coCreators)}
${model.publishedAt ? `<meta property="article:published_time" content="${model.publishedAt.toISOString()}">\n` : ""}<meta name="twitter:card" content="${imageUrl ? "summary_large_image" : "summary"}">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${summary}">
${imageUrl ? `<meta name="twitter:image" content="${e(imageUrl)}">\n` : ""}${feedLink(model)}<style>${PAGE_CSS}</style>`,
    `<a class="skip" href="#story">Skip to the story</a>
${SITE_HEADER}
<main>
<article>
<header class="hero${model.cover ? "" : " nocover"}"><div class="in">${cover}<div>
<h1${lang}>${title}</h1>
<p class="by">by ${bylineHtml(model.authorName, model.coCreators)}</p>
<ul class="meta" aria-label="About this story">${meta}</ul>
</div>
${model.description?.trim() ? `<p class="desc"${lang}>${e(model.description.trim())}</p>` : ""}
</div></header>
<div class="page" id="story">
${model.giftsHtml ?? ""}
${model.seriesHtml ?? ""}${collectionsLine(model.collections ?? [])}${model.taggingHtml ?? ""}${oneChapterLink(model)}${downloadLink(model)}${readerSettingsLink(publicStoryPath(model.id, model.title))}${toc}${body}
${model.inspiredHtml ?? ""}
<aside class="join" aria-labelledby="join-title">
<h2 id="join-title">Enjoying “${title}”?</h2>
<p>Join FicForge free to bookmark it, like it and comment for ${author}.</p>
<div class="acts"><a class="btn" href="${ROUTES.auth}">Sign up free</a><a class="alt" href="${readerPath}">Open in the FicForge reader</a></div>
</aside>
</div>
</article>
</main>
${SITE_FOOTER}`,
  );
}
