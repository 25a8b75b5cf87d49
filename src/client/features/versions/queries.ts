// TanStack hooks for a story's History (decision 0041). Keys from lib/query-keys.ts.
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StoryView } from "../../../shared/schemas/story";
import type { VersionDetail, VersionList } from "../../../shared/schemas/versions";
import { apiJson, getQueryFn } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

/** The versions, newest first, a page at a time. */
export function useVersionsQuery(storyId: number, enabled: boolean) {
  const key = queryKeys.storyVersions(storyId);
  return useInfiniteQuery<
    VersionList,
    Error,
    InfiniteData<VersionList, number | null>,
    readonly unknown[],
    number | null
  >({
    queryKey: key,
    enabled,
    initialPageParam: null,
    queryFn: ({ pageParam, ...context }) =>
      getQueryFn<VersionList>({ on401: "throw" })({
        ...context,
        queryKey: pageParam ? [key[0], { before: pageParam }] : key,
      }),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** One version with its word diff against the story's current (saved) text. */
export function useVersionQuery(storyId: number, versionId: number | null) {
  return useQuery<VersionDetail>({
    queryKey: queryKeys.storyVersion(storyId, versionId ?? 0),
    enabled: versionId !== null,
    // NOTE: the diff is against the current text, which every save changes.
    staleTime: 0,
  });
}

/** Restore: the answer is the story with the version's text, as any story write answers. */
export function useRestoreVersion(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation<StoryView, Error, { versionId: number; readersSeeIt: boolean }>({
    mutationFn: ({ versionId, readersSeeIt }) =>
      apiJson<StoryView>("POST", `/api/stories/${storyId}/versions/${versionId}/restore`, { readersSeeIt }),
    onSuccess: (story) => {
      queryClient.setQueryData(queryKeys.story(storyId), story);
      void queryClient.invalidateQueries({ queryKey: queryKeys.storyVersions(storyId) });
    },
  });
}
