// POST /api/stripe/webhook end to end: signed payloads (the SDK's test header) for each allow-listed event, through
// the real app and database; the signature, replays, ordering, the scheduled expiry, and the raw parser's scope.
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import type Stripe from "stripe";
import { expect, it } from "vitest";
import { stripeEvents, users } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createUser } from "../test/factories";
import { type DeliveryOptions, deliverWebhook, signatureFor, webhookTestPayments } from "../test/stripe-webhooks";
import { expireSubscriptions } from "./expire-subscriptions";
import { RENEWAL_GRACE_MS } from "./subscription-state";
import {
  PERIOD_MS,
  type SubscriptionFields,
  stripeCheckoutSession,
  stripeEvent,
  stripeId,
  stripeInvoice,
  stripeSubscription,
  wholeSecond,
} from "../test/billing-events";
import { BAD_SIGNATURE, stripeWebhookRoutes, WEBHOOK_BODY_LIMIT, WEBHOOKS_DISABLED } from "./webhook-routes";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describeEachDb(
  "POST /api/stripe/webhook",
  (ctx) => {
    const db = () => ctx().database.db;
    const now = () => ctx().clock.now();
    const readUser = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
    const recorded = async (id: string) => (await db().select().from(stripeEvents).where(eq(stripeEvents.id, id)))[0];
    const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

    async function subscriber() {
      const customer = stripeId("cus");
      const user = await createUser(db(), { stripeCustomerId: customer });
      const start = wholeSecond(now());
      const fields: SubscriptionFields = {
        id: stripeId("sub"),
        customer,
        status: "active",
        periodStart: start,
        periodEnd: later(start, PERIOD_MS),
      };
      return { user, customer, start, fields };
    }

    const deliver = (event: Stripe.Event, options?: DeliveryOptions) => deliverWebhook(ctx().app, event, options);
    async function outcomeOf(event: Stripe.Event): Promise<string> {
      const response = await deliver(event);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ received: true });
      return response.json().outcome;
    }
    /** Moves the clock and runs the scheduled check, as the maintenance job would. */
    async function advanceAndExpire(ms: number) {
      ctx().clock.advance(ms);
      await expireSubscriptions(db(), now());
    }

    it("checkout.session.completed links the customer and makes the user premium", async () => {
      const user = await createUser(db());
      const customer = stripeId("cus");
      const session = stripeCheckoutSession({ customer, subscription: stripeId("sub"), userId: user.id });
      expect(await outcomeOf(stripeEvent("checkout.session.completed", session, now()))).toBe("applied");
      expect(await readUser(user.id)).toMatchObject({
        isPremium: true,
        stripeCustomerId: customer,
        subscriptionId: session.subscription,
        subscriptionStatus: "active",
        lastStripeSync: now(),
      });
    });

    it("customer.subscription.created makes the user premium until the period end", async () => {
      const { user, start, fields } = await subscriber();
      const created = stripeEvent("customer.subscription.created", stripeSubscription(fields), start);
      expect(await outcomeOf(created)).toBe("applied");
      expect(await readUser(user.id)).toMatchObject({
        isPremium: true,
        subscriptionId: fields.id,
        subscriptionStatus: "active",
        subscriptionExpiresAt: fields.periodEnd,
        subscriptionCancelAtPeriodEnd: false,
        subscriptionStateAt: start,
      });
      expect((await recorded(created.id))?.processedAt).toEqual(now());
    });

    it("invoice.paid extends the paid period at a renewal, and only forward", async () => {
      const { user, start, fields } = await subscriber();
      await outcomeOf(stripeEvent("customer.subscription.created", stripeSubscription(fields), start));
      const secondEnd = later(fields.periodEnd, PERIOD_MS);
      const renewal = { ...fields, periodStart: fields.periodEnd, periodEnd: secondEnd };
      // At the renewal Stripe moves the period on before collecting: that alone extends nothing.
      const moved = stripeEvent("customer.subscription.updated", stripeSubscription(renewal), fields.periodEnd);
      expect(await outcomeOf(moved)).toBe("applied");
      expect((await readUser(user.id)).subscriptionExpiresAt).toEqual(fields.periodEnd);

      const paid = stripeInvoice({ ...renewal, subscription: fields.id });
      expect(await outcomeOf(stripeEvent("invoice.paid", paid, later(fields.periodEnd, MINUTE)))).toBe("applied");
      expect(await readUser(user.id)).toMatchObject({ isPremium: true, subscriptionExpiresAt: secondEnd });
      // The first period's invoice, delivered late with the same time: the period does not shrink.
      const first = stripeInvoice({ ...fields, subscription: fields.id });
      await outcomeOf(stripeEvent("invoice.paid", first, later(fields.periodEnd, MINUTE)));
      expect((await readUser(user.id)).subscriptionExpiresAt).toEqual(secondEnd);
    });

    it("customer.subscription.updated to cancel at the period end: premium until then, then the check ends it", async () => {
      const { user, start, fields } = await subscriber();
      await outcomeOf(stripeEvent("customer.subscription.created", stripeSubscription(fields), start));
      const canceling = stripeSubscription({ ...fields, cancelAtPeriodEnd: true });
      expect(await outcomeOf(stripeEvent("customer.subscription.updated", canceling, later(start, MINUTE)))).toBe(
        "applied",
      );
      expect(await readUser(user.id)).toMatchObject({ isPremium: true, subscriptionCancelAtPeriodEnd: true });

      await advanceAndExpire(fields.periodEnd.getTime() - now().getTime() - MINUTE);
      expect((await readUser(user.id)).isPremium).toBe(true);
      // No renewal will come, so no grace: premium ends at the period end even before Stripe's deletion arrives.
      await advanceAndExpire(2 * MINUTE);
      expect((await readUser(user.id)).isPremium).toBe(false);
      const ended = { ...fields, status: "canceled" as const, cancelAtPeriodEnd: true, endedAt: fields.periodEnd };
      await outcomeOf(stripeEvent("customer.subscription.deleted", stripeSubscription(ended), fields.periodEnd));
      expect(await readUser(user.id)).toMatchObject({
        isPremium: false,
        subscriptionStatus: "canceled",
        subscriptionExpiresAt: fields.periodEnd,
        subscriptionCancelAtPeriodEnd: false,
      });
    });

    it("customer.subscription.deleted mid-period (an operator's cancel, a refund) ends Plus at once, at ended_at", async () => {
      const { user, start, fields } = await subscriber();
      await outcomeOf(stripeEvent("customer.subscription.created", stripeSubscription(fields), start));
      const endedAt = later(start, 3 * MINUTE);
      const deleted = stripeSubscription({ ...fields, status: "canceled", endedAt });
      ctx().clock.advance(3 * MINUTE + SECOND);
      expect(await outcomeOf(stripeEvent("customer.subscription.deleted", deleted, endedAt))).toBe("applied");
      // Weeks of the period were left; no scheduled check has run.
      expect(fields.periodEnd.getTime() - now().getTime()).toBeGreaterThan(20 * 24 * 60 * MINUTE);
      expect(await readUser(user.id)).toMatchObject({
        isPremium: false,
        subscriptionStatus: "canceled",
        subscriptionExpiresAt: endedAt,
        subscriptionCancelAtPeriodEnd: false,
      });
      // Nothing about that subscription brings it back, not even its own update sent in the same second.
      const update = stripeEvent("customer.subscription.updated", stripeSubscription(fields), endedAt);
      expect(await outcomeOf(update)).toBe("ignored");
      expect((await readUser(user.id)).isPremium).toBe(false);
    });

    it("customer.subscription.deleted without ended_at ends Plus at the event's time", async () => {
      const { user, start, fields } = await subscriber();
      await outcomeOf(stripeEvent("customer.subscription.created", stripeSubscription(fields), start));
      const deletedAt = later(start, MINUTE);
      const deleted = stripeSubscription({ ...fields, status: "canceled" });
      expect(await outcomeOf(stripeEvent("customer.subscription.deleted", deleted, deletedAt))).toBe("applied");
      expect(await readUser(user.id)).toMatchObject({ isPremium: false, subscriptionExpiresAt: deletedAt });
    });

    it("invoice.payment_failed keeps premium until the period end plus the grace; a late payment brings it back", async () => {
      const { user, start, fields } = await subscriber();
      await outcomeOf(stripeEvent("customer.subscription.created", stripeSubscription(fields), start));
      const renewal = { ...fields, periodStart: fields.periodEnd, periodEnd: later(fields.periodEnd, PERIOD_MS) };
      const failed = stripeInvoice({ ...renewal, subscription: fields.id, status: "open" });
      const failedAt = later(fields.periodEnd, MINUTE);
      expect(await outcomeOf(stripeEvent("invoice.payment_failed", failed, failedAt))).toBe("applied");
      expect(await readUser(user.id)).toMatchObject({
        subscriptionStatus: "past_due",
        subscriptionExpiresAt: fields.periodEnd,
        isPremium: true,
      });

      await advanceAndExpire(fields.periodEnd.getTime() + RENEWAL_GRACE_MS - now().getTime() - MINUTE);
      expect((await readUser(user.id)).isPremium).toBe(true);
      await advanceAndExpire(2 * MINUTE);
      expect((await readUser(user.id)).isPremium).toBe(false);

      const paid = stripeInvoice({ ...renewal, subscription: fields.id });
      expect(await outcomeOf(stripeEvent("invoice.paid", paid, wholeSecond(now())))).toBe("applied");
      expect(await readUser(user.id)).toMatchObject({
        isPremium: true,
        subscriptionStatus: "active",
        subscriptionExpiresAt: renewal.periodEnd,
      });
    });

    it("a bad or missing signature answers 400 and changes nothing", async () => {
      const { user, start, fields } = await subscriber();
      const event = stripeEvent("customer.subscription.created", stripeSubscription(fields), start);
      const tampered = JSON.stringify({ ...event, id: stripeId("evt") });
      const attempts: DeliveryOptions[] = [
        { secret: "whsec_someone_else" },
        { signature: null },
        { signature: "t=1,v1=00" },
        { signature: JSON.stringify(event).length.toString() },
        // Signed for the original bytes, sent with others.
        { signature: signatureFor(JSON.stringify(event)), payload: tampered },
      ];
      for (const options of attempts) {
        const response = await deliver(event, options);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: BAD_SIGNATURE, code: "BAD_SIGNATURE" });
      }
      expect(await recorded(event.id)).toBeUndefined();
      expect(await readUser(user.id)).toMatchObject({ isPremium: false, subscriptionId: null, lastStripeSync: null });
    });

    it("a replayed event answers duplicate and changes nothing, even an old update after the deletion", async () => {
      const { user, start, fields } = await subscriber();
      const updated = stripeEvent("customer.subscription.updated", stripeSubscription(fields), start);
      expect(await outcomeOf(updated)).toBe("applied");
      const deleted = stripeSubscription({ ...fields, status: "canceled" });
      await outcomeOf(stripeEvent("customer.subscription.deleted", deleted, later(start, SECOND)));
      const before = await readUser(user.id);
      ctx().clock.advance(MINUTE);

      expect(await outcomeOf(updated)).toBe("duplicate");
      expect(await readUser(user.id)).toEqual(before);
    });

    it("out of order: deletion before creation stays canceled; an older update after a newer one changes nothing", async () => {
      const { user, start, fields } = await subscriber();
      const deleted = stripeSubscription({ ...fields, status: "canceled" });
      await outcomeOf(stripeEvent("customer.subscription.deleted", deleted, later(start, 2 * SECOND)));
      expect(await outcomeOf(stripeEvent("customer.subscription.created", stripeSubscription(fields), start))).toBe(
        "ignored",
      );
      const updated = stripeSubscription({ ...fields, cancelAtPeriodEnd: true });
      expect(await outcomeOf(stripeEvent("customer.subscription.updated", updated, later(start, SECOND)))).toBe(
        "ignored",
      );
      expect(await readUser(user.id)).toMatchObject({
        subscriptionStatus: "canceled",
        subscriptionCancelAtPeriodEnd: false,
        subscriptionStateAt: later(start, 2 * SECOND),
      });

      const other = await subscriber();
      const newer = stripeSubscription({ ...other.fields, cancelAtPeriodEnd: true });
      await outcomeOf(stripeEvent("customer.subscription.updated", newer, later(other.start, 2 * SECOND)));
      const older = stripeSubscription(other.fields);
      expect(await outcomeOf(stripeEvent("customer.subscription.updated", older, later(other.start, SECOND)))).toBe(
        "ignored",
      );
      expect((await readUser(other.user.id)).subscriptionCancelAtPeriodEnd).toBe(true);
    });

    it("an event about an unknown customer answers 200 (Stripe would retry a failure for days)", async () => {
      const fields = { id: stripeId("sub"), customer: stripeId("cus"), status: "active" as const };
      const period = { periodStart: now(), periodEnd: later(now(), PERIOD_MS) };
      const event = stripeEvent("customer.subscription.updated", stripeSubscription({ ...fields, ...period }), now());
      expect(await outcomeOf(event)).toBe("ignored");
      expect(await outcomeOf(event)).toBe("duplicate");
    });

    it("ten concurrent deliveries of one event apply it once", async () => {
      const { user, start, fields } = await subscriber();
      const event = stripeEvent("customer.subscription.created", stripeSubscription(fields), start);
      const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const outcomes = responses.map((r) => r.json().outcome).sort();
      expect(outcomes).toEqual(["applied", ...Array(9).fill("duplicate")]);
      expect((await readUser(user.id)).isPremium).toBe(true);
    });

    it("an event the app cannot apply answers 500 and leaves nothing behind, so Stripe's retry applies it", async () => {
      const { user, start, fields } = await subscriber();
      const event = stripeEvent("customer.subscription.created", stripeSubscription(fields), start);
      const broken = JSON.stringify({ ...event, data: { object: null } });
      expect((await deliver(event, { payload: broken })).statusCode).toBe(500);
      expect(await recorded(event.id)).toBeUndefined();
      expect(await outcomeOf(event)).toBe("applied");
      expect((await readUser(user.id)).isPremium).toBe(true);
    });

    it("a body over the limit answers 413", async () => {
      const { start, fields } = await subscriber();
      const event = stripeEvent("customer.subscription.created", stripeSubscription(fields), start);
      const padded = JSON.stringify({ ...event, padding: "x".repeat(WEBHOOK_BODY_LIMIT) });
      expect((await deliver(event, { payload: padded })).statusCode).toBe(413);
      expect(await recorded(event.id)).toBeUndefined();
    });

    it("the raw body stays inside the webhook: other API routes still parse JSON", async () => {
      const response = await send(ctx().app, "POST", "/api/register", {
        username: "ab",
        email: "raw-parser@example.test",
        password: "Str0ng!pass",
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: "Username must be at least 3 characters" });
    });

    it("the raw parser does not reach a route registered after the webhook's plugin", async () => {
      const app = Fastify();
      app.decorate("deps", ctx().deps);
      await app.register(stripeWebhookRoutes);
      app.post("/after", async (request) => ({ parsed: request.body }));
      const response = await app.inject({ method: "POST", url: "/after", payload: { a: 1 } });
      expect(response.json()).toEqual({ parsed: { a: 1 } });
      await app.close();
    });
  },
  { payments: webhookTestPayments() },
);

describeEachDb("POST /api/stripe/webhook with the demo checkout", (ctx) => {
  it("answers 404: the demo driver has no webhooks", async () => {
    const event = stripeEvent("invoice.paid", {} as Stripe.Invoice, new Date());
    const response = await deliverWebhook(ctx().app, event);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: WEBHOOKS_DISABLED, code: "NOT_FOUND" });
  });
});
