// The hosted checkout returns to /dashboard/upgrade?subscription=success|canceled: say
// how it went, once, then take the parameter out of the address so a reload or a shared link does not say it again.
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { CHECKOUT_TOASTS, SUBSCRIPTION_PARAM, type SubscriptionReturn } from "../../../shared/schemas/billing";
import { toast } from "../../components/ui/toaster";

export function parseCheckoutReturn(search: string): SubscriptionReturn | null {
  const value = new URLSearchParams(search).get(SUBSCRIPTION_PARAM);
  return value === "success" || value === "canceled" ? value : null;
}

/** The address without the subscription parameter (other parameters stay). */
export function withoutCheckoutReturn(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SUBSCRIPTION_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

function toastCheckoutReturn(outcome: SubscriptionReturn) {
  // Decision (docs/decisions, checkout return): a canceled checkout is the user's own choice, not an error, so its
  // toast is neutral rather than destructive.
  toast({ ...CHECKOUT_TOASTS[outcome], variant: outcome === "success" ? "default" : "info" });
}

/** How the checkout this visit returned from ended, or null when the page was opened directly. */
export function useCheckoutReturn(): SubscriptionReturn | null {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [outcome, setOutcome] = useState<SubscriptionReturn | null>(null);
  // NOTE: React's development double effect would toast twice; the address is cleared only after the first run.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!new URLSearchParams(search).has(SUBSCRIPTION_PARAM) || handled.current === search) return;
    handled.current = search;
    const returned = parseCheckoutReturn(search);
    if (returned) {
      setOutcome(returned);
      toastCheckoutReturn(returned);
    }
    navigate(withoutCheckoutReturn(location, search), { replace: true });
  }, [search, location, navigate]);

  return outcome;
}
