// TanStack hooks for lorebook import, export and 'Find characters and places'. An import refreshes the lorebook (and
// with it "What Marin sees"); the finder's answer lives under the lorebook's key, so accepting or dismissing one of
// its proposals asks Marin again and the answered one is gone.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoreExportFormat, LoreFindAnswer, LoreImportAnswer } from "../../../shared/schemas/lore-io";
import { apiJson, throwIfNotOk } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export const loreImportUrl = (storyId: number) => `${queryKeys.lore(storyId)[0]}/import`;
export const loreExportUrl = (storyId: number, format: LoreExportFormat) =>
  `${queryKeys.lore(storyId)[0]}/export?format=${format}`;

async function uploadLorebook(storyId: number, file: File): Promise<LoreImportAnswer> {
  const body = new FormData();
  body.append("file", file, file.name);
  const res = await fetch(loreImportUrl(storyId), { method: "POST", body, credentials: "include" });
  await throwIfNotOk(res);
  return (await res.json()) as LoreImportAnswer;
}

export function useImportLore(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation<LoreImportAnswer, Error, File>({
    mutationFn: (file) => uploadLorebook(storyId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lore(storyId) }),
  });
}

/** Asks only once the writer has pressed the button (`asked`). */
export function useLoreFind(storyId: number, asked: boolean) {
  return useQuery<LoreFindAnswer>({
    queryKey: queryKeys.loreFind(storyId),
    queryFn: () => apiJson<LoreFindAnswer>("POST", `${queryKeys.lore(storyId)[0]}/find`),
    enabled: asked,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
