// The Stripe driver: Checkout Sessions, the Customer Portal and webhook signatures through the stripe SDK.
import Stripe from "stripe";
import { CHECKOUT_ERRORS } from "../../shared/schemas/billing";
import type { Config } from "../env";
import { ensureCustomerId } from "./customer";
import { ACCOUNT_DELETION_CANCEL_FAILED, type PaymentsDriver } from "./payments";
import { ProviderError } from "./provider-error";

const TIMEOUT_MS = 10_000;
/**
 * Checkouts a user starts within this window are one Checkout Session (Stripe answers a repeated idempotency key
 * with the first answer): a double click or a second tab must not let them pay for two subscriptions.
 */
export const CHECKOUT_REUSE_WINDOW_MS = 10 * 60 * 1000;

/** The SDK's connection settings: Stripe's API, or STRIPE_API_BASE's origin (a local stand-in in tests). */
export function stripeConnection(apiBase: string | undefined): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: TIMEOUT_MS };
  if (!apiBase) return base;
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { ...base, host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/**
 * A Stripe error as the API answers it: the provider's message when Stripe meant it for the customer (a card error,
 * or one carrying a user message), else `fallback`; never an authentication error's text.
 */
export function providerError(error: unknown, fallback: string): ProviderError | unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const forCustomer = error.userMessage ?? (error.rawType === "card_error" ? error.message : undefined);
  return new ProviderError(forCustomer || fallback, {
    type: error.type,
    code: error.code,
    statusCode: error.statusCode,
    requestId: error.requestId,
  });
}

export function createStripePayments(config: Config): PaymentsDriver {
  const stripe = new Stripe(config.STRIPE_SECRET_KEY!, stripeConnection(config.STRIPE_API_BASE));
  const priceId = config.STRIPE_PRICE_ID!;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET!;

  return {
    kind: "stripe",
    async createCheckoutSession({ db, user, successUrl, cancelUrl, now }) {
      try {
        const customer = await ensureCustomerId(db, user, async () => {
          const created = await stripe.customers.create(
            { email: user.email, metadata: { userId: String(user.id) } },
            // NOTE: two checkouts at once get the same customer from Stripe; createdAt keeps a reused id (a reset
            // database) from being given another account's customer.
            { idempotencyKey: `ficforge-customer-${user.id}-${user.createdAt.getTime()}` },
          );
          return created.id;
        });
        const window = Math.floor(now.getTime() / CHECKOUT_REUSE_WINDOW_MS);
        const session = await stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer,
            line_items: [{ price: priceId, quantity: 1 }],
            success_url: successUrl,
            cancel_url: cancelUrl,
            client_reference_id: String(user.id),
            metadata: { userId: String(user.id) },
            subscription_data: { metadata: { userId: String(user.id) } },
          },
          { idempotencyKey: `ficforge-checkout-${customer}-${window}` },
        );
        if (!session.url) throw new ProviderError(CHECKOUT_ERRORS.redirect, { sessionId: session.id });
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw providerError(error, CHECKOUT_ERRORS.create);
      }
    },
    async createPortalSession({ user, returnUrl }) {
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: user.stripeCustomerId!,
          return_url: returnUrl,
        });
        return { url: session.url };
      } catch (error) {
        throw providerError(error, CHECKOUT_ERRORS.portal);
      }
    },
    async cancelSubscriptionNow(user) {
      if (!user.subscriptionId) return;
      try {
        await stripe.subscriptions.cancel(user.subscriptionId);
      } catch (error) {
        // Already gone at Stripe (canceled by an operator, or a test-mode reset): nothing left to stop.
        if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") return;
        throw providerError(error, ACCOUNT_DELETION_CANCEL_FAILED);
      }
    },
    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret);
    },
  };
}
