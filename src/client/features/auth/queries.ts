// Account calls besides the session ones in auth-context: sign-in providers, verification and password reset.
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export const GOOGLE_SIGN_IN_URL = "/api/auth/google";

interface MessageAnswer {
  message?: string;
}

/** Which social sign-ins the server has configured; an error or an old server means none. */
export function useAuthProviders() {
  const { data } = useQuery<{ google?: boolean }>({ queryKey: queryKeys.providers });
  return { google: data?.google === true };
}

export function useForgotPassword() {
  return useMutation<MessageAnswer, Error, { email: string }>({
    mutationFn: async (body) => (await apiJson<MessageAnswer>("POST", "/api/forgot-password", body)) ?? {},
  });
}

export function useResendVerification() {
  return useMutation<MessageAnswer, Error, { email: string }>({
    mutationFn: async (body) => (await apiJson<MessageAnswer>("POST", "/api/resend-verification", body)) ?? {},
  });
}

export function useResetPassword() {
  return useMutation<MessageAnswer, Error, { token: string; password: string }>({
    mutationFn: async (body) => (await apiJson<MessageAnswer>("POST", "/api/reset-password", body)) ?? {},
  });
}
