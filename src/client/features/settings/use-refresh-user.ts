// Settings reloads the user when it opens and whenever the window regains focus: someone coming back from the
// payment provider's customer portal (a new tab, or this one) sees a cancellation there at once.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "../../lib/query-keys";

export function useRefreshUserOnReturn() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // NOTE: cancelRefetch false: a load already under way (the app's first one) is the fresh answer we want.
    const refresh = () => void queryClient.refetchQueries({ queryKey: queryKeys.user }, { cancelRefetch: false });
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    refresh();
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [queryClient]);
}
