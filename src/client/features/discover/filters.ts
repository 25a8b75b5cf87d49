// The browse page's filters live in the URL query (?q=&tag=&exclude=&rating=&status=&minWords=&maxWords=&fandom=
// &sort=&nsfw=1&ai=&language=&crossover=&always=off; tag, exclude, rating and language repeat) so a search can be shared and the back button returns to it.
// Parsing is forgiving: an unknown sort, rating or status, or a malformed tag, is dropped, not an error.
import { AI_FILTERS, type AiFilter } from "../../../shared/ai-label";
import { DISCOVER_LIMITS, DiscoverSort } from "../../../shared/schemas/reading";
import { FreeTag } from "../../../shared/schemas/tagging";
import { ALL_LANGUAGES, isLanguageCode } from "../../../shared/languages";
import { CONTENT_RATING_IDS, type ContentRating, type StoryStatus, TAG_LIMITS, tagKey } from "../../../shared/tagging";

const FANDOM_CHARS = 80;
const MAX_WORDS = 100_000_000;

export interface DiscoverFilters {
  q: string;
  /** Tags every story must carry (catalogue or free-form, any case). */
  tags: string[];
  /** Tags no story may carry. */
  exclude: string[];
  ratings: ContentRating[];
  status: StoryStatus | null;
  minWords: number | null;
  maxWords: number | null;
  fandom: string | null;
  sort: DiscoverSort;
  /** The reader asked for mature stories (only honoured for premium users, see nsfw-gate.ts). */
  nsfw: boolean;
  /** The AI filter the URL asks for; null when it says nothing (the reader's preference applies, on the server). */
  ai: AiFilter | null;
  /**
   * Issue 31: the languages the URL asks for (codes, or ["all"]); empty when it says nothing, and then the reader's
   * languages apply (their setting, else the browser's; see reading-languages.ts).
   */
  languages: string[];
  crossover: "only" | "exclude" | null;
  /** Issue 31: false when the reader turned their 'Always exclude' off for this search (`always=off`). */
  always: boolean;
}

export const DEFAULT_FILTERS: DiscoverFilters = {
  q: "",
  tags: [],
  exclude: [],
  ratings: [],
  status: null,
  minWords: null,
  maxWords: null,
  fandom: null,
  sort: "new",
  nsfw: false,
  ai: null,
  languages: [],
  crossover: null,
  always: true,
};

/** Issue 31: the Crossovers choices as the panel and the chips name them. */
export const CROSSOVER_LABELS = { any: "Any", only: "Crossovers only", exclude: "No crossovers" } as const;

export const SORT_LABELS: Record<DiscoverSort, string> = {
  new: "New",
  featured: "Featured",
  "for-you": "For You",
  updated: "Recently updated",
  likes: "Most liked",
  bookmarks: "Most bookmarked",
  words: "Longest",
  relevance: "Best match",
};

/** Valid tags, each once (ignoring case), at most TAG_LIMITS.maxFilterTags. */
function tagList(values: string[]): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const value of values) {
    const parsed = FreeTag.safeParse(value);
    if (!parsed.success || seen.has(tagKey(parsed.data))) continue;
    seen.add(tagKey(parsed.data));
    list.push(parsed.data);
  }
  return list.slice(0, TAG_LIMITS.maxFilterTags);
}

function wordBound(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  return Math.min(Number(value), MAX_WORDS);
}

/** Codes on the list, each once; `all` alone stands for every language. */
function languageList(values: string[]): string[] {
  if (values.includes(ALL_LANGUAGES)) return [ALL_LANGUAGES];
  return [...new Set(values.filter(isLanguageCode))];
}

export function parseFilters(search: string): DiscoverFilters {
  const params = new URLSearchParams(search);
  const fandom = params.get("fandom")?.trim();
  const sort = DiscoverSort.safeParse(params.get("sort"));
  const status = params.get("status");
  const crossover = params.get("crossover");
  return {
    q: (params.get("q") ?? "").trim().slice(0, DISCOVER_LIMITS.queryChars),
    tags: tagList(params.getAll("tag")),
    exclude: tagList(params.getAll("exclude")),
    ratings: [...new Set(params.getAll("rating"))].filter((r): r is ContentRating =>
      (CONTENT_RATING_IDS as readonly string[]).includes(r),
    ),
    status: status === "complete" || status === "in-progress" ? status : null,
    minWords: wordBound(params.get("minWords")),
    maxWords: wordBound(params.get("maxWords")),
    // Any fandom name fits (stories may name fandoms outside the catalogue); the API caps it at 80 characters.
    fandom: fandom ? fandom.slice(0, FANDOM_CHARS) : null,
    sort: sort.success ? sort.data : "new",
    nsfw: params.get("nsfw") === "1",
    ai: (AI_FILTERS as readonly string[]).includes(params.get("ai") ?? "") ? (params.get("ai") as AiFilter) : null,
    languages: languageList(params.getAll("language")),
    crossover: crossover === "only" || crossover === "exclude" ? crossover : null,
    always: params.get("always") !== "off",
  };
}

