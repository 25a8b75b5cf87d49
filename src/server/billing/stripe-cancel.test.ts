// The Stripe driver's cancel for account deletion (issue 18): DELETE /v1/subscriptions/{id}; a subscription Stripe
// no longer knows counts as ended; any other refusal is a ProviderError with the deletion's own message.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../env";
import { startStripePeer } from "../test/stripe-peer";
import type { UserRow } from "../types";
import { ACCOUNT_DELETION_CANCEL_FAILED } from "./payments";
import { ProviderError } from "./provider-error";
import { createStripePayments } from "./stripe-payments";

const peer = await startStripePeer();
afterAll(() => peer.close());

const driver = createStripePayments(
  loadConfig({
    NODE_ENV: "test",
    APP_URL: "http://localhost:3000",
    SEED_DEMO: "false",
    STRIPE_SECRET_KEY: "sk_test_peer_4242",
    STRIPE_PRICE_ID: "price_plus_monthly",
    STRIPE_WEBHOOK_SECRET: "whsec_peer",
    STRIPE_API_BASE: peer.url,
  }),
);
const subscriber = (subscriptionId: string) => ({ id: 7, subscriptionId }) as UserRow;

describe("Stripe: cancelling a subscription when its account is deleted", () => {
  beforeEach(() => peer.reset());

  it("cancels it at once, and takes 'no such subscription' as already ended", async () => {
    await driver.cancelSubscriptionNow(subscriber("sub_live123"));
    expect(peer.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /v1/subscriptions/sub_live123"]);
    await expect(driver.cancelSubscriptionNow(subscriber("sub_missing9"))).resolves.toBeUndefined();
  });

  it("answers a provider failure with the deletion's message, never Stripe's", async () => {
    for (const kind of ["status-500", "bad-key"] as const) {
      peer.fail({ kind });
      const failure = await driver.cancelSubscriptionNow(subscriber("sub_live123")).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ProviderError);
      expect(failure).toMatchObject({ status: 502, message: ACCOUNT_DELETION_CANCEL_FAILED });
    }
  });
});
