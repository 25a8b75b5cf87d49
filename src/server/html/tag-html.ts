// The tagging block public pages show before a story's text (rating, warnings, fandoms, status, tags linking to /t/
// pages); its stylesheet is tag-css.ts.
import { contentRatingLabel, storyStatusLabel, tagPath } from "../../shared/tagging";
import { escapeHtml as e } from "./escape";
import { TAGS_SPOILER } from "./reader-css";

export interface TaggingModel {
  contentRating: string;
  warnings: readonly string[];
  status: string;
  /** Shown as the reader shows them, without a link (fandoms have no tag page). */
  fandoms?: readonly string[];
  tags: readonly string[];
  relationships: readonly string[];
  characterTags: readonly string[];
  freeformTags: readonly string[];
}

const links = (names: readonly string[]) =>
  `<ul class="meta">${names.map((n) => `<li><a href="${e(tagPath(n))}" rel="tag">${e(n)}</a></li>`).join("")}</ul>`;
const chips = (names: readonly string[], extra = "") =>
  `<ul class="meta${extra}">${names.map((n) => `<li>${e(n)}</li>`).join("")}</ul>`;

/** The block, or an empty string for nothing to show (never: rating and status always are). */
export function renderTagging(model: TaggingModel): string {
  const rows: [string, string][] = [
    ["Rating", chips([contentRatingLabel(model.contentRating)])],
    ...(model.warnings.length > 0 ? ([["Warnings", chips(model.warnings, " warn")]] as [string, string][]) : []),
    ...(model.fandoms?.length ? ([["Fandoms", chips(model.fandoms)]] as [string, string][]) : []),
    ["Status", chips([storyStatusLabel(model.status)])],
  ];
  const lists: [string, readonly string[]][] = [
    ["Relationships", model.relationships],
    ["Characters", model.characterTags],
    ["Additional tags", model.freeformTags],
    ["Tags", model.tags],
  ];
  for (const [label, names] of lists) if (names.length > 0) rows.push([label, links(names)]);
  // Issue 31: a reader who hides warnings and tags sees 'Tags hidden — show' in their place (reader-css.ts).
  const hideable = model.warnings.length > 0 || lists.some(([, names]) => names.length > 0);
  return `<section class="tagging" aria-label="Rating, warnings and tags"><dl>${rows
    .map(([label, html]) => `<dt>${label}</dt><dd>${html}</dd>`)
    .join("")}</dl>${hideable ? TAGS_SPOILER : ""}</section>`;
}
