// Reads the few fields billing needs from Stripe's objects, across API versions: the period end moved from the
// subscription onto its items, and an invoice's subscription moved under parent.subscription_details.
import type Stripe from "stripe";

type Expandable = string | { id: string } | null | undefined;

/** A reference Stripe may send as an id or as the expanded object. */
export function idOf(reference: Expandable): string | null {
  if (typeof reference === "string") return reference || null;
  return reference?.id ?? null;
}

const fromSeconds = (seconds: number | null | undefined): Date | null =>
  typeof seconds === "number" && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;

function latest(seconds: readonly (number | null | undefined)[]): Date | null {
  const known = seconds.filter((s): s is number => typeof s === "number" && Number.isFinite(s));
  return known.length > 0 ? fromSeconds(Math.max(...known)) : null;
}

/** The end of the period paid for: the latest item's current_period_end, or the older top-level field. */
export function subscriptionPeriodEnd(subscription: Stripe.Subscription): Date | null {
  const items = subscription.items?.data ?? [];
  const legacy = (subscription as { current_period_end?: number | null }).current_period_end;
  return latest([...items.map((item) => item.current_period_end), legacy]);
}

/** When the subscription ended (Stripe sets `ended_at` once it is canceled for good), or null while it runs. */
export function subscriptionEndedAt(subscription: Stripe.Subscription): Date | null {
  return fromSeconds(subscription.ended_at);
}

/** Whether the subscriber asked it to end instead of renewing (cancel_at_period_end, or a set cancel_at). */
export function cancelsAtPeriodEnd(subscription: Stripe.Subscription): boolean {
  return subscription.cancel_at_period_end === true || typeof subscription.cancel_at === "number";
}

/** The invoice's subscription: parent.subscription_details.subscription, or the older top-level field. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const current = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as { subscription?: Expandable }).subscription;
  return idOf(current ?? legacy);
}

/** The end of the period an invoice pays for: the latest of its lines' periods. */
export function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  return latest((invoice.lines?.data ?? []).map((line) => line.period?.end));
}

const MAX_USER_ID = 2_147_483_647;

/** Our user id as the checkout (client_reference_id) or an object's metadata (userId) carries it. */
export function userIdFrom(...candidates: (string | null | undefined)[]): number | null {
  for (const candidate of candidates) {
    // NOTE: bounded to PostgreSQL's integer, so a malformed id finds nobody instead of failing the query.
    if (candidate && /^[1-9]\d{0,9}$/.test(candidate) && Number(candidate) <= MAX_USER_ID) return Number(candidate);
  }
  return null;
}

export const eventTime = (event: Pick<Stripe.Event, "created">): Date => new Date(event.created * 1000);
