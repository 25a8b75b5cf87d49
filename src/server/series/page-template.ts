// The series' public page (/series/{id}-{slug}): the public pages' stylesheet, header and footer, the works in order
// as the author page draws its cards (AI badge, rating, tags), the Subscribe slot and the Atom feed. No script.
import { authorPath, publicStoryPath, ROUTES } from "../../shared/routes";
import { aiBadgeChip } from "../html/ai-badge";
import { cardChipsHtml } from "../html/card-chips";
import { htmlDocument } from "../html/document";
import { escapeHtml as e } from "../html/escape";
import { PAGE_CSS, pageHead, plural, SITE_FOOTER, SITE_HEADER } from "../html/site";
import type { SeriesCard, SeriesHead } from "./queries";

export interface SeriesPageModel {
  head: SeriesHead;
  works: SeriesCard[];
  path: string;
  feedPath: string;
  /** Absolute canonical URL (APP_URL + seriesPath). */
  canonicalUrl: string;
}

/** The summary for link previews: the description, or a line naming the series. */
export function seriesSummary(head: SeriesHead): string {
  const text = head.description.replace(/\s+/g, " ").trim();
  if (text) return text.length > 200 ? `${text.slice(0, 199).trimEnd()}…` : text;
  return `A series by ${head.ownerName} on FicForge.`;
}

/** Who may subscribe: visitors get a sign-in link; a signed-in reader a form (redrawn per viewer, page-routes.ts). */
export function subscribeSlot(seriesId: number, viewer?: { subscribed: boolean | null }): string {
  let action = `<a class="btn" href="${ROUTES.auth}">Sign in to subscribe</a>`;
  if (viewer?.subscribed === null) action = `<a class="btn" href="${ROUTES.seriesEdit(seriesId)}">Edit series</a>`;
  else if (viewer) {
    const on = viewer.subscribed;
    action = `<form method="post" action="/series/${seriesId}/subscription"><input type="hidden" name="on" value="${on ? 0 : 1}"><button class="btn${on ? " on" : ""}" aria-pressed="${on}">${on ? "Subscribed" : "Subscribe"}</button></form>`;
  }
  return `<div class="subscribe" id="subscribe">${action}</div>`;
}

function work(item: SeriesCard): string {
  const summary = item.description?.trim();
  return `<li class="work"><article aria-labelledby="w${item.id}">
<p class="part">Part ${item.position}</p>
<h3 id="w${item.id}"><a href="${e(encodeURI(publicStoryPath(item.id, item.title)))}">${e(item.title)}</a></h3>
${summary ? `<p>${e(summary)}</p>\n` : ""}${cardChipsHtml(item, item.wordCount, aiBadgeChip(item))}
</article></li>`;
}

export function renderSeriesPage(model: SeriesPageModel): string {
  const { head, works } = model;
  const title = e(head.title);
  const owner = e(head.ownerName);
  const summary = e(seriesSummary(head));
  const description = head.description.trim();
  const list =
    works.length > 0 ? `<ol>${works.map(work).join("\n")}</ol>` : `<p class="empty">No works in this series yet.</p>`;
  const meta = [
    `<li>${plural(works.length, "work", "works")}</li>`,
    `<li>${head.complete ? "Complete" : "In progress"}</li>`,
  ].join("");
  return htmlDocument(
    `${pageHead({ title: `${title}: a series by ${owner} · FicForge`, description: summary, canonicalUrl: model.canonicalUrl, ogType: "website", ogTitle: title })}
<link rel="alternate" type="application/atom+xml" title="${title}: new works" href="${e(encodeURI(model.feedPath))}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${summary}">
<style>${PAGE_CSS}</style>`,
    `<a class="skip" href="#works">Skip to the works</a>
${SITE_HEADER}
<main>
<header class="hero nocover serieshead"><div class="in"><div>
<h1>${title}</h1>
<p class="by">A series by <a href="${e(authorPath(head.ownerName))}" rel="author"><strong>${owner}</strong></a></p>
<ul class="meta" aria-label="About this series">${meta}</ul>
${subscribeSlot(head.id)}
</div>
${description ? `<p class="desc">${e(description)}</p>` : ""}
</div></header>
<section class="page works" id="works" aria-labelledby="works-title">
<h2 id="works-title">Works in order</h2>
${list}
<p class="download"><a href="${e(encodeURI(model.feedPath))}" type="application/atom+xml">Follow new works by feed (Atom)</a></p>
</section>
</main>
${SITE_FOOTER}`,
  );
}
