// Co-creators (issue 30): a work's list for its editors, inviting, removing, leaving, answering an invitation from
// its notification, and the Settings switch. A change to who co-creates refreshes the lists that name them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CoCreatorAnswerResult,
  CoCreatorInvitesSetting,
  CoCreatorsAnswer,
} from "../../../shared/schemas/co-creators";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export function useCoCreators(storyId: number) {
  return useQuery<CoCreatorsAnswer>({ queryKey: queryKeys.coCreators(storyId) });
}

function useRefreshWork(storyId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.coCreators(storyId) }),
      client.invalidateQueries({ queryKey: queryKeys.myStories }),
      client.invalidateQueries({ queryKey: queryKeys.read(storyId) }),
      client.invalidateQueries({ queryKey: queryKeys.publishedAll }),
    ]);
}

export function useInviteCoCreator(storyId: number) {
  const refresh = useRefreshWork(storyId);
  return useMutation<{ id: number }, Error, string>({
    mutationFn: (username) => apiJson("POST", `/api/stories/${storyId}/co-creators`, { username }),
    onSuccess: () => refresh(),
  });
}

/** The creator removes a co-creator or withdraws an invitation. */
export function useRemoveCoCreator(storyId: number) {
  const refresh = useRefreshWork(storyId);
  return useMutation<void, Error, number>({
    mutationFn: async (userId) => void (await apiRequest("DELETE", `/api/stories/${storyId}/co-creators/${userId}`)),
    onSuccess: () => refresh(),
  });
}

/** A co-creator leaves the work: it is no longer theirs to open. */
export function useLeaveWork(storyId: number) {
  const client = useQueryClient();
  return useMutation<void, Error, void>({
    mutationFn: async () => void (await apiRequest("DELETE", `/api/stories/${storyId}/co-creators/me`)),
    onSuccess: async () => {
      client.removeQueries({ queryKey: queryKeys.story(storyId) });
      client.removeQueries({ queryKey: queryKeys.coCreators(storyId) });
      await client.invalidateQueries({ queryKey: queryKeys.myStories });
    },
  });
}

export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation<CoCreatorAnswerResult, Error, { id: number; answer: "accept" | "decline" }>({
    mutationFn: ({ id, answer }) => apiJson("POST", `/api/co-creator-invitations/${id}/${answer}`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.notifications }),
        client.invalidateQueries({ queryKey: queryKeys.myStories }),
      ]),
  });
}

export function useCoCreatorInvitesSetting() {
  return useQuery<CoCreatorInvitesSetting>({ queryKey: queryKeys.coCreatorInvites });
}

export function useSaveCoCreatorInvites() {
  const client = useQueryClient();
  return useMutation<CoCreatorInvitesSetting, Error, CoCreatorInvitesSetting>({
    mutationFn: (setting) => apiJson("PUT", "/api/me/co-creator-invites", setting),
    onSuccess: (setting) => client.setQueryData(queryKeys.coCreatorInvites, setting),
  });
}
