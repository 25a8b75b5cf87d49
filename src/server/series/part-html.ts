// The 'Part 2 of The Copper Road' line on the server's pages (the public story page and its chapter pages), with
// links to the previous and next part's public pages. No script; styled by html/site.ts (.series).
import { publicStoryPath } from "../../shared/routes";
import { type SeriesNeighbour, type SeriesPart, seriesPartText } from "../../shared/schemas/series";
import { escapeHtml as e } from "../html/escape";

const link = (rel: "prev" | "next", work: SeriesNeighbour) =>
  `<a rel="${rel}" href="${e(encodeURI(publicStoryPath(work.id, work.title)))}">${rel === "prev" ? "← " : ""}Part ${work.position}: ${e(work.title)}${rel === "next" ? " →" : ""}</a>`;

/** One `<nav>` per series the work is in; "" when it is in none. */
export function seriesPartsHtml(parts: readonly SeriesPart[]): string {
  return parts
    .map(
      (part) =>
        `<nav class="series" aria-label="Series: ${e(part.title)}"><p>${seriesPartText(part)} <a href="${e(encodeURI(part.path))}">${e(part.title)}</a></p>${
          part.previous || part.next
            ? `<p class="parts">${part.previous ? link("prev", part.previous) : ""}${part.next ? link("next", part.next) : ""}</p>`
            : ""
        }</nav>`,
    )
    .join("");
}
