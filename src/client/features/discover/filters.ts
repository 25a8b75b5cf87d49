// The browse page's filters live in the URL query (?q=&tag=&fandom=&sort=&nsfw=1) so a search can be shared and
// the back button returns to it. Parsing is forgiving: an unknown tag or sort is dropped, not an error.
import { PUBLISH_TAGS } from "../../../shared/catalogues";
import { DISCOVER_LIMITS, DiscoverSort } from "../../../shared/schemas/reading";

const FANDOM_CHARS = 80;

export interface DiscoverFilters {
  q: string;
  tag: string | null;
  fandom: string | null;
  sort: DiscoverSort;
  /** The reader asked for mature stories (only honoured for premium users, see nsfw-gate.ts). */
  nsfw: boolean;
}

export const DEFAULT_FILTERS: DiscoverFilters = { q: "", tag: null, fandom: null, sort: "new", nsfw: false };

export const SORT_LABELS: Record<DiscoverSort, string> = { new: "New", featured: "Featured", "for-you": "For You" };

export function parseFilters(search: string): DiscoverFilters {
  const params = new URLSearchParams(search);
  const tag = params.get("tag");
  const fandom = params.get("fandom")?.trim();
  const sort = DiscoverSort.safeParse(params.get("sort"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, DISCOVER_LIMITS.queryChars),
    tag: tag && (PUBLISH_TAGS as readonly string[]).includes(tag) ? tag : null,
    // Any fandom name fits (stories may name fandoms outside the catalogue); the API caps it at 80 characters.
    fandom: fandom ? fandom.slice(0, FANDOM_CHARS) : null,
    sort: sort.success ? sort.data : "new",
    nsfw: params.get("nsfw") === "1",
  };
}

/** The query string for these filters, defaults left out ("" when all are defaults). */
export function filtersToSearch(filters: DiscoverFilters): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.fandom) params.set("fandom", filters.fandom);
  if (filters.sort !== "new") params.set("sort", filters.sort);
  if (filters.nsfw) params.set("nsfw", "1");
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function hasNarrowingFilters(filters: DiscoverFilters): boolean {
  return Boolean(filters.q.trim() || filters.tag || filters.fandom);
}

/** The API parameters for a page of the browse list. */
export function filtersToParams(filters: DiscoverFilters, nsfwParam: "1" | undefined, limit: number) {
  return {
    limit,
    q: filters.q.trim() || undefined,
    tag: filters.tag ?? undefined,
    fandom: filters.fandom ?? undefined,
    sort: filters.sort,
    nsfw: nsfwParam,
  };
}
