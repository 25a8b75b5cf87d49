// The Stripe driver against a real HTTP server standing in for Stripe's API: what POST /api/create-subscription-session
// and POST /api/create-customer-portal ask Stripe for, the customer created once, and Stripe's refusals as answers.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeEach, expect, it } from "vitest";
import { ALREADY_PREMIUM, CHECKOUT_ERRORS, NO_SUBSCRIPTION } from "../../shared/schemas/billing";
import { users } from "../db/schema";
import { loadConfig } from "../env";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { startStripePeer } from "../test/stripe-peer";
import { CHECKOUTS_PER_WINDOW } from "./routes";
import { CHECKOUT_REUSE_WINDOW_MS, createStripePayments } from "./stripe-payments";

const peer = await startStripePeer();
const SECRET_KEY = "sk_test_peer_4242";
const env = {
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PRICE_ID: "price_plus_monthly",
  STRIPE_WEBHOOK_SECRET: "whsec_peer",
  STRIPE_API_BASE: peer.url,
};
afterAll(() => peer.close());

const CHECKOUT = "/api/create-subscription-session";
const PORTAL = "/api/create-customer-portal";

describeEachDb(
  "checkout and portal with the Stripe driver",
  (ctx) => {
    beforeEach(() => peer.reset());

    const storedCustomer = async (id: number) =>
      (await ctx().database.db.select().from(users).where(eq(users.id, id)))[0]!.stripeCustomerId;

    it("creates a subscription-mode Checkout Session for the price, tied to the user's new customer", async () => {
      const { app, database } = ctx();
      const { user, headers } = await createVerifiedUserWithSession(database.db);
      const res = await send(app, "POST", CHECKOUT, undefined, headers);
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toEqual({
        sessionId: expect.stringMatching(/^cs_test_/),
        url: expect.stringContaining(answer.sessionId),
      });

      const [customerRequest] = peer.requestsTo("/v1/customers");
      expect(customerRequest!.body).toMatchObject({ email: user.email, "metadata[userId]": String(user.id) });
      expect(customerRequest!.headers["idempotency-key"]).toContain(String(user.id));
      expect(customerRequest!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      const customer = await storedCustomer(user.id);
      expect(customer).toMatch(/^cus_/);

      const [sessionRequest] = peer.requestsTo("/v1/checkout/sessions");
      expect(sessionRequest!.method).toBe("POST");
      expect(sessionRequest!.body).toEqual({
        mode: "subscription",
        customer,
        "line_items[0][price]": "price_plus_monthly",
        "line_items[0][quantity]": "1",
        success_url: `${TEST_APP_URL}/dashboard/upgrade?subscription=success`,
        cancel_url: `${TEST_APP_URL}/dashboard/upgrade?subscription=canceled`,
        client_reference_id: String(user.id),
        "metadata[userId]": String(user.id),
        "subscription_data[metadata][userId]": String(user.id),
      });
    });

    it("reuses the stored customer on a second checkout", async () => {
      const { app, database } = ctx();
      const { user, headers } = await createVerifiedUserWithSession(database.db);
      expect((await send(app, "POST", CHECKOUT, {}, headers)).statusCode).toBe(200);
      expect((await send(app, "POST", CHECKOUT, {}, headers)).statusCode).toBe(200);
      expect(peer.requestsTo("/v1/customers")).toHaveLength(1);
      const customer = await storedCustomer(user.id);
      expect(peer.requestsTo("/v1/checkout/sessions").map((r) => r.body.customer)).toEqual([customer, customer]);
    });

    it("stores one customer when five checkouts start at once", async () => {
      const { app, database } = ctx();
      const { user, headers } = await createVerifiedUserWithSession(database.db);
      peer.delay(30);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => send(app, "POST", CHECKOUT, undefined, headers)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const customer = await storedCustomer(user.id);
      expect(new Set(peer.requestsTo("/v1/checkout/sessions").map((r) => r.body.customer))).toEqual(
        new Set([customer]),
      );
      // Every create that raced carried the same idempotency key, so Stripe made one customer.
      expect(new Set(peer.requestsTo("/v1/customers").map((r) => r.headers["idempotency-key"])).size).toBe(1);
    });

    it("gives a double click or a second tab the same Checkout Session, and a new one later", async () => {
      const { app, database, clock } = ctx();
      const { headers } = await createVerifiedUserWithSession(database.db);
      const [first, second] = await Promise.all([
        send(app, "POST", CHECKOUT, undefined, headers),
        send(app, "POST", CHECKOUT, undefined, headers),
      ]);
      expect(second.json().sessionId).toBe(first.json().sessionId);
      clock.advance(CHECKOUT_REUSE_WINDOW_MS);
      const later = await send(app, "POST", CHECKOUT, undefined, headers);
      expect(later.json().sessionId).not.toBe(first.json().sessionId);
    });

    it("answers 409 to a premium user and asks Stripe nothing", async () => {
      const { app, database } = ctx();
      const { headers } = await createVerifiedUserWithSession(database.db, { isPremium: true });
      const res = await send(app, "POST", CHECKOUT, undefined, headers);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "ALREADY_PREMIUM", message: ALREADY_PREMIUM });
      expect(peer.requests).toHaveLength(0);
    });

    it("answers 401 when signed out", async () => {
      const { app } = ctx();
      expect((await send(app, "POST", CHECKOUT)).statusCode).toBe(401);
      expect((await send(app, "POST", PORTAL)).statusCode).toBe(401);
      expect(peer.requests).toHaveLength(0);
    });

    it("answers Stripe's refusals as 502 with the provider's message when it is meant for the customer", async () => {
      const { app, database } = ctx();
      const { headers } = await createVerifiedUserWithSession(database.db);
      peer.fail({ kind: "card-error", message: "Your card was declined." });
      const declined = await send(app, "POST", CHECKOUT, undefined, headers);
      expect(declined.statusCode).toBe(502);
      expect(declined.json()).toEqual({ code: "PAYMENT_PROVIDER", message: "Your card was declined." });

      peer.fail({ kind: "bad-key" });
      const badKey = await send(app, "POST", CHECKOUT, undefined, headers);
      expect(badKey.statusCode).toBe(502);
      expect(badKey.json()).toEqual({ code: "PAYMENT_PROVIDER", message: CHECKOUT_ERRORS.create });
      expect(badKey.body).not.toContain("sk_");
    });

    it("answers an outage as 502 with the checkout's own message", { timeout: 20_000 }, async () => {
      const { app, database } = ctx();
      const { headers } = await createVerifiedUserWithSession(database.db);
      peer.fail({ kind: "status-500" });
      const res = await send(app, "POST", CHECKOUT, undefined, headers);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: "PAYMENT_PROVIDER", message: CHECKOUT_ERRORS.create });
    });

    it(`allows ${CHECKOUTS_PER_WINDOW} checkouts per user in ten minutes, then 429`, async () => {
      const { app, database, clock } = ctx();
      const { headers } = await createVerifiedUserWithSession(database.db);
      for (let i = 0; i < CHECKOUTS_PER_WINDOW; i++) {
        expect((await send(app, "POST", CHECKOUT, undefined, headers)).statusCode).toBe(200);
      }
      const limited = await send(app, "POST", CHECKOUT, undefined, headers);
      expect(limited.statusCode).toBe(429);
      expect(peer.requestsTo("/v1/checkout/sessions")).toHaveLength(CHECKOUTS_PER_WINDOW);
      clock.advance(10 * 60 * 1000 + 1);
      expect((await send(app, "POST", CHECKOUT, undefined, headers)).statusCode).toBe(200);
    });

    it("opens a billing-portal session for the stored customer, returning to the settings", async () => {
      const { app, database } = ctx();
      const { headers } = await createVerifiedUserWithSession(database.db, { stripeCustomerId: "cus_portal_1" });
      const res = await send(app, "POST", PORTAL, undefined, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/) });
      const [request] = peer.requestsTo("/v1/billing_portal/sessions");
      expect(request!.body).toEqual({ customer: "cus_portal_1", return_url: `${TEST_APP_URL}/dashboard/settings` });
    });

    it("answers 404 to the portal for a user who never had a customer", async () => {
      const { app, database } = ctx();
      const { headers } = await createVerifiedUserWithSession(database.db);
      const res = await send(app, "POST", PORTAL, undefined, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "NO_SUBSCRIPTION", message: NO_SUBSCRIPTION });
      expect(peer.requests).toHaveLength(0);
    });
  },
  { env },
);

it("verifies webhooks with STRIPE_WEBHOOK_SECRET and refuses another signature", () => {
  const driver = createStripePayments(loadConfig({ ...env, NODE_ENV: "test" }));
  const payload = JSON.stringify({ id: "evt_1", object: "event", type: "invoice.paid", data: { object: {} } });
  const sign = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
  expect(driver.verifyWebhook!(Buffer.from(payload), sign("whsec_peer")).id).toBe("evt_1");
  expect(() => driver.verifyWebhook!(Buffer.from(payload), sign("whsec_other"))).toThrow();
  expect(() => driver.verifyWebhook!(Buffer.from(payload), undefined)).toThrow();
});
