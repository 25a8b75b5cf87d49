// Signed Stripe webhook deliveries for tests: a payments driver that verifies with the real SDK, and a helper that
// posts an event with the SDK's test-header signature, as Stripe would.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import Stripe from "stripe";
import type { PaymentsDriver } from "../billing/payments";

export const WEBHOOK_SECRET = "whsec_test_ficforge_core";
const stripe = new Stripe("sk_test_not_used");

/** Only verifyWebhook is real; checkouts and portals belong to the drivers' own tests. */
export function webhookTestPayments(secret = WEBHOOK_SECRET): PaymentsDriver {
  const unused = () => Promise.reject(new Error("not used by the webhook tests"));
  return {
    kind: "stripe",
    createCheckoutSession: unused,
    createPortalSession: unused,
    cancelSubscriptionNow: unused,
    verifyWebhook: (raw, signature) => stripe.webhooks.constructEvent(raw, signature ?? "", secret),
  };
}

export const signatureFor = (payload: string, secret = WEBHOOK_SECRET): string =>
  stripe.webhooks.generateTestHeaderString({ payload, secret });

export interface DeliveryOptions {
  /** Sign with another secret. */
  secret?: string;
  /** Send this Stripe-Signature instead (null: none at all). */
  signature?: string | null;
  /** Send these bytes instead of the event's JSON (signed unless `signature` says otherwise). */
  payload?: string;
}

/** POSTs `event` to the webhook as Stripe does: JSON, signed, no Origin, no cookie. */
export function deliverWebhook(
  app: FastifyInstance,
  event: object,
  options: DeliveryOptions = {},
): Promise<LightMyRequestResponse> {
  const payload = options.payload ?? JSON.stringify(event);
  const signature = options.signature === undefined ? signatureFor(payload, options.secret) : options.signature;
  return app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      ...(signature === null ? {} : { "stripe-signature": signature }),
    },
    payload,
  });
}
