// TanStack hooks for prompt memes (issue 33). One list per tag filter under the meme's key, paged by cursor; every
// write refreshes the meme and the viewer's claims.
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ClaimState,
  FillAnswer,
  MyClaimsList,
  PromptCreate,
  PromptCreated,
  PromptList,
  PromptMemeAnswer,
  PromptMemeState,
} from "../../../shared/schemas/prompts";
import { apiJson, apiRequest, throwIfNotOk } from "../../lib/api";
import { queryKeys, urlOfKey } from "../../lib/query-keys";

export function usePromptList(name: string, tag: string) {
  const key = queryKeys.prompts(name);
  return useInfiniteQuery<PromptList, Error, InfiniteData<PromptList>, readonly unknown[], number | null>({
    queryKey: [...key, { tag }],
    queryFn: async ({ pageParam, signal }) => {
      const res = await fetch(urlOfKey([key[0], { tag, cursor: pageParam }]), { credentials: "include", signal });
      await throwIfNotOk(res);
      return (await res.json()) as PromptList;
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

export function useMyClaims() {
  return useQuery<MyClaimsList>({ queryKey: queryKeys.myClaims, staleTime: 0 });
}

function useRefresh(name: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.prompts(name) }),
      client.invalidateQueries({ queryKey: queryKeys.myClaims }),
    ]);
}

export function useSetPromptMeme(name: string) {
  const refresh = useRefresh(name);
  return useMutation<PromptMemeAnswer, Error, PromptMemeState>({
    mutationFn: (state) => apiJson("PUT", `/api/collections/${name}/prompt-meme`, { state }),
    onSuccess: () => refresh(),
  });
}

export function usePostPrompt(name: string) {
  const refresh = useRefresh(name);
  return useMutation<PromptCreated, Error, PromptCreate>({
    mutationFn: (body) => apiJson("POST", `/api/collections/${name}/prompts`, body),
    onSuccess: () => refresh(),
  });
}

export function useDeletePrompt(name: string) {
  const refresh = useRefresh(name);
  return useMutation<void, Error, number>({
    mutationFn: async (id) => {
      await apiRequest("DELETE", `/api/prompts/${id}`);
    },
    onSuccess: () => refresh(),
  });
}

export function useClaim(name: string) {
  const refresh = useRefresh(name);
  return useMutation<ClaimState, Error, { id: number; claim: boolean }>({
    mutationFn: ({ id, claim }) => apiJson(claim ? "POST" : "DELETE", `/api/prompts/${id}/claims`),
    onSuccess: () => refresh(),
  });
}

export function useFillPrompt(name: string) {
  const refresh = useRefresh(name);
  return useMutation<FillAnswer, Error, { id: number; storyId: number }>({
    mutationFn: ({ id, storyId }) => apiJson("POST", `/api/prompts/${id}/fills`, { storyId }),
    onSuccess: () => refresh(),
  });
}
