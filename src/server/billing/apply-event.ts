// Applies one subscription event, from Stripe's webhook or the demo checkout, to the user it is about.
import type Stripe from "stripe";
import type { Db } from "../db/client";

export type ApplyOutcome = "applied" | "duplicate" | "ignored";

/**
 * Allow-listed events (checkout.session.completed, customer.subscription.created / updated / deleted, invoice.paid,
 * invoice.payment_failed) each go to their own small function; others are "ignored". Idempotent by event id
 * (stripe_events, in the same transaction as the change: a failed apply is retried whole); the newest subscription
 * state wins when events arrive out of order (users.subscription_state_at).
 */
export async function applyStripeEvent(_db: Db, _event: Stripe.Event, _now: Date): Promise<ApplyOutcome> {
  throw new Error("applyStripeEvent: not written yet (issue 10, billing core)");
}
