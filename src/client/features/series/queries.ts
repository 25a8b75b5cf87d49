// TanStack hooks for series (issue 30). Keys from lib/query-keys.ts; every write refreshes the writer's list and the
// series itself, and the reader views whose 'Part N of' line it changed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  MySeriesList,
  SeriesCreate,
  SeriesCreated,
  SeriesUpdate,
  SeriesView,
  SeriesWorkAdd,
} from "../../../shared/schemas/series";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

const seriesUrl = (id: number) => `/api/series/${id}`;

export function useMySeries() {
  return useQuery<MySeriesList>({ queryKey: queryKeys.mySeries, staleTime: 0 });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.mySeries }),
      id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.series(id) }),
      // The works' reader views carry 'Part N of'.
      queryClient.invalidateQueries({ predicate: (q) => /\/api\/stories\/\d+\/read$/.test(String(q.queryKey[0])) }),
    ]);
}

export function useCreateSeries() {
  const refresh = useRefresh();
  return useMutation<SeriesCreated, Error, SeriesCreate>({
    mutationFn: (body) => apiJson<SeriesCreated>("POST", "/api/series", body),
    onSuccess: () => refresh(),
  });
}

export function useUpdateSeries(id: number) {
  const refresh = useRefresh();
  return useMutation<SeriesView, Error, SeriesUpdate>({
    mutationFn: (body) => apiJson<SeriesView>("PATCH", seriesUrl(id), body),
    onSuccess: () => refresh(id),
  });
}

export function useDeleteSeries() {
  const refresh = useRefresh();
  return useMutation<void, Error, number>({
    mutationFn: async (id) => {
      await apiRequest("DELETE", seriesUrl(id));
    },
    onSuccess: (_r, id) => refresh(id),
  });
}

export function useAddSeriesWork() {
  const refresh = useRefresh();
  return useMutation<SeriesView, Error, { id: number } & SeriesWorkAdd>({
    mutationFn: ({ id, ...body }) => apiJson<SeriesView>("POST", `${seriesUrl(id)}/works`, body),
    onSuccess: (_r, { id }) => refresh(id),
  });
}

export function useRemoveSeriesWork(id: number) {
  const refresh = useRefresh();
  return useMutation<SeriesView, Error, number>({
    mutationFn: (storyId) => apiJson<SeriesView>("DELETE", `${seriesUrl(id)}/works/${storyId}`),
    onSuccess: () => refresh(id),
  });
}
