// Issue 17 section 4: the one catalogue of what a story may be tagged with (rating, warnings, status, the spec's
// catalogue tags) and the rules that turn a typed free-form tag into its one canonical key. Publish, the details
// page, Discover's filters, the reader, the public pages and the server all import it from here.
import { ALL_TAGS } from "./catalogues";

/** The 5-level audience rating an author chooses (AO3's). Mature and Explicit are gated as mature stories. */
export const CONTENT_RATINGS = [
  { id: "general", label: "General" },
  { id: "teen", label: "Teen" },
  { id: "mature", label: "Mature" },
  { id: "explicit", label: "Explicit" },
  { id: "not-rated", label: "Not Rated" },
] as const;
export type ContentRating = (typeof CONTENT_RATINGS)[number]["id"];
export const CONTENT_RATING_IDS = CONTENT_RATINGS.map((r) => r.id) as [ContentRating, ...ContentRating[]];
/** The ratings only readers allowed mature stories see (never a free or signed-out viewer, no public page). */
export const GATED_RATINGS: readonly ContentRating[] = ["mature", "explicit"];
export const DEFAULT_CONTENT_RATING: ContentRating = "not-rated";
export const contentRatingLabel = (id: string) => CONTENT_RATINGS.find((r) => r.id === id)?.label ?? "Not Rated";

/** AO3-style warnings, a closed list. */
export const WARNINGS = [
  "Creator chose not to use warnings",
  "No archive warnings apply",
  "Graphic depictions of violence",
  "Major character death",
  "Rape/non-con",
] as const;
export type Warning = (typeof WARNINGS)[number];
/** Says there is nothing to warn about, so it cannot stand beside a warning. */
export const NO_WARNINGS: Warning = "No archive warnings apply";

export const STORY_STATUSES = [
  { id: "in-progress", label: "In progress" },
  { id: "complete", label: "Complete" },
] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number]["id"];
export const STORY_STATUS_IDS = STORY_STATUSES.map((s) => s.id) as [StoryStatus, ...StoryStatus[]];
export const storyStatusLabel = (id: string) => (id === "complete" ? "Complete" : "In progress");

/** The spec's catalogue tags (up to 5 a story): ONE list for publish, details and filters. */
export const CATALOGUE_TAGS: readonly string[] = ALL_TAGS;

/** The kinds of free-form tag; `characterTags` in the API, as `characters` is the wizard's story characters. */
export const LABEL_KINDS = ["relationship", "character", "freeform"] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

export const TAG_LIMITS = {
  /** Characters in one free-form tag. */
  maxChars: 100,
  /** Free-form tags on one story: relationships, characters and additional tags together. */
  maxFreeform: 30,
  /** Tags one Discover query may include or exclude. */
  maxFilterTags: 20,
  /** Free-form tags a Discover card carries (the reader and the public page show all). */
  cardTags: 8,
  autocomplete: 10,
} as const;

export const TAG_MESSAGES = {
  control: "Tags cannot contain control characters",
  blank: "Tags cannot be empty or only spaces",
  long: `Each tag must be at most ${TAG_LIMITS.maxChars} characters`,
  many: `A story can have at most ${TAG_LIMITS.maxFreeform} free-form tags`,
  noWarnings: `'${NO_WARNINGS}' cannot be chosen with another warning`,
} as const;

// Control characters (C0, DEL, C1) and lone surrogates have no place in a name people read and link to.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const hasControlChars = (text: string) => CONTROL.test(text);

/** A tag as shown: Unicode-normalized (NFC), trimmed, runs of spaces made one. */
export const tagSpelling = (name: string) => name.normalize("NFC").replace(/\s+/gu, " ").trim();
/** The key two spellings share when they are the same tag: the spelling in lower case. */
export const tagKey = (name: string) => tagSpelling(name).toLowerCase();

const CATALOGUE_BY_KEY = new Map(CATALOGUE_TAGS.map((name) => [name.toLowerCase(), name]));
/** The catalogue tag with this key (any case, any spacing), or undefined. */
export const catalogueTag = (name: string) => CATALOGUE_BY_KEY.get(tagKey(name));

const WARNING_BY_KEY = new Map<string, Warning>(WARNINGS.map((w) => [tagKey(w), w]));
/** The warning with this key (any case, any spacing), or undefined: warnings filter as tags do. */
export const warningTag = (name: string) => WARNING_BY_KEY.get(tagKey(name));

/**
 * Every key a story carries, as `stories.tag_keys` holds it (Discover's tag filters): its catalogue tags', free-form
 * tags' and warnings' keys, once each, in code-unit order (PostgreSQL's COLLATE "C"). NOTE: the database keeps the
 * column with triggers that compute the same (lower() of catalogue names and warnings, which are ASCII; free-form
 * keys are already keys); bulk loaders that switch triggers off (bench seeders) write it with this.
 */
export function storyTagKeys(
  catalogueNames: readonly string[],
  freeKeys: readonly string[],
  warnings: readonly string[],
) {
  return [...new Set([...catalogueNames.map(tagKey), ...freeKeys.map(tagKey), ...warnings.map(tagKey)])].sort();
}

/** A tag's public page: /t/{tag}. */
export const tagPath = (name: string) => `/t/${encodeURIComponent(tagSpelling(name))}`;

/** The free-form tags a story carries, by kind (each list in the author's order). */
export interface StoryLabels {
  relationships: string[];
  characterTags: string[];
  freeformTags: string[];
}

/** A story nobody has tagged yet, as the views carry it (and the forms start from). */
export const UNTAGGED = {
  contentRating: DEFAULT_CONTENT_RATING,
  warnings: [] as Warning[],
  relationships: [] as string[],
  characterTags: [] as string[],
  freeformTags: [] as string[],
  status: "in-progress" as StoryStatus,
};
/** UNTAGGED as a Discover card carries it. */
export const UNTAGGED_CARD = { ...UNTAGGED, wordCount: 0, moreTags: 0 };
