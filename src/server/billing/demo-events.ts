// The demo driver's subscription events, shaped as Stripe sends them (API version 2026-10-28: the billing period on
// the subscription's item, the invoice's subscription under parent.subscription_details), so applyStripeEvent
// handles them exactly as it handles Stripe's own.
import type Stripe from "stripe";

export interface DemoSubscription {
  id: string;
  customerId: string;
  userId: number;
  status: "active" | "canceled";
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** When the subscription began. */
  startedAt: Date;
}

export type DemoEventType =
  | "customer.subscription.created"
  | "customer.subscription.updated"
  | "customer.subscription.deleted"
  | "invoice.paid"
  | "checkout.session.completed";

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** One calendar month after `date` (Stripe's monthly billing anchor), clamped to the month's last day. */
export function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function subscriptionObject(sub: DemoSubscription): Stripe.Subscription {
  const period = { current_period_start: seconds(sub.periodStart), current_period_end: seconds(sub.periodEnd) };
  return {
    id: sub.id,
    object: "subscription",
    customer: sub.customerId,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? period.current_period_end : null,
    canceled_at: sub.status === "canceled" ? period.current_period_end : null,
    ended_at: sub.status === "canceled" ? period.current_period_end : null,
    created: seconds(sub.startedAt),
    start_date: seconds(sub.startedAt),
    livemode: false,
    metadata: { userId: String(sub.userId) },
    items: {
      object: "list",
      data: [
        { id: `si_${sub.id.slice(4)}`, object: "subscription_item", quantity: 1, subscription: sub.id, ...period },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
    },
  } as unknown as Stripe.Subscription;
}

export function paidInvoiceObject(sub: DemoSubscription, id: string, at: Date): Stripe.Invoice {
  return {
    id,
    object: "invoice",
    customer: sub.customerId,
    status: "paid",
    paid: true,
    amount_paid: 999,
    currency: "usd",
    billing_reason:
      sub.startedAt.getTime() === sub.periodStart.getTime() ? "subscription_create" : "subscription_cycle",
    created: seconds(at),
    period_start: seconds(sub.periodStart),
    period_end: seconds(sub.periodEnd),
    livemode: false,
    parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: {} } },
    lines: {
      object: "list",
      data: [{ period: { start: seconds(sub.periodStart), end: seconds(sub.periodEnd) } }],
      has_more: false,
    },
  } as unknown as Stripe.Invoice;
}

export function completedCheckoutObject(sub: DemoSubscription, sessionId: string, at: Date): Stripe.Checkout.Session {
  return {
    id: sessionId,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    customer: sub.customerId,
    subscription: sub.id,
    client_reference_id: String(sub.userId),
    metadata: { userId: String(sub.userId) },
    created: seconds(at),
    livemode: false,
  } as unknown as Stripe.Checkout.Session;
}

/** An event as a webhook would carry it; `created` is the provider's clock (the demo's: now). */
export function demoEvent(id: string, type: DemoEventType, object: unknown, at: Date): Stripe.Event {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: seconds(at),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
  } as unknown as Stripe.Event;
}
