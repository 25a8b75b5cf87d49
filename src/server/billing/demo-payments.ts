// The demo driver: a local hosted-checkout page (/demo-checkout/{session}), clearly a test where no money moves, and
// a local portal (/demo-portal/{token}). Both drive the same subscription events Stripe would send (demo-subscription).
import { randomBytes } from "node:crypto";
import type { Config } from "../env";
import { notFound } from "../errors";
import { ensureCustomerId } from "./customer";
import { renewDueDemoSubscriptions } from "./demo-subscription";
import { createDemoTokens, DEMO_SESSION_TTL_MS, type DemoTokens, newNonce } from "./demo-token";
import type { PaymentsDriver } from "./payments";

export const DEMO_SESSION_PREFIX = "cs_demo_";
export const demoCheckoutPath = (sessionId: string) => `/demo-checkout/${sessionId}`;
export const demoPortalPath = (token: string) => `/demo-portal/${token}`;

export interface DemoPayments extends PaymentsDriver {
  readonly kind: "demo";
  /** Signs and checks the checkout sessions and portal tokens the demo pages are opened with. */
  readonly tokens: DemoTokens;
}

export const isDemoPayments = (payments: PaymentsDriver): payments is DemoPayments =>
  payments.kind === "demo" && "tokens" in payments;

export function createDemoPayments(config: Config, tokens: DemoTokens = createDemoTokens()): DemoPayments {
  return {
    kind: "demo",
    tokens,
    async createCheckoutSession({ db, user, successUrl, cancelUrl, now }) {
      const customerId = await ensureCustomerId(db, user, async () => `cus_demo_${randomBytes(12).toString("hex")}`);
      const token = tokens.sign({
        kind: "checkout",
        userId: user.id,
        customerId,
        successUrl,
        cancelUrl,
        expiresAt: now.getTime() + DEMO_SESSION_TTL_MS,
        nonce: newNonce(),
      });
      const sessionId = `${DEMO_SESSION_PREFIX}${token}`;
      return { sessionId, url: `${config.APP_URL}${demoCheckoutPath(sessionId)}` };
    },
    async createPortalSession({ user, returnUrl, now }) {
      if (!user.stripeCustomerId) throw notFound();
      const token = tokens.sign({
        kind: "portal",
        userId: user.id,
        customerId: user.stripeCustomerId,
        returnUrl,
        expiresAt: now.getTime() + DEMO_SESSION_TTL_MS,
        nonce: newNonce(),
      });
      return { url: `${config.APP_URL}${demoPortalPath(token)}` };
    },
    renewDue: renewDueDemoSubscriptions,
    // The demo provider is this app: its subscription lives only in the user's row, which the deletion removes.
    async cancelSubscriptionNow() {},
  };
}
