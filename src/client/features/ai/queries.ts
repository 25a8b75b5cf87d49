// The reader's AI filter preference (GET / PUT /api/me/reading-preferences): lists apply it when their URL does not
// say, so a change refreshes them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReadingPreferences } from "../../../shared/schemas/reading";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export function useReadingPreferences(enabled = true) {
  return useQuery<ReadingPreferences>({ queryKey: queryKeys.readingPreferences, enabled });
}

export function useSaveReadingPreferences() {
  const queryClient = useQueryClient();
  return useMutation<ReadingPreferences, Error, ReadingPreferences>({
    mutationFn: (preferences) => apiJson<ReadingPreferences>("PUT", "/api/me/reading-preferences", preferences),
    onSuccess: async (preferences) => {
      queryClient.setQueryData(queryKeys.readingPreferences, preferences);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.publishedAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.following }),
      ]);
    },
  });
}
