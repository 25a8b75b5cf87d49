// TanStack hooks for stats, 'Continue reading', History and its setting. Keys from lib/query-keys.ts.
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContinueReading, HistoryPage, ReadingSettings, StoryStats } from "../../../shared/schemas/reading-stats";
import { apiJson, apiRequest, getQueryFn } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export function useStoryStats(id: number | string) {
  // NOTE: counts move while the page is open (reads are flushed every few seconds), so never served stale.
  return useQuery<StoryStats>({ queryKey: queryKeys.stats(id), staleTime: 0 });
}

export function useContinueReading() {
  return useQuery<ContinueReading>({ queryKey: queryKeys.continueReading, staleTime: 0 });
}

type HistoryPages = InfiniteData<HistoryPage, string | null>;

export function useHistoryQuery() {
  return useInfiniteQuery<HistoryPage, Error, HistoryPages, readonly unknown[], string | null>({
    queryKey: queryKeys.history,
    staleTime: 0,
    initialPageParam: null,
    queryFn: ({ pageParam, ...context }) =>
      getQueryFn<HistoryPage>({ on401: "throw" })({
        ...context,
        queryKey: pageParam ? [queryKeys.history[0], { cursor: pageParam }] : queryKeys.history,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest("DELETE", "/api/reading/history");
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.history }),
        queryClient.invalidateQueries({ queryKey: queryKeys.continueReading }),
      ]);
    },
  });
}

export function useReadingSettings() {
  return useQuery<ReadingSettings>({ queryKey: queryKeys.readingSettings });
}

export function useSaveReadingSettings() {
  const queryClient = useQueryClient();
  return useMutation<ReadingSettings, Error, ReadingSettings>({
    mutationFn: (settings) => apiJson<ReadingSettings>("PUT", "/api/reading/settings", settings),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.readingSettings, settings),
  });
}
