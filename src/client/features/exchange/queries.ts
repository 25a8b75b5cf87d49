// TanStack hooks for gift exchanges (issue 33 section 2). Keys from lib/query-keys.ts; each write refreshes what it
// changed (the exchange summary, the sign-ups, the matching result, my assignments).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ExchangeView,
  MatchingView,
  MyAssignmentView,
  SignupBody,
  SignupView,
} from "../../../shared/schemas/exchange";
import { apiJson, apiRequest, throwIfNotOk } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

const base = (name: string) => `/api/collections/${encodeURIComponent(name)}`;

export function useExchange(name: string) {
  return useQuery<ExchangeView>({ queryKey: queryKeys.exchange(name), staleTime: 0 });
}

/** The viewer's sign-up, or null when they have none (404). */
export function useMySignup(name: string) {
  return useQuery<SignupView | null>({
    queryKey: queryKeys.mySignup(name),
    queryFn: async (context) => {
      const res = await fetch(String(context.queryKey[0]), { credentials: "include" });
      if (res.status === 404) return null;
      await throwIfNotOk(res);
      return (await res.json()) as SignupView;
    },
  });
}

export function useExchangeSignups(name: string, enabled: boolean) {
  return useQuery<SignupView[]>({ queryKey: queryKeys.exchangeSignups(name), enabled });
}

export function useMatching(name: string, enabled: boolean) {
  return useQuery<MatchingView>({ queryKey: queryKeys.exchangeMatching(name), enabled, staleTime: 0 });
}

export function useMyAssignments() {
  return useQuery<MyAssignmentView[]>({ queryKey: queryKeys.myAssignments, staleTime: 0 });
}

function useRefresh(name?: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        ...(name
          ? [
              queryKeys.exchange(name),
              queryKeys.mySignup(name),
              queryKeys.exchangeSignups(name),
              queryKeys.exchangeMatching(name),
            ]
          : []),
        queryKeys.myAssignments,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export interface ExchangeSettingsInput {
  signupOpensAt: string;
  signupClosesAt: string;
  dueAt: string;
  revealAt: string | null;
  rules: {
    minFandomMatch: number;
    minCharacterMatch: number;
    minRelationshipMatch: number;
    offers: { min: number; max: number };
    requests: { min: number; max: number };
  };
}

export function useSaveExchange(name: string) {
  const refresh = useRefresh(name);
  return useMutation<ExchangeView, Error, ExchangeSettingsInput>({
    mutationFn: (body) => apiJson<ExchangeView>("PUT", `${base(name)}/exchange`, body),
    onSuccess: () => refresh(),
  });
}

export function useSaveSignup(name: string, editing: boolean) {
  const refresh = useRefresh(name);
  return useMutation<SignupView, Error, SignupBody>({
    mutationFn: (body) =>
      apiJson<SignupView>(editing ? "PUT" : "POST", `${base(name)}/signups${editing ? "/me" : ""}`, body),
    onSuccess: () => refresh(),
  });
}

export function useWithdrawSignup(name: string) {
  const refresh = useRefresh(name);
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest("DELETE", `${base(name)}/signups/me`);
    },
    onSuccess: () => refresh(),
  });
}

/** Run matching, change or drop a pair, send, pinch-hit: the maintainers' writes, each answering fresh state. */
export function useExchangeAction(name: string) {
  const refresh = useRefresh(name);
  return useMutation<unknown, Error, { method: "POST" | "PUT" | "DELETE"; path: string; body?: unknown }>({
    mutationFn: ({ method, path, body }) => apiJson<unknown>(method, `${base(name)}${path}`, body),
    onSuccess: () => refresh(),
  });
}

export function useAssignmentAction() {
  const refresh = useRefresh();
  return useMutation<unknown, Error, { id: number; action: "fulfil" | "default"; storyId?: number }>({
    mutationFn: async ({ id, action, storyId }) => {
      if (action === "default") return apiRequest("POST", `/api/me/assignments/${id}/default`);
      return apiJson<unknown>("POST", `/api/me/assignments/${id}/fulfil`, { storyId });
    },
    onSuccess: () => refresh(),
  });
}
