// Settings → API tokens: the TanStack hooks.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiToken, ApiTokenCreate, ApiTokenCreated } from "../../../shared/schemas/api-tokens";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export const useApiTokens = () => useQuery<ApiToken[]>({ queryKey: queryKeys.apiTokens, staleTime: 0 });

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => apiJson<ApiTokenCreated>("POST", "/api/me/tokens", body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiTokens }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/me/tokens/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiTokens }),
  });
}
