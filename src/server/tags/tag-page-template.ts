// The tag page's HTML (/t/{tag}): the public story page's stylesheet, header and footer, every text escaped, no
// script at all.
import { ANONYMOUS_CREATOR } from "../../shared/anonymous";
import { authorPath, publicStoryPath } from "../../shared/routes";
import { htmlDocument } from "../html/document";
import { escapeHtml as e } from "../html/escape";
import { PAGE_CSS, pageHead, plural, SITE_FOOTER, SITE_HEADER } from "../html/site";
import { cardChipsHtml } from "../html/card-chips";
import { toLabels } from "../stories/story-labels";
import { TAG_PAGE_WORKS, type TagWork } from "./tag-page-query";
import type { AiFilter } from "../../shared/ai-label";
import { tagPath } from "../../shared/tagging";
import { aiBadgeChip, aiHiddenLine } from "../html/ai-badge";
import { aiQuery } from "../visibility/ai-filter";

export interface TagPageModel {
  name: string;
  works: TagWork[];
  canonicalUrl: string;
  /** The AI filter the page applies, kept on its links, and how many works it left out. */
  ai?: AiFilter;
  hiddenByAi?: number;
}

function work(item: TagWork, linkQuery: string): string {
  const summary = item.description?.trim();
  return `<li class="work"><article aria-labelledby="w${item.id}">
<h3 id="w${item.id}"><a href="${e(encodeURI(publicStoryPath(item.id, item.title)))}">${e(item.title)}</a></h3>
<p class="by">by ${item.authorName === ANONYMOUS_CREATOR ? `<strong>${ANONYMOUS_CREATOR}</strong>` : `<a href="${e(authorPath(item.authorName) + linkQuery)}" rel="author">${e(item.authorName)}</a>`}</p>
${summary ? `<p>${e(summary)}</p>\n` : ""}${cardChipsHtml({ ...item, ...toLabels(item.labels) }, item.wordCount, aiBadgeChip(item), linkQuery)}
</article></li>`;
}

export function renderTagPage(model: TagPageModel): string {
  const name = e(model.name);
  const count = model.works.length;
  const summary = count > 0 ? `Stories tagged ${name} on FicForge.` : `${name} on FicForge.`;
  const list =
    count > 0
      ? `<ol>${model.works.map((w) => work(w, aiQuery(model.ai ?? "any"))).join("\n")}</ol>`
      : `<p class="empty">No public stories carry this tag yet.</p>`;
  return htmlDocument(
    `${pageHead({ title: `${name} · FicForge`, description: summary, canonicalUrl: model.canonicalUrl, ogType: "website", ogTitle: `${name} on FicForge` })}
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${name} on FicForge">
<meta name="twitter:description" content="${summary}">
<style>${PAGE_CSS}</style>`,
    `<a class="skip" href="#works">Skip to the stories</a>
${SITE_HEADER}
<main>
<header class="hero nocover tagpage"><div class="in"><div>
<h1>${name}</h1>
<ul class="meta" aria-label="About this tag"><li>${count >= TAG_PAGE_WORKS ? `The newest ${TAG_PAGE_WORKS} stories` : plural(count, "story", "stories")}</li></ul>
</div></div></header>
<section class="page works" id="works" aria-labelledby="works-title">
<h2 id="works-title">Stories tagged ${name}</h2>
${aiHiddenLine(model.hiddenByAi ?? 0, `${tagPath(model.name)}?ai=any`)}${list}
</section>
</main>
${SITE_FOOTER}`,
  );
}
