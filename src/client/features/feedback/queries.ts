// TanStack hooks for the author's Feedback panel and the unseen counts. Keys from lib/query-keys.ts.
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FeedbackPage, UnseenCounts } from "../../../shared/schemas/feedback";
import { apiRequest, getQueryFn } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

/** Comments on one's stories not seen yet, by story id (one request for the whole dashboard). */
export function useUnseenFeedback(storyId?: number | string): number {
  const counts = useQuery<UnseenCounts>({ queryKey: queryKeys.feedbackUnseen });
  return storyId === undefined ? 0 : (counts.data?.counts[String(storyId)] ?? 0);
}

type FeedbackPages = InfiniteData<FeedbackPage, string | null>;

/** Every comment on the story, newest first, a page at a time. */
export function useFeedbackQuery(id: string, enabled: boolean) {
  return useInfiniteQuery<FeedbackPage, Error, FeedbackPages, readonly unknown[], string | null>({
    queryKey: queryKeys.feedback(id),
    enabled,
    initialPageParam: null,
    queryFn: ({ pageParam, ...context }) =>
      getQueryFn<FeedbackPage>({ on401: "throw" })({
        ...context,
        queryKey: pageParam ? [queryKeys.feedback(id)[0], { cursor: pageParam }] : queryKeys.feedback(id),
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Marks everything up to the newest comment shown as seen; the counts refresh after. */
export function useMarkFeedbackSeen(id: string) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: async (throughId) => {
      await apiRequest("POST", `/api/stories/${id}/feedback/seen`, { throughId });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feedbackUnseen }),
  });
}
