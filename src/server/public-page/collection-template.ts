// The collection's public page (/c/{name}): the public pages' stylesheet, header and footer; its maintainers, a filter
// form (a plain GET form: Discover's tag, rating, AI label, language and sort), its works as the author page draws
// cards, a pager, the Subscribe slot and the Atom feed. No script. An anonymous work's card names 'Anonymous'.
import { AI_FILTERS } from "../../shared/ai-label";
import { LANGUAGES } from "../../shared/languages";
import { authorPath, collectionPath, publicStoryPath, ROUTES } from "../../shared/routes";
import type { CollectionCard } from "../../shared/schemas/collections";
import { CONTENT_RATINGS } from "../../shared/tagging";
import type { CollectionRow } from "../collections/access";
import { COLLECTION_SORTS, type CollectionPageQuery } from "../collections/page-query";
import { aiBadgeChip } from "../html/ai-badge";
import { cardChipsHtml } from "../html/card-chips";
import { htmlDocument } from "../html/document";
import { escapeHtml as e } from "../html/escape";
import { PAGE_CSS, pageHead, plural, SITE_FOOTER, SITE_HEADER } from "../html/site";

export interface CollectionPageModel {
  collection: CollectionRow;
  maintainers: { username: string; role: string }[];
  cards: CollectionCard[];
  total: { n: number; more: boolean };
  /** Another page follows. */
  more: boolean;
  query: CollectionPageQuery;
  canonicalUrl: string;
  /** Its challenges: a gift exchange (sign-ups in the app) and a prompt meme. */
  exchange: boolean;
}

const SORT_LABELS: Record<(typeof COLLECTION_SORTS)[number], string> = {
  new: "Newest",
  updated: "Recently updated",
  likes: "Most liked",
  words: "Longest",
};
const AI_LABELS: Record<(typeof AI_FILTERS)[number], string> = {
  any: "Any",
  assisted: "No AI-generated works",
  none: "Human-written only",
};

/** Who may subscribe: visitors get a sign-in link; a signed-in reader a form (redrawn per viewer). */
export function collectionSubscribeSlot(name: string, viewer?: { subscribed: boolean; maintainer: boolean }): string {
  let action = `<a class="btn" href="${ROUTES.auth}">Sign in to subscribe</a>`;
  if (viewer) {
    const on = viewer.subscribed;
    action = `<form method="post" action="${e(collectionPath(name))}/subscription"><input type="hidden" name="on" value="${on ? 0 : 1}"><button class="btn${on ? " on" : ""}" aria-pressed="${on}">${on ? "Subscribed" : "Subscribe"}</button></form>`;
    if (viewer.maintainer) action += `<a href="${e(ROUTES.collectionManage(name))}">Manage collection</a>`;
  }
  return `<div class="subscribe" id="subscribe">${action}</div>`;
}

function card(item: CollectionCard, index: number): string {
  const summary = item.description?.trim();
  const by = item.anonymous
    ? `<p class="by">by <span class="anon">Anonymous</span></p>`
    : `<p class="by">by <a href="${e(authorPath(item.author.username))}" rel="author">${e(item.author.username)}</a>${(item.coCreators ?? []).map((c) => `, <a href="${e(authorPath(c.username))}" rel="author">${e(c.username)}</a>`).join("")}</p>`;
  return `<li class="work"><article aria-labelledby="w${index}">
<h3 id="w${index}"><a href="${e(encodeURI(publicStoryPath(item.id, item.title)))}">${e(item.title)}</a></h3>
${by}
${summary ? `<p>${e(summary)}</p>\n` : ""}${cardChipsHtml(item, item.wordCount, aiBadgeChip(item))}
</article></li>`;
}

const option = (value: string, label: string, selected: boolean) =>
  `<option value="${e(value)}"${selected ? " selected" : ""}>${e(label)}</option>`;

