// Discover's queries. The dashboard preview uses the default query function (the array answer); the browse page
// pages through the list with the cursor header. Their keys differ by `limit`, so the two caches never share an
// entry of the other's shape.
import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { DISCOVER_LIMITS, type DiscoverSort, type PublishedStoryItem } from "../../../shared/schemas/reading";
import { queryKeys } from "../../lib/query-keys";
import { fetchPublishedPage, type PublishedPage } from "./api";
import { type DiscoverFilters, filtersToParams, type ReaderDefaults } from "./filters";

export const BROWSE_PAGE_SIZE = 24;

/** The dashboard's grid: at most 4 stories. A failed fetch gives an empty list. */
export function useDiscoverPreview(sort: DiscoverSort, nsfw: "1" | undefined) {
  const query = useQuery<PublishedStoryItem[]>({
    queryKey: queryKeys.published({ limit: DISCOVER_LIMITS.defaultLimit, sort, nsfw }),
  });
  const items = Array.isArray(query.data) ? query.data.slice(0, DISCOVER_LIMITS.defaultLimit) : [];
  return { items, isLoading: query.isLoading };
}

export function useDiscoverBrowse(
  filters: DiscoverFilters,
  nsfw: "1" | undefined,
  reader?: ReaderDefaults,
  /** Issue 31: false until a signed-in reader's defaults are known (the list loads once, with them). */
  enabled = true,
) {
  return useInfiniteQuery<PublishedPage, Error, InfiniteData<PublishedPage>, readonly unknown[], string | null>({
    enabled,
    queryKey: queryKeys.published(filtersToParams(filters, nsfw, BROWSE_PAGE_SIZE, reader)),
    queryFn: ({ queryKey, pageParam, signal }) => fetchPublishedPage(queryKey, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    // While a new search loads, the previous results stay (dimmed) instead of flashing back to skeletons.
    placeholderData: keepPreviousData,
  });
}
