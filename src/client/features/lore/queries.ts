// TanStack hooks for the lorebook panel; the key comes from lib/query-keys.ts. Every change refreshes the story's
// lorebook, and with it "What Marin sees".
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  LoreEntryCreate,
  LoreEntryUpdate,
  LoreEntryView,
  LoreMentionsAnswer,
  StoryLoreAnswer,
} from "../../../shared/schemas/lore";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

const LORE_ENTRY_URL = (entryId: number) => `/api/lore/${entryId}`;

export function useStoryLore(storyId: number, enabled = true) {
  return useQuery<StoryLoreAnswer>({ queryKey: queryKeys.lore(storyId), enabled });
}

/** Where each entry is mentioned in the saved story (issue 32). */
export function useLoreMentions(storyId: number) {
  return useQuery<LoreMentionsAnswer>({ queryKey: queryKeys.loreMentions(storyId) });
}

/** When the story's lorebook last changed here (0 before it was read): the pane's preview refreshes on it. */
export function useLoreRevision(storyId: number): number {
  return useQuery<StoryLoreAnswer>({ queryKey: queryKeys.lore(storyId), enabled: false }).dataUpdatedAt;
}

function useLoreMutation<Variables, Answer>(storyId: number, run: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation<Answer, Error, Variables>({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.lore(storyId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.loreMentions(storyId) }),
      ]),
  });
}

export function useAddLore(storyId: number) {
  return useLoreMutation(storyId, (entry: LoreEntryCreate) =>
    apiJson<LoreEntryView>("POST", queryKeys.lore(storyId)[0], entry),
  );
}

export function useUpdateLore(storyId: number) {
  return useLoreMutation(storyId, ({ id, change }: { id: number; change: LoreEntryUpdate }) =>
    apiJson<LoreEntryView>("PATCH", LORE_ENTRY_URL(id), change),
  );
}

export function useDeleteLore(storyId: number) {
  return useLoreMutation(storyId, async (id: number) => {
    await apiRequest("DELETE", LORE_ENTRY_URL(id));
  });
}

export function useDismissProposal(storyId: number) {
  return useLoreMutation(storyId, async (name: string) => {
    await apiRequest("POST", `${queryKeys.lore(storyId)[0]}/proposals/dismiss`, { name });
  });
}
