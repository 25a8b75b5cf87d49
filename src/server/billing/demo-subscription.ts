// What the demo checkout and portal do to a subscription, as the events Stripe would send for it, applied through
// applyStripeEvent: Pay (created, invoice paid, checkout completed), cancel and resume at period end, and the end of
// a billing period (a renewal, or the end of a canceled plan).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, like, lte } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { stripeEvents, users } from "../db/schema";
import type { UserRow } from "../types";
import { applyStripeEvent } from "./apply-event";
import {
  completedCheckoutObject,
  type DemoSubscription,
  demoEvent,
  oneMonthAfter,
  paidInvoiceObject,
  subscriptionObject,
} from "./demo-events";

export const DEMO_SUBSCRIPTION_PREFIX = "sub_demo_";

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 24);
const randomId = () => randomBytes(12).toString("hex");
/** The event that marks checkout session `sessionId` paid (named after the session, so Pay twice is one payment). */
const completedEventId = (sessionId: string) => `evt_demo_${digest(sessionId)}_completed`;

/** When checkout session `sessionId` was paid, or null while it is open. */
export async function demoCheckoutPaidAt(db: Db, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: stripeEvents.receivedAt })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, completedEventId(sessionId)));
  return row?.at ?? null;
}

/**
 * Pays checkout session `sessionId` for `user` (who must hold `customerId`). The subscription and event ids derive
 * from the session, so paying one session twice (a double click, the back button) is one subscription: the second
 * time the events are duplicates. A user who is already premium is left as they are.
 */
export async function payDemoCheckout(
  db: Db,
  user: UserRow,
  checkout: { sessionId: string; customerId: string },
  now: Date,
): Promise<void> {
  if (user.isPremium) return;
  const key = digest(checkout.sessionId);
  const sub: DemoSubscription = {
    id: `${DEMO_SUBSCRIPTION_PREFIX}${key}`,
    customerId: checkout.customerId,
    userId: user.id,
    status: "active",
    periodStart: now,
    periodEnd: oneMonthAfter(now),
    cancelAtPeriodEnd: false,
    startedAt: now,
  };
  const sessionId = checkout.sessionId;
  await applyInOrder(db, now, [
    demoEvent(`evt_demo_${key}_created`, "customer.subscription.created", subscriptionObject(sub), now),
    demoEvent(`evt_demo_${key}_paid`, "invoice.paid", paidInvoiceObject(sub, `in_demo_${key}`, now), now),
    demoEvent(
      completedEventId(sessionId),
      "checkout.session.completed",
      completedCheckoutObject(sub, sessionId, now),
      now,
    ),
  ]);
}

/** Applies the events one after the other, as Stripe's webhooks would deliver them. */
async function applyInOrder(db: Db, now: Date, events: Stripe.Event[]): Promise<void> {
  for (const event of events) await applyStripeEvent(db, event, now);
}

/** The user's running demo subscription as the events stored it, or undefined when they have none. */
export function currentDemoSubscription(user: UserRow): DemoSubscription | undefined {
  if (!user.subscriptionId?.startsWith(DEMO_SUBSCRIPTION_PREFIX) || !user.stripeCustomerId) return undefined;
  if (user.subscriptionStatus !== "active" || !user.subscriptionExpiresAt) return undefined;
  const periodStart = new Date(user.subscriptionExpiresAt);
  periodStart.setUTCMonth(periodStart.getUTCMonth() - 1);
  return {
    id: user.subscriptionId,
    customerId: user.stripeCustomerId,
    userId: user.id,
    status: "active",
    periodStart,
    periodEnd: user.subscriptionExpiresAt,
    cancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
    startedAt: periodStart,
  };
}

/** The portal's "Cancel subscription" (true) and "Resume subscription" (false), as Stripe's portal does them. */
export async function setDemoCancelAtPeriodEnd(
  db: Db,
  sub: DemoSubscription,
  cancel: boolean,
  now: Date,
): Promise<void> {
  const updated = { ...sub, cancelAtPeriodEnd: cancel };
  await applyStripeEvent(
    db,
    demoEvent(`evt_demo_${randomId()}`, "customer.subscription.updated", subscriptionObject(updated), now),
    now,
  );
}

/**
 * The billing period ends at `at`: a plan canceled at period end ends (customer.subscription.deleted), any other is
 * renewed for a month (invoice.paid, customer.subscription.updated). `idKey` names the events: the same period end
 * handled twice (two instances' jobs) is applied once.
 */
export async function endDemoPeriod(db: Db, sub: DemoSubscription, at: Date, now: Date, idKey: string): Promise<void> {
  if (sub.cancelAtPeriodEnd) {
    const ended = { ...sub, status: "canceled" as const, periodEnd: at };
    const deleted = demoEvent(
      `evt_demo_${idKey}_deleted`,
      "customer.subscription.deleted",
      subscriptionObject(ended),
      now,
    );
    // The event says the subscription ended at `at` (its ended_at), which ends Plus then, as Stripe's own does.
    await applyStripeEvent(db, deleted, now);
    return;
  }
  let renewed: DemoSubscription = { ...sub, periodStart: at, periodEnd: oneMonthAfter(at) };
  while (renewed.periodEnd <= now) {
    renewed = { ...renewed, periodStart: renewed.periodEnd, periodEnd: oneMonthAfter(renewed.periodEnd) };
  }
  const invoice = paidInvoiceObject(renewed, `in_demo_${idKey}`, now);
  await applyInOrder(db, now, [
    demoEvent(`evt_demo_${idKey}_paid`, "invoice.paid", invoice, now),
    demoEvent(`evt_demo_${idKey}_renewed`, "customer.subscription.updated", subscriptionObject(renewed), now),
  ]);
}

/** The portal's test control "End the billing period now (test)". */
export async function endDemoPeriodNow(db: Db, sub: DemoSubscription, now: Date): Promise<void> {
  await endDemoPeriod(db, sub, now, now, randomId());
}

/**
 * The demo's own billing clock: every demo subscription whose paid period has ended is renewed (or ends, when it was
 * canceled at period end), as Stripe would do it. Answers how many it handled.
 */
export async function renewDueDemoSubscriptions(db: Db, now: Date): Promise<number> {
  const due = await db
    .select()
    .from(users)
    .where(
      and(
        // NOTE: by status, not isPremium: the expiry check may have turned premium off before the renewal ran.
        eq(users.subscriptionStatus, "active"),
        like(users.subscriptionId, `${DEMO_SUBSCRIPTION_PREFIX}%`),
        lte(users.subscriptionExpiresAt, now),
      ),
    );
  let handled = 0;
  for (const user of due) {
    const sub = currentDemoSubscription(user);
    if (!sub) continue;
    await endDemoPeriod(db, sub, sub.periodEnd, now, `${digest(sub.id)}_${sub.periodEnd.getTime()}`);
    handled++;
  }
  return handled;
}