function filterForm(name: string, q: CollectionPageQuery): string {
  const select = (id: string, label: string, options: string) =>
    `<label for="f-${id}">${label}<select id="f-${id}" name="${id}">${options}</select></label>`;
  return `<form class="filters" method="get" action="${e(collectionPath(name))}" role="search" aria-label="Filter the works">
<label for="f-tag">Tags<input id="f-tag" name="tag" value="${e(q.tag.join(", "))}" placeholder="e.g. Fluff, Angst" autocomplete="off"></label>
${select("rating", "Rating", option("", "Any", !q.rating) + CONTENT_RATINGS.map((r) => option(r.id, r.label, q.rating === r.id)).join(""))}
${select("ai", "AI label", AI_FILTERS.map((f) => option(f === "any" ? "" : f, AI_LABELS[f], (q.ai ?? "any") === f)).join(""))}
${select("language", "Language", option("", "Any", !q.language) + LANGUAGES.map((l) => option(l.code, l.name, q.language === l.code)).join(""))}
${select("sort", "Sort by", COLLECTION_SORTS.map((s) => option(s === "new" ? "" : s, SORT_LABELS[s], (q.sort ?? "new") === s)).join(""))}
<button class="btn" type="submit">Filter</button>
</form>`;
}

/** The page's own URL with its filters and another page number. */
export function pageHref(name: string, q: CollectionPageQuery, page: number): string {
  const params = new URLSearchParams();
  if (q.tag.length > 0) params.set("tag", q.tag.join(","));
  for (const key of ["rating", "ai", "language", "sort"] as const) {
    const value = q[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${collectionPath(name)}${search ? `?${search}` : ""}`;
}

export function renderCollectionPage(model: CollectionPageModel): string {
  const { collection: c, query, total } = model;
  const title = e(c.title);
  const description = c.description.trim();
  const summary = e(description ? description.slice(0, 200) : `A collection on FicForge.`);
  const filtered = query.tag.length > 0 || query.rating || query.ai || query.language;
  const list =
    model.cards.length > 0
      ? `<ol>${model.cards.map(card).join("\n")}</ol>`
      : `<p class="empty">${filtered ? "No works match these filters." : "No works in this collection yet."}</p>`;
  const prev =
    query.page > 1 ? `<a rel="prev" href="${e(pageHref(c.name, query, query.page - 1))}">Newer page</a>` : "";
  const next = model.more ? `<a rel="next" href="${e(pageHref(c.name, query, query.page + 1))}">Next page</a>` : "";
  const pager = prev || next ? `<nav class="pager" aria-label="Pages">${prev}${next}</nav>` : "";
  const maintainers = model.maintainers
    .map((m) => `<a href="${e(authorPath(m.username))}">${e(m.username)}</a>`)
    .join(", ");
  const meta = [
    `<li>${total.more ? `${total.n.toLocaleString("en-US")}+ works` : plural(total.n, "work", "works")}${filtered ? " match" : ""}</li>`,
    `<li>${c.open ? "Open to submissions" : "Closed"}</li>`,
    ...(c.moderated ? ["<li>Moderated</li>"] : []),
    ...(c.anonymous && !c.revealedAt ? ["<li>Anonymous until the reveal</li>"] : []),
  ].join("");
  const feedPath = `${collectionPath(c.name)}/feed.atom`;
  const challenges = [
    ...(model.exchange ? [`<a class="btn" href="${e(ROUTES.exchange(c.name))}">Gift exchange</a>`] : []),
    ...(c.promptMeme !== "none" ? [`<a class="btn" href="${e(ROUTES.promptMeme(c.name))}">Prompt meme</a>`] : []),
  ];
  const challengeNav = challenges.length
    ? `<nav class="challenges" aria-label="Challenges">${challenges.join(" ")}</nav>`
    : "";
  return htmlDocument(
    `${pageHead({ title: `${title}: a collection · FicForge`, description: summary, canonicalUrl: model.canonicalUrl, ogType: "website", ogTitle: title })}
<link rel="alternate" type="application/atom+xml" title="${title}: new works" href="${e(feedPath)}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${summary}">
<style>${PAGE_CSS}</style>`,
    `<a class="skip" href="#works">Skip to the works</a>
${SITE_HEADER}
<main>
<header class="hero nocover colhead"><div class="in"><div>
<h1>${title}</h1>
<p class="by">Maintained by ${maintainers}</p>
<ul class="meta" aria-label="About this collection">${meta}</ul>
${collectionSubscribeSlot(c.name)}
${challengeNav}
</div>
${description ? `<p class="desc">${e(description)}</p>` : ""}
</div></header>
<section class="page works" id="works" aria-labelledby="works-title">
<h2 id="works-title">Works${query.page > 1 || model.more ? ` (page ${query.page})` : ""}</h2>
${filterForm(c.name, query)}
${list}
${pager}
<p class="download"><a href="${e(feedPath)}" type="application/atom+xml">Follow new works by feed (Atom)</a></p>
</section>
</main>
${SITE_FOOTER}`,
  );
}
