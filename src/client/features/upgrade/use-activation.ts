// After a successful checkout the plan is switched on by the provider's webhook, which may land a few seconds after
// the browser comes back: reload the user now, then every 1.5 s for up to 30 s until they are premium.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { queryKeys } from "../../lib/query-keys";
import { useAuth } from "../auth/auth-context";

export const ACTIVATION_POLL_MS = 1500;
export const ACTIVATION_WAIT_MS = 30_000;

/** idle: nothing to wait for; activating: polling; delayed: gave up polling for now; active: the user is premium. */
export type ActivationPhase = "idle" | "activating" | "delayed" | "active";

export function useActivation(waiting: boolean): { phase: ActivationPhase; checkAgain: () => void } {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const isPremium = user?.isPremium === true;
  const polling = waiting && !isPremium && !timedOut;

  useEffect(() => {
    if (!polling) return;
    const refetch = () => void queryClient.refetchQueries({ queryKey: queryKeys.user });
    const startedAt = Date.now();
    refetch();
    const timer = window.setInterval(() => {
      if (Date.now() - startedAt >= ACTIVATION_WAIT_MS) setTimedOut(true);
      else refetch();
    }, ACTIVATION_POLL_MS);
    return () => window.clearInterval(timer);
  }, [polling, queryClient]);

  // Polling starts again (with a fresh 30 s) once timedOut is false.
  const checkAgain = useCallback(() => setTimedOut(false), []);

  const phase: ActivationPhase = !waiting ? "idle" : isPremium ? "active" : timedOut ? "delayed" : "activating";
  return { phase, checkAgain };
}
