// TanStack hooks for a series' lorebook (issue 32). Every write refreshes the series' entries and every story's
// lorebook (and with it "What Marin sees"): each story of the series reads them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoreEntryCreate, LoreEntryUpdate, LoreEntryView, SeriesLoreAnswer } from "../../../shared/schemas/lore";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

const entryUrl = (seriesId: number, entryId: number) => `${queryKeys.seriesLore(seriesId)[0]}/${entryId}`;

export function useSeriesLore(seriesId: number) {
  return useQuery<SeriesLoreAnswer>({ queryKey: queryKeys.seriesLore(seriesId), staleTime: 0 });
}

function useSeriesLoreMutation<Variables, Answer>(seriesId: number, run: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation<Answer, Error, Variables>({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.seriesLore(seriesId) }),
        // The stories' lorebooks, their mentions and Marin's context all carry the series' entries.
        queryClient.invalidateQueries({ predicate: (q) => /^\/api\/stories\/\d+\/lore/.test(String(q.queryKey[0])) }),
      ]),
  });
}

export function useAddSeriesLore(seriesId: number) {
  return useSeriesLoreMutation(seriesId, (entry: LoreEntryCreate) =>
    apiJson<LoreEntryView>("POST", queryKeys.seriesLore(seriesId)[0], entry),
  );
}

export function useUpdateSeriesLore(seriesId: number) {
  return useSeriesLoreMutation(seriesId, ({ id, change }: { id: number; change: LoreEntryUpdate }) =>
    apiJson<LoreEntryView>("PATCH", entryUrl(seriesId, id), change),
  );
}

export function useDeleteSeriesLore(seriesId: number) {
  return useSeriesLoreMutation(seriesId, async (id: number) => {
    await apiRequest("DELETE", entryUrl(seriesId, id));
  });
}
