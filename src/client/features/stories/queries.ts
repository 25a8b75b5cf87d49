// TanStack hooks for stories; their keys come from lib/query-keys.ts.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PublishBody, StoryCreate, StoryListItem, StoryUpdate, StoryView } from "../../../shared/schemas/story";
import { apiJson, apiRequest, getQueryFn } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

/** The signed-in user's stories; a failed fetch is logged and shows as an empty list. */
export function useMyStoriesQuery() {
  return useQuery<StoryListItem[]>({
    queryKey: queryKeys.myStories,
    queryFn: async (context) => {
      try {
        return await getQueryFn<StoryListItem[]>({ on401: "throw" })(context);
      } catch (error) {
        console.warn("Failed to fetch stories", error);
        return [];
      }
    },
  });
}

export function useStoryQuery(id: number | string) {
  return useQuery<StoryView>({ queryKey: queryKeys.story(id) });
}

/** After saves and publishing: stories, published stories and bookmarks are refetched. */
export function useInvalidateStoryLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.myStories }),
      queryClient.invalidateQueries({ queryKey: queryKeys.publishedAll }),
      queryClient.invalidateQueries({ queryKey: queryKeys.bookmarks }),
    ]);
}

function useStoryWrite<TVariables>(write: (variables: TVariables) => Promise<StoryView>) {
  const queryClient = useQueryClient();
  const invalidateLists = useInvalidateStoryLists();
  return useMutation<StoryView, Error, TVariables>({
    mutationFn: write,
    onSuccess: async (story) => {
      queryClient.setQueryData(queryKeys.story(story.id), story);
      await invalidateLists();
    },
  });
}

export function useCreateStory() {
  return useStoryWrite((payload: StoryCreate) => apiJson<StoryView>("POST", "/api/stories", payload));
}

export function useUpdateStory(id: number | string) {
  return useStoryWrite((patch: StoryUpdate) => apiJson<StoryView>("PATCH", `/api/stories/${id}`, patch));
}

export function usePublishStory(id: number | string) {
  return useStoryWrite((body: PublishBody) => apiJson<StoryView>("POST", `/api/stories/${id}/publish`, body));
}

export function useUnpublishStory(id: number | string) {
  return useStoryWrite(() => apiJson<StoryView>("POST", `/api/stories/${id}/unpublish`));
}

export function useDeleteStory() {
  const queryClient = useQueryClient();
  const invalidateLists = useInvalidateStoryLists();
  return useMutation<void, Error, number>({
    mutationFn: async (id) => {
      await apiRequest("DELETE", `/api/stories/${id}`);
    },
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.story(id) });
      await invalidateLists();
    },
  });
}
