// TanStack hooks for canon packs. Keys from lib/query-keys.ts; every write refreshes the writer's pack list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CanonCopyResult,
  CanonEntry,
  CanonEntryList,
  CanonPack,
  CanonPackList,
  PublishedCanonPackList,
} from "../../../shared/schemas/canon";
import type { LoreEntryCreate, LoreEntryUpdate } from "../../../shared/schemas/lore";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

const packUrl = (id: number) => `/api/canon-packs/${id}`;

export function useCanonPacks() {
  return useQuery<CanonPackList>({ queryKey: queryKeys.canonPacks, staleTime: 0 });
}

export function useCanonEntries(packId: number, enabled = true) {
  return useQuery<CanonEntryList>({ queryKey: queryKeys.canonEntries(packId), enabled, staleTime: 0 });
}

/** Others' published packs of `fandom` ("" for every fandom). */
export function usePublishedPacks(fandom: string, enabled: boolean) {
  return useQuery<PublishedCanonPackList>({ queryKey: queryKeys.publishedCanonPacks(fandom), enabled, staleTime: 0 });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (packId?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.canonPacks, exact: true }),
      packId === undefined ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.canonEntries(packId) }),
    ]);
}

export function useCreatePack() {
  const refresh = useRefresh();
  return useMutation<CanonPack, Error, string>({
    mutationFn: (fandom) => apiJson<CanonPack>("POST", "/api/canon-packs", { fandom }),
    onSuccess: () => refresh(),
  });
}

export function useDeletePack() {
  const refresh = useRefresh();
  return useMutation<void, Error, number>({
    mutationFn: async (id) => {
      await apiRequest("DELETE", packUrl(id));
    },
    onSuccess: () => refresh(),
  });
}

export function useSetPublished() {
  const refresh = useRefresh();
  return useMutation<CanonPack, Error, { id: number; published: boolean }>({
    mutationFn: ({ id, published }) =>
      apiJson<CanonPack>("POST", `${packUrl(id)}/${published ? "publish" : "unpublish"}`),
    onSuccess: () => refresh(),
  });
}

export function useCopyPack() {
  const refresh = useRefresh();
  return useMutation<CanonCopyResult, Error, number>({
    mutationFn: (id) => apiJson<CanonCopyResult>("POST", `${packUrl(id)}/copy`),
    onSuccess: (result) => refresh(result.pack.id),
  });
}

export function useSaveEntry(packId: number) {
  const refresh = useRefresh();
  return useMutation<CanonEntry, Error, { entryId?: number; body: LoreEntryCreate | LoreEntryUpdate }>({
    // A pack's entries are added under the pack and changed like any lorebook entry (decision 0043).
    mutationFn: ({ entryId, body }) =>
      entryId === undefined
        ? apiJson<CanonEntry>("POST", `${packUrl(packId)}/lore`, body)
        : apiJson<CanonEntry>("PATCH", `/api/lore/${entryId}`, body),
    onSuccess: () => refresh(packId),
  });
}

export function useDeleteEntry(packId: number) {
  const refresh = useRefresh();
  return useMutation<void, Error, number>({
    mutationFn: async (entryId) => {
      await apiRequest("DELETE", `/api/lore/${entryId}`);
    },
    onSuccess: () => refresh(packId),
  });
}
