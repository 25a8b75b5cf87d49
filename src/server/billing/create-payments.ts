// Picks the payments driver: Stripe when STRIPE_SECRET_KEY is set, otherwise the demo checkout.
import type { Config } from "../env";
import { createDemoPayments } from "./demo-payments";
import type { PaymentsDriver } from "./payments";

export async function createPayments(config: Config): Promise<PaymentsDriver> {
  if (!config.STRIPE_SECRET_KEY) return createDemoPayments(config);
  // NOTE: the Stripe SDK loads only when it is used.
  const { createStripePayments } = await import("./stripe-payments");
  return createStripePayments(config);
}
