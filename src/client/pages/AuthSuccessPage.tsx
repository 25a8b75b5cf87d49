// /auth-success: after Google sign-in, reload the user, give the session a moment, then go on.
import type { UserView } from "../../shared/schemas/accounts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { AUTH_SYNC_WAIT_MS } from "../../shared/limits";
import { ROUTES } from "../../shared/routes";
import { Spinner } from "../components/ui/spinner";
import { getQueryFn } from "../lib/api";
import { queryKeys } from "../lib/query-keys";

const FAILED = `${ROUTES.auth}?error=oauth_sync_failed`;

export default function AuthSuccessPage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        // resetQueries drops the cached user and refetches it, and the auth context sees the new answer.
        await queryClient.resetQueries({ queryKey: queryKeys.user }, { throwOnError: true });
        const user = await queryClient.fetchQuery<UserView | null>({
          queryKey: queryKeys.user,
          queryFn: getQueryFn<UserView | null>({ on401: "returnNull" }),
        });
        await new Promise((resolve) => setTimeout(resolve, AUTH_SYNC_WAIT_MS));
        if (!cancelled) navigate(user ? ROUTES.dashboard : FAILED, { replace: true });
      } catch {
        if (!cancelled) navigate(FAILED, { replace: true });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [queryClient, navigate]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-brand-50/40 p-6 text-center">
      <Spinner className="h-10 w-10 text-brand-600" label="Completing sign in" />
      <h1 className="text-2xl font-bold text-ink">Completing Sign In...</h1>
      <p className="text-slate-600">Please wait while we set up your account</p>
    </main>
  );
}
