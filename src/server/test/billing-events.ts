// Stripe-shaped events for tests and the demo checkout: the fields billing reads, laid out as API version
// 2026-10-28 sends them (the period end on subscription items, an invoice's subscription under parent).
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A month as the tests count it: the period a $9.99 payment buys. */
export const PERIOD_MS = 30 * DAY_MS;

export const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
/** Stripe's clock counts whole seconds: a test that compares times starts from one. */
export const wholeSecond = (date: Date): Date => new Date(toSeconds(date) * 1000);
export const stripeId = (prefix: string): string => `${prefix}_test_${randomBytes(8).toString("hex")}`;

export interface SubscriptionFields {
  id: string;
  customer: string;
  status: Stripe.Subscription.Status;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  /** When it ended (Stripe's `ended_at`, set on a canceled subscription). */
  endedAt?: Date;
  /** Our user id, as the checkout puts it in subscription_data.metadata. */
  userId?: number;
}

export function stripeSubscription(fields: SubscriptionFields): Stripe.Subscription {
  const { id, customer, status, periodStart, periodEnd, cancelAtPeriodEnd = false, endedAt, userId } = fields;
  const item = {
    id: stripeId("si"),
    object: "subscription_item",
    current_period_start: toSeconds(periodStart),
    current_period_end: toSeconds(periodEnd),
    subscription: id,
    quantity: 1,
  };
  return {
    id,
    object: "subscription",
    customer,
    status,
    created: toSeconds(periodStart),
    start_date: toSeconds(periodStart),
    cancel_at_period_end: cancelAtPeriodEnd,
    cancel_at: cancelAtPeriodEnd ? toSeconds(periodEnd) : null,
    canceled_at: status === "canceled" ? toSeconds(periodStart) : null,
    ended_at: endedAt ? toSeconds(endedAt) : null,
    items: { object: "list", data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    metadata: userId ? { userId: String(userId) } : {},
    livemode: false,
  } as unknown as Stripe.Subscription;
}

export interface InvoiceFields {
  customer: string;
  subscription: string;
  periodStart: Date;
  periodEnd: Date;
  status?: Stripe.Invoice.Status;
  id?: string;
}

export function stripeInvoice(fields: InvoiceFields): Stripe.Invoice {
  const { customer, subscription, periodStart, periodEnd, status = "paid", id = stripeId("in") } = fields;
  const line = {
    id: stripeId("il"),
    object: "line_item",
    amount: 999,
    currency: "usd",
    period: { start: toSeconds(periodStart), end: toSeconds(periodEnd) },
  };
  return {
    id,
    object: "invoice",
    customer,
    status,
    amount_due: 999,
    amount_paid: status === "paid" ? 999 : 0,
    currency: "usd",
    billing_reason: "subscription_cycle",
    parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription, metadata: {} } },
    lines: { object: "list", data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
  } as unknown as Stripe.Invoice;
}

export interface CheckoutFields {
  customer: string;
  subscription: string | Stripe.Subscription;
  /** Our user id: client_reference_id and metadata.userId. */
  userId: number;
  paymentStatus?: Stripe.Checkout.Session.PaymentStatus;
  id?: string;
}

export function stripeCheckoutSession(fields: CheckoutFields): Stripe.Checkout.Session {
  const { customer, subscription, userId, paymentStatus = "paid", id = stripeId("cs") } = fields;
  return {
    id,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: paymentStatus,
    customer,
    subscription,
    client_reference_id: String(userId),
    metadata: { userId: String(userId) },
    amount_total: 999,
    currency: "usd",
    livemode: false,
  } as unknown as Stripe.Checkout.Session;
}

type ObjectOf<T extends Stripe.Event["type"]> = Extract<Stripe.Event, { type: T }>["data"]["object"];

/** An event of `type` about `object`, made at `created` (Stripe's clock, whole seconds). */
export function stripeEvent<T extends Stripe.Event["type"]>(
  type: T,
  object: ObjectOf<T>,
  created: Date,
  id: string = stripeId("evt"),
): Extract<Stripe.Event, { type: T }> {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: toSeconds(created),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  } as unknown as Extract<Stripe.Event, { type: T }>;
}
