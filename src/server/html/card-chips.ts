// A story card's chips on the server's pages (tag and author pages), in the order Discover's cards show them
// (shared/story-chips.ts). Tags and warnings link to their tag page (/t/{tag}, which lists what carries them);
// the rating, fandoms and status read as plain facts, as the word count does.
import { type ChipSource, storyChips } from "../../shared/story-chips";
import { TAG_LIMITS, tagPath } from "../../shared/tagging";
import { escapeHtml as e } from "./escape";
import { TAGS_SPOILER } from "./reader-css";
import { plural } from "./site";

const LINKED = new Set(["warning", "relationship", "character", "tag"]);

/**
 * The card's `<ul class="meta">`: its chips (at most TAG_LIMITS.cardTags linked ones, then '+N more'), the AI badge
 * (`badge`, an `<li>` or ""), then words. `linkQuery` rides on the tag links (a list's filter kept, e.g. `?ai=none`).
 */
export function cardChipsHtml(story: ChipSource, wordCount: number, badge = "", linkQuery = ""): string {
  const chips = storyChips(story);
  const linked = chips.filter((chip) => LINKED.has(chip.kind));
  const shown = new Set(linked.slice(0, TAG_LIMITS.cardTags));
  const items = chips
    .filter((chip) => !LINKED.has(chip.kind) || shown.has(chip))
    .map((chip) =>
      LINKED.has(chip.kind)
        ? `<li><a href="${e(tagPath(chip.label) + linkQuery)}" rel="tag">${e(chip.label)}</a></li>`
        : `<li>${e(chip.label)}</li>`,
    );
  if (linked.length > shown.size) items.push(`<li class="more">+${linked.length - shown.size} more</li>`);
  if (badge) items.push(badge);
  items.push(`<li>${plural(wordCount, "word", "words")}</li>`);
  // Issue 31: a reader who hides warnings and tags sees 'Tags hidden — show' in their place (reader-css.ts).
  return `<ul class="meta" aria-label="About this story">${items.join("")}</ul>${linked.length > 0 ? TAGS_SPOILER : ""}`;
}
