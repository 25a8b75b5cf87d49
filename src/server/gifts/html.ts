// The gift and related-work lines on the server's pages (the public story page and its chapter pages): 'For
// username', 'Inspired by <title> by <author>', and the original's 'Works inspired by this'. No script; styled by
// html/site.ts (.gifted, .related, .inspired). Every text escaped; outside links marked as the writer's (ugc).
import { authorPath } from "../../shared/routes";
import {
  type GiftsAndLinksView,
  HIDDEN_ORIGINAL,
  INSPIRED_WORKS_HEADING,
  languageNote,
  RELATION_LABELS,
  type RelatedWorkView,
} from "../../shared/schemas/gifts";
import { escapeHtml as e } from "../html/escape";
import type { Db } from "../db/client";
import { giftsAndLinksOf } from "./views";

const authorLink = (name: string) => `<a href="${e(encodeURI(authorPath(name)))}">${e(name)}</a>`;

function relatedLine(link: RelatedWorkView): string {
  const label = RELATION_LABELS[link.relation];
  const note = e(languageNote(link.relation, link.language));
  if (link.kind === "outside") {
    const by = link.author ? ` by ${e(link.author)}` : "";
    return `<li>${label} <a href="${e(link.url)}" rel="nofollow ugc noopener">${e(link.title)}</a>${by}${note}</li>`;
  }
  if (!link.story) return `<li>${label} ${HIDDEN_ORIGINAL}${note}</li>`;
  const { title, author, path } = link.story;
  const titleHtml = path ? `<a href="${e(encodeURI(path))}">${e(title)}</a>` : e(title);
  return `<li>${label} ${titleHtml} by ${authorLink(author)}${note}</li>`;
}

/** 'For …' and the work's own links, before its text; "" when it has neither. */
export function giftsAndLinksHtml(view: GiftsAndLinksView | undefined): string {
  if (!view) return "";
  const gift =
    view.giftedTo.length > 0
      ? `<p class="gifted">For ${view.giftedTo.map((g) => authorLink(g.username)).join(", ")}</p>`
      : "";
  const related =
    view.relatedWorks.length > 0
      ? `<ul class="related" aria-label="Related works">${view.relatedWorks.map(relatedLine).join("")}</ul>`
      : "";
  return gift + related;
}

/** The original's list of the works approved as coming from it, after its text; "" when none. */
export function inspiredWorksHtml(view: GiftsAndLinksView | undefined): string {
  if (!view || view.inspiredWorks.length === 0) return "";
  const items = view.inspiredWorks
    .map(
      (w) =>
        `<li><a href="${e(encodeURI(w.path ?? ""))}">${e(w.title)}</a> by ${authorLink(w.author)}${
          w.relation === "inspired-by" ? "" : ` <span>(${RELATION_LABELS[w.relation].toLowerCase()} this)</span>`
        }</li>`,
    )
    .join("");
  return `<section class="inspired" aria-labelledby="inspired-title"><h2 id="inspired-title">${INSPIRED_WORKS_HEADING}</h2><ul>${items}</ul></section>`;
}

/** Both parts for a public page (whose readers are signed out, or members for a members-only work). */
export async function giftsAndLinksPageHtml(db: Db, storyId: number, audience: string) {
  const view = await giftsAndLinksOf(db, storyId, { rating: "general", audience });
  return { giftsHtml: giftsAndLinksHtml(view), inspiredHtml: inspiredWorksHtml(view) };
}
