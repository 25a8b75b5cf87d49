// The browse page's filters live in the URL query (?q=&tag=&exclude=&rating=&status=&minWords=&maxWords=&fandom=
// &sort=&nsfw=1&ai=; tag, exclude and rating repeat) so a search can be shared and the back button returns to it.
// Parsing is forgiving: an unknown sort, rating or status, or a malformed tag, is dropped, not an error.
import { AI_FILTERS, type AiFilter } from "../../../shared/ai-label";
import { DISCOVER_LIMITS, DiscoverSort } from "../../../shared/schemas/reading";
import { FreeTag } from "../../../shared/schemas/tagging";
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
};

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

export function parseFilters(search: string): DiscoverFilters {
  const params = new URLSearchParams(search);
  const fandom = params.get("fandom")?.trim();
  const sort = DiscoverSort.safeParse(params.get("sort"));
  const status = params.get("status");
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
      filters.fandom,
  );
}

/** The API parameters for a page of the browse list. */
export function filtersToParams(filters: DiscoverFilters, nsfwParam: "1" | undefined, limit: number) {
  // NOTE: a range typed backwards is read the right way round rather than answered with the API's 400.
  const [min, max] =
    filters.minWords !== null && filters.maxWords !== null && filters.minWords > filters.maxWords
      ? [filters.maxWords, filters.minWords]
      : [filters.minWords, filters.maxWords];
  return {
    limit,
    q: filters.q.trim() || undefined,
    tag: filters.tags,
    exclude: filters.exclude,
    rating: filters.ratings,
    status: filters.status ?? undefined,
    minWords: min ?? undefined,
    maxWords: max ?? undefined,
    fandom: filters.fandom ?? undefined,
    sort: filters.sort,
    nsfw: nsfwParam,
    ai: filters.ai ?? undefined,
  };
}