/** The query string for these filters, defaults left out ("" when all are defaults). */
export function filtersToSearch(filters: DiscoverFilters): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set("q", q);
  for (const tag of filters.tags) params.append("tag", tag);
  for (const tag of filters.exclude) params.append("exclude", tag);
  for (const rating of filters.ratings) params.append("rating", rating);
  if (filters.status) params.set("status", filters.status);
  if (filters.minWords !== null) params.set("minWords", String(filters.minWords));
  if (filters.maxWords !== null) params.set("maxWords", String(filters.maxWords));
  if (filters.fandom) params.set("fandom", filters.fandom);
  if (filters.sort !== "new") params.set("sort", filters.sort);
  if (filters.nsfw) params.set("nsfw", "1");
  // Kept even when 'any': it then overrides the reader's preference.
  if (filters.ai) params.set("ai", filters.ai);
  for (const language of filters.languages) params.append("language", language);
  if (filters.crossover) params.set("crossover", filters.crossover);
  if (!filters.always) params.set("always", "off");
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The AI filter in force: the URL's, else the reader's preference (`aiDefault`, 'any' for signed-out visitors). */
export function aiInForce(filters: DiscoverFilters, aiDefault: AiFilter = "any"): AiFilter {
  return filters.ai ?? aiDefault;
}

export function hasNarrowingFilters(filters: DiscoverFilters, aiDefault: AiFilter = "any"): boolean {
  return Boolean(
    aiInForce(filters, aiDefault) !== "any" ||
      filters.q.trim() ||
      filters.tags.length ||
      filters.exclude.length ||
      filters.ratings.length ||
      filters.status ||
      filters.minWords !== null ||
      filters.maxWords !== null ||
      filters.fandom ||
      filters.crossover,
  );
}

/** Issue 31: what a reader's own defaults add to a Discover view the URL does not override. */
export interface ReaderDefaults {
  /** Their languages (setting, else browser); empty: every language. */
  languages: readonly string[];
  /** Their 'Always exclude' (its excluded tags, and whether it leaves crossovers out); null without one. */
  always: { exclude: readonly string[]; crossover: boolean } | null;
}

export const NO_READER_DEFAULTS: ReaderDefaults = { languages: [], always: null };

/**
 * The languages a view shows: the URL's, else the reader's; empty for every language. Sorted, so the same
 * languages are one query key (and one read cache entry on the server, which sorts them too).
 */
export function languagesInForce(filters: DiscoverFilters, reader: ReaderDefaults): string[] {
  const asked = filters.languages.length > 0 ? filters.languages : reader.languages;
  return asked.includes(ALL_LANGUAGES) ? [] : [...asked].sort();
}

/** The 'Always exclude' in force: the reader's, unless turned off for this search. */
export function alwaysInForce(filters: DiscoverFilters, reader: ReaderDefaults) {
  return filters.always ? reader.always : null;
}

/** The excluded tags a view sends: the URL's first, then the 'Always exclude' ones, each once, at most the API's 10. */
function exclusions(filters: DiscoverFilters, reader: ReaderDefaults): string[] {
  const always = alwaysInForce(filters, reader);
  const seen = new Set(filters.exclude.map(tagKey));
  const added = (always?.exclude ?? []).filter((tag) => !seen.has(tagKey(tag)) && seen.add(tagKey(tag)));
  return [...filters.exclude, ...added].slice(0, TAG_LIMITS.maxFilterTags);
}

/** The API parameters for a page of the browse list (with the reader's languages and 'Always exclude' folded in). */
export function filtersToParams(
  filters: DiscoverFilters,
  nsfwParam: "1" | undefined,
  limit: number,
  reader: ReaderDefaults = NO_READER_DEFAULTS,
) {
  // NOTE: a range typed backwards is read the right way round rather than answered with the API's 400.
  const [min, max] =
    filters.minWords !== null && filters.maxWords !== null && filters.minWords > filters.maxWords
      ? [filters.maxWords, filters.minWords]
      : [filters.minWords, filters.maxWords];
  return {
    limit,
    q: filters.q.trim() || undefined,
    tag: filters.tags,
    exclude: exclusions(filters, reader),
    rating: filters.ratings,
    status: filters.status ?? undefined,
    minWords: min ?? undefined,
    maxWords: max ?? undefined,
    fandom: filters.fandom ?? undefined,
    sort: filters.sort,
    nsfw: nsfwParam,
    ai: filters.ai ?? undefined,
    language: languagesInForce(filters, reader),
    // NOTE: the URL's choice wins over the 'Always exclude' (crossover=only in the URL shows crossovers).
    crossover: filters.crossover ?? (alwaysInForce(filters, reader)?.crossover ? "exclude" : undefined),
  };
}
