// One small function per allow-listed Stripe event: each reads what its object says about a subscription and hands
// it to the rules (subscription-state.ts) for the user it names (subscriber.ts).
import type Stripe from "stripe";
import type { Db } from "../db/client";
import {
  cancelsAtPeriodEnd,
  eventTime,
  idOf,
  invoicePeriodEnd,
  invoiceSubscriptionId,
  subscriptionEndedAt,
  subscriptionPeriodEnd,
  userIdFrom,
} from "./stripe-fields";
import { findSubscriber, type SubscriberKey, writeSubscriptionState } from "./subscriber";
import { nextSubscriptionState, type SubscriptionChange } from "./subscription-state";

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;
export type HandledEventType = (typeof HANDLED_EVENTS)[number];

export const isHandledEvent = (type: string): type is HandledEventType =>
  (HANDLED_EVENTS as readonly string[]).includes(type);

export interface BillingLog {
  warn(details: object, message: string): void;
}

/** "applied": the user's subscription (or customer link) was written; "ignored": nothing was (no such user, an older
 * state, another subscription's). */
export type HandlerOutcome = "applied" | "ignored";

interface EventContext {
  db: Db;
  event: Stripe.Event;
  now: Date;
  log?: BillingLog;
  /** Users this event wrote to: their cached sessions go after the commit (issue 19). */
  changed?: number[];
}

export function handleEvent(context: EventContext): Promise<HandlerOutcome> {
  const { event } = context;
  switch (event.type) {
    case "checkout.session.completed":
      return checkoutSessionCompleted(context, event.data.object);
    case "customer.subscription.created":
    case "customer.subscription.updated":
      return subscriptionChanged(context, event.data.object);
    case "customer.subscription.deleted":
      return subscriptionDeleted(context, event.data.object);
    case "invoice.paid":
      return invoicePaid(context, event.data.object);
    case "invoice.payment_failed":
      return invoicePaymentFailed(context, event.data.object);
    default:
      return Promise.resolve("ignored");
  }
}

/** A paid checkout links the customer and makes the user premium, unless a newer state is already known. */
async function checkoutSessionCompleted(context: EventContext, session: Stripe.Checkout.Session) {
  const key = {
    customerId: idOf(session.customer),
    userId: userIdFrom(session.client_reference_id, session.metadata?.userId),
  };
  const subscriptionId = idOf(session.subscription);
  if (session.payment_status !== "paid" || !subscriptionId) {
    // NOTE: nothing paid yet (e.g. a trial): the customer is linked; the subscription's own events follow.
    return (await findSubscriber(context.db, key)) ? "applied" : unknownSubscriber(context, key);
  }
  const expanded = typeof session.subscription === "object" ? session.subscription : null;
  const change: SubscriptionChange = expanded
    ? snapshotOf(expanded)
    : { kind: "paid", subscriptionId, periodEnd: null };
  return applyChange(context, key, change);
}

function subscriptionChanged(context: EventContext, subscription: Stripe.Subscription) {
  return applyChange(context, subscriptionKey(subscription), snapshotOf(subscription));
}

/**
 * Deleted: Stripe sends it when the subscription has ended (at the period's end after a cancel at period end, or at
 * once when an operator cancels or refunds), so Plus ends at once, at `ended_at` (the event's time if absent).
 */
function subscriptionDeleted(context: EventContext, subscription: Stripe.Subscription) {
  const endedAt = subscriptionEndedAt(subscription) ?? eventTime(context.event);
  const change = { ...snapshotOf(subscription), status: "canceled", cancelAtPeriodEnd: false, endedAt };
  return applyChange(context, subscriptionKey(subscription), change);
}

/** A paid invoice (the first or a renewal) extends the paid period. */
function invoicePaid(context: EventContext, invoice: Stripe.Invoice) {
  const subscriptionId = invoiceSubscriptionId(invoice);
  // NOTE: an invoice outside any subscription buys nothing premium.
  if (!subscriptionId) return Promise.resolve("ignored" as const);
  return applyChange(context, invoiceKey(invoice), {
    kind: "paid",
    subscriptionId,
    periodEnd: invoicePeriodEnd(invoice),
  });
}

/** A failed renewal: past_due, premium kept until the period end plus the grace while Stripe retries. */
function invoicePaymentFailed(context: EventContext, invoice: Stripe.Invoice) {
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return Promise.resolve("ignored" as const);
  return applyChange(context, invoiceKey(invoice), { kind: "payment-failed", subscriptionId });
}

function snapshotOf(subscription: Stripe.Subscription): SubscriptionChange {
  return {
    kind: "snapshot",
    subscriptionId: subscription.id,
    status: subscription.status,
    periodEnd: subscriptionPeriodEnd(subscription),
    cancelAtPeriodEnd: cancelsAtPeriodEnd(subscription),
    endedAt: subscriptionEndedAt(subscription),
  };
}

const subscriptionKey = (subscription: Stripe.Subscription): SubscriberKey => ({
  customerId: idOf(subscription.customer),
  userId: userIdFrom(subscription.metadata?.userId),
});

const invoiceKey = (invoice: Stripe.Invoice): SubscriberKey => ({
  customerId: idOf(invoice.customer),
  userId: userIdFrom(invoice.parent?.subscription_details?.metadata?.userId),
});

async function applyChange(context: EventContext, key: SubscriberKey, change: SubscriptionChange) {
  const { db, event, now } = context;
  const subscriber = await findSubscriber(db, key);
  if (!subscriber) return unknownSubscriber(context, key);
  context.changed?.push(subscriber.id);
  const next = nextSubscriptionState(subscriber, change, eventTime(event), now);
  if (!next) return "ignored";
  await writeSubscriptionState(db, subscriber.id, next, now);
  return "applied";
}

// NOTE: recorded and answered 200 all the same: Stripe would retry a failure for days, and a customer we do not know
// (another app on the same Stripe account, a deleted user) will not become known by retrying.
function unknownSubscriber(context: EventContext, key: SubscriberKey): "ignored" {
  const { event, log } = context;
  log?.warn({ stripeEvent: event.id, type: event.type, customer: key.customerId }, "stripe event for no known user");
  return "ignored";
}
