// The author page's HTML (/u/{name}): the public story page's stylesheet, header and footer, every text escaped,
// no script at all.
import { bylineHtml } from "../html/byline";
import { authorFeedPath } from "../../shared/chapters";
import { authorBookmarksPath, authorGiftsPath, authorPath, publicStoryPath } from "../../shared/routes";
import { followSlot } from "./author-follow";
import { safetySlot } from "./author-safety";
import { cardChipsHtml } from "../html/card-chips";
import { toLabels } from "../stories/story-labels";
import type { AiFilter } from "../../shared/ai-label";
import { aiBadgeChip, aiHiddenLine } from "../html/ai-badge";
import { aiQuery } from "../visibility/ai-filter";
import type { PublicAuthor, PublicWork } from "./author-query";
import { htmlDocument } from "../html/document";
import { escapeHtml as e } from "../html/escape";
import { PAGE_CSS, pageHead, plural, SITE_FOOTER, SITE_HEADER } from "../html/site";

export interface AuthorPageModel {
  author: PublicAuthor;
  works: PublicWork[];
  /** Every work the author's pages list (this page holds at most AUTHOR_PAGE_WORKS of them). */
  total: number;
  /** The page of older works, when there are more. */
  older: string | null;
  /** The first page, when this is an older one. */
  newest: string | null;
  /** Absolute canonical URL (APP_URL + authorPath). */
  canonicalUrl: string;
  appUrl: string;
  followers: number;
  /** The AI filter the page applies (kept on its links), and how many works it left out of this page. */
  ai?: AiFilter;
  hiddenByAi?: number;
  /** This page with every work (`ai=any`), for the hidden line's link. */
  showAll?: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The summary for link previews and search results: the bio, or a line naming the author. */
export function authorSummary(author: PublicAuthor, works: number): string {
  const bio = oneLine(author.description ?? "");
  if (bio) return bio.length > 200 ? `${bio.slice(0, 199).trimEnd()}…` : bio;
  return works > 0
    ? `${plural(works, "story", "stories")} by ${author.username} on FicForge.`
    : `${author.username} on FicForge.`;
}

/** The avatar's letter: the name's first letter or digit, upper case. */
export const initialOf = (username: string) => (/[\p{L}\p{N}]/u.exec(username)?.[0] ?? "?").toUpperCase();

function work(item: PublicWork, linkQuery: string): string {
  const summary = item.description?.trim();
  return `<li class="work"><article aria-labelledby="w${item.id}">
<h3 id="w${item.id}"><a href="${e(encodeURI(publicStoryPath(item.id, item.title)))}">${e(item.title)}</a></h3>
${item.byline ? `<p class="by">by ${bylineHtml(item.byline.author, item.byline.coCreators)}</p>\n` : ""}${summary ? `<p>${e(summary)}</p>\n` : ""}${cardChipsHtml({ ...item, ...toLabels(item.labels) }, item.wordCount, aiBadgeChip(item), linkQuery)}
</article></li>`;
}

/** Issue 30: the author page's tabs: their stories, and the works gifted to them. */
export function authorTabs(username: string, current: "stories" | "gifts"): string {
  const tab = (href: string, label: string, on: boolean) =>
    `<li><a href="${e(encodeURI(href))}"${on ? ' aria-current="page"' : ""}>${label}</a></li>`;
  return `<nav aria-label="${e(username)}'s pages"><ul class="tabs">${tab(authorPath(username), "Stories", current === "stories")}${tab(authorBookmarksPath(username), "Bookmarks", false)}${tab(authorGiftsPath(username), "Gifts", current === "gifts")}</ul></nav>`;
}

/** Links to the older works and back to the newest: a long list is read a page at a time. */
function pager(model: AuthorPageModel): string {
  const links = [
    model.newest ? `<a href="${e(encodeURI(model.newest))}">Newest stories</a>` : "",
    model.older ? `<a rel="next" href="${e(encodeURI(model.older))}">Older stories</a>` : "",
  ].filter(Boolean);
  return links.length > 0 ? `<nav class="pager" aria-label="More stories">${links.join(" ")}</nav>` : "";
}

export function renderAuthorPage(model: AuthorPageModel): string {
  const { author, works } = model;
  const name = e(author.username);
  const summary = e(authorSummary(author, model.total));
  const bio = author.description?.trim();
  const list =
    works.length > 0
      ? `<ol>${works.map((w) => work(w, aiQuery(model.ai ?? "any"))).join("\n")}</ol>`
      : `<p class="empty">${name} hasn't published a story yet.</p>`;
  return htmlDocument(
    `${pageHead({ title: `${name} · FicForge`, description: summary, canonicalUrl: model.canonicalUrl, ogType: "profile", ogTitle: `${name} on FicForge` })}
<meta property="profile:username" content="${name}">
<link rel="alternate" type="application/atom+xml" title="${name} on FicForge" href="${e(authorFeedPath(author.username))}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${name} on FicForge">
<meta name="twitter:description" content="${summary}">
<style>${PAGE_CSS}</style>`,
    `<a class="skip" href="#works">Skip to the stories</a>
${SITE_HEADER}
<main>
<header class="hero author"><div class="in">
<span class="avatar" aria-hidden="true">${e(initialOf(author.username))}</span>
<div><h1>${name}</h1>
<ul class="meta" aria-label="About this author"><li>${plural(model.total, "published story", "published stories")}</li></ul>
${followSlot(model.followers)}
${safetySlot()}</div>
${bio ? `<p class="desc">${e(bio)}</p>` : ""}
</div></header>
<section class="page works" id="works" aria-labelledby="works-title">
${authorTabs(author.username, "stories")}
<h2 id="works-title">${model.newest ? "Older stories" : "Stories"}</h2>
${aiHiddenLine(model.hiddenByAi ?? 0, model.showAll ?? "")}${list}
${pager(model)}
</section>
</main>
${SITE_FOOTER}`,
  );
}
