// FicForge Plus's two calls. Each answers the url of a page the payment provider hosts (the
// checkout, the customer portal) and the browser goes there; an 'Error' toast when that fails.
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { CHECKOUT_ERRORS, type CheckoutSessionAnswer, type PortalAnswer } from "../../../shared/schemas/billing";
import { toast } from "../../components/ui/toaster";
import { ApiError, apiJson } from "../../lib/api";
import { navigateAway } from "../../lib/navigate-away";

/** The call succeeded but named no page to go to. */
class MissingRedirectError extends Error {}

interface RedirectErrors {
  /** The answer had no url. */
  missingUrl: string;
  /** The call failed without a message from the server (or the provider behind it). */
  failed: string;
}

/** What the 'Error' toast says: the server's (or provider's) own message when it sent one, else our fallback. */
export function redirectErrorMessage(error: unknown, texts: RedirectErrors): string {
  if (error instanceof MissingRedirectError) return texts.missingUrl;
  // NOTE: not errorMessage(): its fallback is the raw "500: ..." text, and a network failure's is "Failed to
  // fetch"; these calls have their own (CHECKOUT_ERRORS). An unexpected server error (code INTERNAL) says only
  // "Internal Server Error", which is no message either.
  const { message, code } = error instanceof ApiError ? error.data : {};
  return typeof message === "string" && message && code !== "INTERNAL" ? message : texts.failed;
}

function useRedirectMutation(path: string, texts: RedirectErrors) {
  const mutation = useMutation<string, Error, void>({
    mutationFn: async () => {
      const answer = await apiJson<Partial<CheckoutSessionAnswer & PortalAnswer> | undefined>("POST", path);
      if (!answer?.url) throw new MissingRedirectError(texts.missingUrl);
      return answer.url;
    },
    onSuccess: (url) => navigateAway(url),
    onError: (error) =>
      toast({ title: "Error", description: redirectErrorMessage(error, texts), variant: "destructive" }),
  });
  const { reset } = mutation;
  // NOTE: Back from the provider's page may restore this one from the back-forward cache, still "redirecting":
  // start over so the button works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [reset]);
  return {
    start: () => mutation.mutate(),
    /** From the click until the browser leaves: the provider's page can take a moment to start loading. */
    busy: mutation.isPending || mutation.isSuccess,
  };
}

/** POST /api/create-subscription-session, then the hosted checkout. */
export function useCheckoutSession() {
  return useRedirectMutation("/api/create-subscription-session", {
    missingUrl: CHECKOUT_ERRORS.redirect,
    failed: CHECKOUT_ERRORS.create,
  });
}

/** POST /api/create-customer-portal, then the provider's portal (it returns to /dashboard/settings). */
export function useCustomerPortal() {
  return useRedirectMutation("/api/create-customer-portal", {
    missingUrl: CHECKOUT_ERRORS.portal,
    failed: CHECKOUT_ERRORS.portal,
  });
}
