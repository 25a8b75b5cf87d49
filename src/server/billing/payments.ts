// Payments behind one small interface (as mail/mailer.ts does it): Stripe when STRIPE_SECRET_KEY is set, otherwise
// the demo checkout, a local test page where no money moves. Both end in the same subscription events (apply-event.ts).
import type Stripe from "stripe";
import type { CheckoutSessionAnswer, PortalAnswer } from "../../shared/schemas/billing";
import type { Db } from "../db/client";
import type { UserRow } from "../user-row";

export interface CheckoutRequest {
  db: Db;
  user: UserRow;
  /** Where the provider sends the browser back: APP_URL/dashboard/upgrade?subscription=success|canceled. */
  successUrl: string;
  cancelUrl: string;
  now: Date;
}

export interface PortalRequest {
  db: Db;
  user: UserRow;
  /** Where the portal's "back" goes: APP_URL/dashboard/settings. */
  returnUrl: string;
  now: Date;
}

export interface PaymentsDriver {
  readonly kind: "stripe" | "demo";
  /**
   * A subscription-mode checkout for STRIPE_PRICE_ID, tied to the user: their customer is created once and stored
   * (users.stripe_customer_id), even when two checkouts start at once.
   */
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSessionAnswer>;
  /** A billing-portal session for the user's customer (the demo: a local page where the plan can be canceled). */
  createPortalSession(request: PortalRequest): Promise<PortalAnswer>;
  /**
   * Checks a webhook's Stripe-Signature against STRIPE_WEBHOOK_SECRET and parses the event; throws when it does
   * not match. Absent on the demo driver, which has no webhooks (it applies its events itself).
   */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): Stripe.Event;
  /**
   * Renews (or ends, when canceled at period end) the subscriptions whose paid period has ended, as the provider's
   * own billing would; answers how many. The demo driver's; Stripe renews its subscriptions itself.
   */
  renewDue?(db: Db, now: Date): Promise<number>;
  /**
   * Ends the user's subscription at once with the provider (account deletion, issue 18): no renewal, no further
   * charge. A subscription the provider no longer knows counts as ended. Throws a ProviderError when it refuses.
   */
  cancelSubscriptionNow(user: UserRow): Promise<void>;
}

export const ACCOUNT_DELETION_CANCEL_FAILED =
  "We couldn't cancel your FicForge Plus subscription with the payment provider, so your account was not deleted. Nothing was charged or removed. Please try again in a few minutes.";
