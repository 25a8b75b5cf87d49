// What every story write derives from the story (issue 9): the content rating and the search
// text. One function, so create, PATCH, publish, the demo seed and the backfill job can never disagree.
import { isNsfw } from "../../shared/nsfw";
import { type ContentRating, GATED_RATINGS } from "../../shared/tagging";

const NSFW_THEME = "nsfw";

export type Rating = "general" | "mature";

export interface RatingInput {
  title: string;
  description: string | null;
  moods: unknown;
  themes: unknown;
  /** The author's own mark. */
  markedMature?: boolean | null;
  /** The author's 5-level rating (issue 17): Mature and Explicit are gated as mature stories. */
  contentRating?: string | null;
}

export interface DerivedInput extends RatingInput {
  fandoms: unknown;
}

export interface DerivedColumns {
  rating: Rating;
  searchText: string;
  /** The tag names and fandoms alone (search ranks them above the text). */
  searchTags: string;
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** Fandoms as a list: stored as a list (the wizard) or as one text (older rows), split on commas. */
export function fandomList(fandoms: unknown): string[] {
  if (typeof fandoms === "string") {
    return fandoms
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean);
  }
  return stringList(fandoms)
    .map((f) => f.trim())
    .filter(Boolean);
}

/** Mature when the author marks it or rates it Mature or Explicit, when it uses the nsfw theme, or by the NSFW rule. */
export function rateStory(story: RatingInput): Rating {
  if (story.markedMature) return "mature";
  if (GATED_RATINGS.includes(story.contentRating as ContentRating)) return "mature";
  if (stringList(story.themes).includes(NSFW_THEME)) return "mature";
  return isNsfw(story) ? "mature" : "general";
}

/** Title, description, tag names and fandoms, one per line, for full-text search (stories_search_idx). */
export function storySearchText(
  story: Pick<DerivedInput, "title" | "description" | "fandoms">,
  tags: readonly string[],
) {
  return [story.title, story.description ?? "", ...tags, ...fandomList(story.fandoms)]
    .map((part) => part.trim())
    .filter(Boolean)
    .join("\n");
}

/** The columns a write must store with the story's new state (`tags`: its tags after the write). */
export function derivedStoryColumns(story: DerivedInput, tags: readonly string[]): DerivedColumns {
  const searchTags = [...tags, ...fandomList(story.fandoms)]
    .map((part) => part.trim())
    .filter(Boolean)
    .join("\n");
  return { rating: rateStory(story), searchText: storySearchText(story, tags), searchTags };
}
