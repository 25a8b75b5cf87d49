// Applies one subscription event, from Stripe's webhook or the demo checkout, to the user it is about.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { stripeEvents } from "../db/schema";
import { type BillingLog, handleEvent, isHandledEvent } from "./event-handlers";
import { sessionsChanged } from "../accounts/session-cache";

export type ApplyOutcome = "applied" | "duplicate" | "ignored";

/**
 * Allow-listed events (checkout.session.completed, customer.subscription.created / updated / deleted, invoice.paid,
 * invoice.payment_failed) each go to their own small function; others are "ignored". Idempotent by event id
 * (stripe_events, in the same transaction as the change: a failed apply is retried whole); the newest subscription
 * state wins when events arrive out of order (users.subscription_state_at).
 *
 * "applied": the user changed; "duplicate": this event id was applied before, nothing changes; "ignored": recorded
 * but changing nothing (no known user, an older state), or not allow-listed (not recorded).
 */
export async function applyStripeEvent(
  db: Db,
  event: Stripe.Event,
  now: Date,
  log?: BillingLog,
): Promise<ApplyOutcome> {
  // NOTE: other types are not recorded: the endpoint should not be sent them, and a type allow-listed later must
  // not find its earlier deliveries marked as done.
  if (!isHandledEvent(event.type)) return "ignored";
  const changed: number[] = [];
  const applied = await db.transaction(async (tx) => {
    // NOTE: a concurrent delivery of the same id waits here on the primary key until this one commits, then finds
    // it and answers "duplicate"; if this one rolls back, that one applies it.
    const [first] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!first) return "duplicate";
    const outcome = await handleEvent({ db: tx, event, now, log, changed });
    await tx.update(stripeEvents).set({ processedAt: now }).where(eq(stripeEvents.id, event.id));
    return outcome;
  });
  // Issue 19: the subscriber's plan is part of their cached session, on every instance.
  for (const userId of new Set(changed)) await sessionsChanged(db, { userId });
  return applied;
}
