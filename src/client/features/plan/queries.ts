// TanStack hooks for the planning board; the key comes from lib/query-keys.ts. A save updates the cached board (and
// with it "What Marin sees"); a draft is a charged Marin request whose allowance the pane's counter takes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { PlanDraft, PlanDraftBody, StoryPlanInput, StoryPlanView } from "../../../shared/schemas/plan";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { useApplyAllowance } from "../marin/queries";

export function useStoryPlan(storyId: number, enabled = true) {
  return useQuery<StoryPlanView>({ queryKey: queryKeys.plan(storyId), enabled });
}

/** When the board last changed here (0 before it was read): the pane's preview refreshes on it. */
export function usePlanRevision(storyId: number): number {
  return useQuery<StoryPlanView>({ queryKey: queryKeys.plan(storyId), enabled: false }).dataUpdatedAt;
}

export function useSavePlan(storyId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (plan: StoryPlanInput) => {
      const saved = await apiJson<StoryPlanView>("PUT", queryKeys.plan(storyId)[0], plan);
      queryClient.setQueryData(queryKeys.plan(storyId), saved);
    },
    [queryClient, storyId],
  );
}

export function useDraftPlan(storyId: number) {
  const applyAllowance = useApplyAllowance();
  return useMutation<PlanDraft, Error, PlanDraftBody>({
    mutationFn: (body) => apiJson<PlanDraft>("POST", `${queryKeys.plan(storyId)[0]}/draft`, body),
    onSuccess: (draft) => applyAllowance(draft),
  });
}
