// FicForge Plus's subscription rules (docs/decisions/0021-subscription-state.md): what one Stripe event does to a
// user's subscription state, and when that state makes them premium. Pure functions; the write is subscriber.ts.

/** A renewal's invoice is paid about an hour after the period ends, and its webhook may be retried for a while. */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/** Statuses in which Stripe is still collecting: premium until the period end plus the grace. */
export const LIVE_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

export interface SubscriptionState {
  subscriptionId: string | null;
  status: string | null;
  /**
   * The end of the period paid for: brought by invoice.paid, or by the first period end known. NOTE: not the
   * subscription's current period end, which moves to the next month at renewal before that month is paid.
   */
  expiresAt: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe's time (the event's `created`) of the newest event applied. */
  stateAt: Date | null;
}

/** What one event says about a subscription. */
export type SubscriptionChange =
  /** customer.subscription.*: the subscription as it is now; `endedAt` once it has ended (canceled for good). */
  | {
      kind: "snapshot";
      subscriptionId: string;
      status: string;
      periodEnd: Date | null;
      cancelAtPeriodEnd: boolean;
      endedAt?: Date | null;
    }
  /** invoice.paid, a paid checkout: a period is paid for (its end, when the event says). */
  | { kind: "paid"; subscriptionId: string; periodEnd: Date | null }
  /** invoice.payment_failed: a renewal failed; Stripe retries it. */
  | { kind: "payment-failed"; subscriptionId: string };

/**
 * active, trialing and past_due: premium until the paid period's end plus RENEWAL_GRACE_MS for a late renewal (an
 * unknown end: premium, the status decides), or until the end itself when set to cancel there (no renewal will
 * come). unpaid and paused: premium only until the paid period ends. canceled: never, Stripe's canceled means the
 * subscription has ended (a cancel at period end stays active until then; an operator's cancel or a refund ends it
 * at once). incomplete and incomplete_expired (the first payment never succeeded) and anything else: never premium.
 * expireSubscriptions applies the same rule.
 */
export function premiumFor(status: string | null, expiresAt: Date | null, now: Date, cancelAtPeriodEnd = false) {
  if (status !== null && LIVE_STATUSES.includes(status)) {
    const grace = cancelAtPeriodEnd ? 0 : RENEWAL_GRACE_MS;
    return expiresAt === null || now.getTime() < expiresAt.getTime() + grace;
  }
  if (status === "unpaid" || status === "paused") {
    return expiresAt !== null && now.getTime() < expiresAt.getTime();
  }
  return false;
}

const stateGrantsPremium = (state: SubscriptionState, now: Date) =>
  premiumFor(state.status, state.expiresAt, now, state.cancelAtPeriodEnd);

function changeGrantsPremium(change: SubscriptionChange, now: Date): boolean {
  if (change.kind === "snapshot") return premiumFor(change.status, change.periodEnd, now, change.cancelAtPeriodEnd);
  return change.kind === "paid";
}

const later = (a: Date | null, b: Date | null): Date | null => (a === null || (b !== null && b > a) ? b : a);
const earlier = (a: Date | null, b: Date | null): Date | null => (a === null || (b !== null && b < a) ? b : a);

const NO_SUBSCRIPTION: SubscriptionState = {
  subscriptionId: null,
  status: null,
  expiresAt: null,
  cancelAtPeriodEnd: false,
  stateAt: null,
};

/**
 * The state after `change`, made at Stripe's time `at`, or null when the event changes nothing:
 * - it is older than the state held (events arrive out of order; the newest wins);
 * - it is about the subscription held, which is canceled: canceled is terminal in Stripe;
 * - it is about another subscription, and would end premium the held one still gives (an abandoned, incomplete or
 *   old subscription must not take over from a paid one); a failed payment never takes over.
 */
export function nextSubscriptionState(
  current: SubscriptionState,
  change: SubscriptionChange,
  at: Date,
  now: Date,
): SubscriptionState | null {
  if (current.stateAt !== null && at < current.stateAt) return null;
  const same = current.subscriptionId === change.subscriptionId;
  if (same && current.status === "canceled") return null;
  if (!same && !mayTakeOver(current, change, now)) return null;
  const base = same ? current : NO_SUBSCRIPTION;
  return { ...merge(base, change), subscriptionId: change.subscriptionId, stateAt: at };
}

function mayTakeOver(current: SubscriptionState, change: SubscriptionChange, now: Date): boolean {
  if (change.kind === "payment-failed") return false;
  return changeGrantsPremium(change, now) || !stateGrantsPremium(current, now);
}

type Merged = Pick<SubscriptionState, "status" | "expiresAt" | "cancelAtPeriodEnd">;

// NOTE: only a paid invoice extends the paid period, and only forward (`later`): at a renewal Stripe moves the
// subscription's period on before collecting, so a snapshot's period end supplies the end only while none is known
// (the first period, or a checkout whose invoice has not arrived yet). A subscription that ended cuts it to its end.
function merge(base: SubscriptionState, change: SubscriptionChange): Merged {
  switch (change.kind) {
    case "snapshot":
      return {
        status: change.status,
        expiresAt: change.endedAt ? earlier(base.expiresAt, change.endedAt) : (base.expiresAt ?? change.periodEnd),
        cancelAtPeriodEnd: change.status === "canceled" ? false : change.cancelAtPeriodEnd,
      };
    case "paid":
      return {
        status: base.status === "trialing" ? "trialing" : "active",
        expiresAt: later(base.expiresAt, change.periodEnd),
        cancelAtPeriodEnd: base.cancelAtPeriodEnd,
      };
    case "payment-failed":
      return { status: "past_due", expiresAt: base.expiresAt, cancelAtPeriodEnd: base.cancelAtPeriodEnd };
  }
}
