// How a subscriber's plan reads, on the upgrade page and in settings: a short status, and whether the plan renews
// or ends on the date the paid period runs to.
import type { UserView } from "../../../shared/schemas/accounts";

type PlanFields = Pick<UserView, "subscriptionStatus" | "subscriptionExpiresAt" | "subscriptionCancelAtPeriodEnd">;

export interface PlanSummary {
  /** 'Active', 'Not renewing', 'Payment due', ... */
  status: string;
  /** 'Renews on December 22, 2026' / 'Ends on ...'; null while the server knows no period end. */
  dateLine: string | null;
  /** A problem the subscriber should act on in the customer portal. */
  warning: string | null;
}

// Stripe's subscription statuses; the demo driver uses the same words.
const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment due",
  unpaid: "Unpaid",
  incomplete: "Incomplete",
  paused: "Paused",
  canceled: "Canceled",
};
/** Statuses after which the plan will not renew by itself. */
const ENDING = new Set(["canceled", "unpaid", "incomplete_expired"]);
const PAYMENT_WARNING =
  "Your last payment didn't go through. Update your card in Manage Subscription to keep FicForge Plus.";

export function formatPlanDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

export function planSummary(user: PlanFields, now = Date.now()): PlanSummary {
  const status = user.subscriptionStatus ?? "active";
  const ends = user.subscriptionCancelAtPeriodEnd || ENDING.has(status);
  const expiresAt = user.subscriptionExpiresAt;
  const date = expiresAt ? formatPlanDate(expiresAt) : null;
  // A subscription the provider ended at once (issue 16) has its end in the past: it ended, it does not end.
  const ended = ends && expiresAt !== null && Date.parse(expiresAt) <= now;
  return {
    status: user.subscriptionCancelAtPeriodEnd ? "Not renewing" : (STATUS_LABELS[status] ?? "Active"),
    dateLine: date && `${ended ? "Ended" : ends ? "Ends" : "Renews"} on ${date}`,
    warning: status === "past_due" || status === "unpaid" ? PAYMENT_WARNING : null,
  };
}
