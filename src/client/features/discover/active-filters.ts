// Discover's filters as removable chips (the collapsed bar shows them and counts them), and a card chip as the
// filter that finds it. Pure, so the rules are tested without a browser.
import type { AiFilter } from "../../../shared/ai-label";
import { ROUTES } from "../../../shared/routes";
import type { StoryChip } from "../../../shared/story-chips";
import { CONTENT_RATING_IDS, type ContentRating, contentRatingLabel, storyStatusLabel } from "../../../shared/tagging";
import { AI_FILTER_CHIPS } from "../ai/ai-filter-text";
import { aiInForce, CROSSOVER_LABELS, DEFAULT_FILTERS, type DiscoverFilters, filtersToSearch } from "./filters";

export interface ActiveFilter {
  /** Stable within one set of filters (React key, test id). */
  id: string;
  /** What the chip reads, e.g. "Exclude: Spiders". */
  label: string;
  /** The change that removes it. */
  remove: Partial<DiscoverFilters>;
}

/** Every filter a chip can stand for, off (the search text, the order and the mature-stories choice stay). */
export const NO_FILTERS: Partial<DiscoverFilters> = (({ q: _q, sort: _sort, nsfw: _nsfw, ...narrowing }) => narrowing)(
  DEFAULT_FILTERS,
);

const without = <T>(list: readonly T[], value: T) => list.filter((v) => v !== value);

/**
 * Every narrowing filter but the search text (which stays in its box), one chip each, in the panel's order. The AI
 * filter is the one in force (the URL's, else the reader's preference `aiDefault`); removing it shows every work.
 */
export function activeFilters(filters: DiscoverFilters, aiDefault: AiFilter = "any"): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  const ai = aiInForce(filters, aiDefault);
  if (ai !== "any") {
    chips.push({ id: "ai", label: AI_FILTER_CHIPS[ai], remove: { ai: aiDefault === "any" ? null : "any" } });
  }
  for (const tag of filters.tags) {
    chips.push({ id: `tag:${tag}`, label: tag, remove: { tags: without(filters.tags, tag) } });
  }
  for (const tag of filters.exclude) {
    chips.push({ id: `exclude:${tag}`, label: `Without ${tag}`, remove: { exclude: without(filters.exclude, tag) } });
  }
  for (const rating of filters.ratings) {
    chips.push({
      id: `rating:${rating}`,
      label: contentRatingLabel(rating),
      remove: { ratings: without(filters.ratings, rating) },
    });
  }
  if (filters.status) {
    const label = filters.status === "complete" ? "Complete only" : storyStatusLabel(filters.status);
    chips.push({ id: "status", label, remove: { status: null } });
  }
  if (filters.minWords !== null) {
    chips.push({ id: "minWords", label: `At least ${filters.minWords} words`, remove: { minWords: null } });
  }
  if (filters.maxWords !== null) {
    chips.push({ id: "maxWords", label: `At most ${filters.maxWords} words`, remove: { maxWords: null } });
  }
  if (filters.fandom) chips.push({ id: "fandom", label: filters.fandom, remove: { fandom: null } });
  if (filters.crossover) {
    chips.push({ id: "crossover", label: CROSSOVER_LABELS[filters.crossover], remove: { crossover: null } });
  }
  return chips;
}

/** The search text as a filter too, for saying what emptied a list. */
export function narrowingFilters(filters: DiscoverFilters, aiDefault: AiFilter = "any"): ActiveFilter[] {
  const q = filters.q.trim();
  const search = q ? [{ id: "q", label: `Search '${q}'`, remove: { q: "" } }] : [];
  return [...search, ...activeFilters(filters, aiDefault)];
}

/** The filter a card's chip stands for: a rating, a status, a fandom, or a tag (warnings are tags too). */
export function chipFilter(chip: StoryChip): Partial<DiscoverFilters> {
  switch (chip.kind) {
    case "rating":
      return (CONTENT_RATING_IDS as readonly string[]).includes(chip.value)
        ? { ratings: [chip.value as ContentRating] }
        : {};
    case "status":
      return { status: chip.value === "complete" ? "complete" : "in-progress" };
    case "fandom":
      return { fandom: chip.value };
    default:
      return { tags: [chip.value] };
  }
}

/** Discover filtered by this chip alone (the reader's mature-stories choice kept), as AO3's tag links are. */
export function chipHref(chip: StoryChip, nsfw: boolean): string {
  return ROUTES.discover + filtersToSearch({ ...DEFAULT_FILTERS, nsfw, ...chipFilter(chip) });
}
