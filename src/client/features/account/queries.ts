// Settings → Account and security: its reads and changes (src/server/accounts/account-life-routes.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ChangeEmailBody,
  ChangePasswordBody,
  DeleteAccountBody,
  SessionList,
  SignInMethods,
} from "../../../shared/schemas/account-life";
import { apiJson, getQueryFn } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

type Message = { message: string };

export const useSignInMethods = () =>
  useQuery<SignInMethods>({ queryKey: queryKeys.signInMethods, queryFn: getQueryFn({ on401: "throw" }) });

export const useSessions = () =>
  useQuery<SessionList>({ queryKey: queryKeys.sessions, queryFn: getQueryFn({ on401: "throw" }) });

export const useExportStatus = () =>
  useQuery<{ nextExportAt: string | null }>({
    queryKey: queryKeys.exportStatus,
    queryFn: getQueryFn({ on401: "throw" }),
  });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<Message, Error, ChangePasswordBody>({
    mutationFn: (body) => apiJson<Message>("POST", "/api/account/password", body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.signInMethods });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation<Message, Error, ChangeEmailBody>({
    mutationFn: (body) => apiJson<Message>("POST", "/api/account/email", body),
    // Settings shows the address waiting for confirmation (SignInMethods.pendingEmail).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.signInMethods }),
  });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation<Message, Error, void>({
    mutationFn: () => apiJson<Message>("DELETE", "/api/account/email/pending"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.signInMethods }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation<{ ended: number }, Error, string | "others">({
    mutationFn: (id) =>
      apiJson("DELETE", id === "others" ? "/api/account/sessions" : `/api/account/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

export function useUnlinkGoogle() {
  const queryClient = useQueryClient();
  return useMutation<Message, Error, void>({
    mutationFn: () => apiJson<Message>("DELETE", "/api/account/google"),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.signInMethods });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}

export const useDeleteAccount = () =>
  useMutation<Message, Error, DeleteAccountBody>({
    mutationFn: (body) => apiJson<Message>("DELETE", "/api/account", body),
  });
