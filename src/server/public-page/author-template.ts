// The author page's HTML (/u/{name}): the public story page's stylesheet, header and footer, every text escaped,
// no script at all.
import { authorFeedPath } from "../../shared/chapters";
import { publicStoryPath } from "../../shared/routes";
import { followSlot } from "./author-follow";
import { safetySlot } from "./author-safety";
import { cardChipsHtml } from "../html/card-chips";
import { toLabels } from "../stories/story-labels";
import type { PublicAuthor, PublicWork } from "./author-query";
import { htmlDocument } from "../html/document";
import { escapeHtml as e } from "../html/escape";
import { PAGE_CSS, pageHead, plural, SITE_FOOTER, SITE_HEADER } from "../html/site";

export interface AuthorPageModel {
  author: PublicAuthor;
  works: PublicWork[];
  /** Absolute canonical URL (APP_URL + authorPath). */
  canonicalUrl: string;
  appUrl: string;
  followers: number;
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

function work(item: PublicWork): string {
  const summary = item.description?.trim();
  return `<li class="work"><article aria-labelledby="w${item.id}">
<h3 id="w${item.id}"><a href="${e(encodeURI(publicStoryPath(item.id, item.title)))}">${e(item.title)}</a></h3>
${summary ? `<p>${e(summary)}</p>\n` : ""}${cardChipsHtml({ ...item, ...toLabels(item.labels) }, item.wordCount)}
</article></li>`;
}

export function renderAuthorPage(model: AuthorPageModel): string {
  const { author, works } = model;
  const name = e(author.username);
  const summary = e(authorSummary(author, works.length));
  const bio = author.description?.trim();
  const list =
    works.length > 0
      ? `<ol>${works.map(work).join("\n")}</ol>`
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
<ul class="meta" aria-label="About this author"><li>${plural(works.length, "published story", "published stories")}</li></ul>
${followSlot(model.followers)}
${safetySlot()}</div>
${bio ? `<p class="desc">${e(bio)}</p>` : ""}
</div></header>
<section class="page works" id="works" aria-labelledby="works-title">
<h2 id="works-title">Stories</h2>
${list}
</section>
</main>
${SITE_FOOTER}`,
  );
}
