// applyStripeEvent on a real database: idempotency by event id, ordering, the subscriber lookup, and rollback.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { expect, it } from "vitest";
import { stripeEvents, users } from "../db/schema";
import { describeEachDb } from "../test/app";
import { createUser } from "../test/factories";
import { applyStripeEvent } from "./apply-event";
import {
  PERIOD_MS,
  stripeCheckoutSession,
  stripeEvent,
  stripeId,
  stripeInvoice,
  stripeSubscription,
  type SubscriptionFields,
  wholeSecond,
} from "../test/billing-events";

const SECOND = 1000;

describeEachDb("applyStripeEvent", (ctx) => {
  const db = () => ctx().database.db;
  const readUser = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const recorded = async (id: string) => (await db().select().from(stripeEvents).where(eq(stripeEvents.id, id)))[0];

  /** A user with a Stripe customer, and the subscription fields of a month starting now. */
  async function subscriber() {
    const customer = stripeId("cus");
    const user = await createUser(db(), { stripeCustomerId: customer });
    const start = wholeSecond(ctx().clock.now());
    const fields: SubscriptionFields = {
      id: stripeId("sub"),
      customer,
      status: "active",
      periodStart: start,
      periodEnd: new Date(start.getTime() + PERIOD_MS),
    };
    return { user, customer, start, fields };
  }
  const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * SECOND);
  const apply = (event: Stripe.Event) => applyStripeEvent(db(), event, ctx().clock.now());

  it("a paid checkout links the customer to the user it names and makes them premium", async () => {
    const user = await createUser(db());
    const customer = stripeId("cus");
    const subscription = stripeId("sub");
    const session = stripeCheckoutSession({ customer, subscription, userId: user.id });
    const event = stripeEvent("checkout.session.completed", session, ctx().clock.now());

    expect(await apply(event)).toBe("applied");
    expect(await readUser(user.id)).toMatchObject({
      isPremium: true,
      stripeCustomerId: customer,
      subscriptionId: subscription,
      subscriptionStatus: "active",
      lastStripeSync: ctx().clock.now(),
    });
    expect((await recorded(event.id))?.processedAt).toEqual(ctx().clock.now());
  });

  it("a checkout carrying the expanded subscription takes its paid period from it", async () => {
    const user = await createUser(db());
    const start = wholeSecond(ctx().clock.now());
    const fields = { id: stripeId("sub"), customer: stripeId("cus"), status: "active" as const, periodStart: start };
    const subscription = stripeSubscription({ ...fields, periodEnd: new Date(start.getTime() + PERIOD_MS) });
    const session = stripeCheckoutSession({ customer: fields.customer, subscription, userId: user.id });
    expect(await apply(stripeEvent("checkout.session.completed", session, start))).toBe("applied");
    expect(await readUser(user.id)).toMatchObject({
      isPremium: true,
      stripeCustomerId: fields.customer,
      subscriptionId: fields.id,
      subscriptionExpiresAt: new Date(start.getTime() + PERIOD_MS),
    });
  });

  it("a checkout older than the state held links nothing new and changes nothing", async () => {
    const { user, customer, start, fields } = await subscriber();
    const canceled = stripeSubscription({ ...fields, status: "canceled" });
    await apply(stripeEvent("customer.subscription.deleted", canceled, at(start, 5)));
    const session = stripeCheckoutSession({ customer, subscription: fields.id, userId: user.id });
    expect(await apply(stripeEvent("checkout.session.completed", session, at(start, 1)))).toBe("ignored");
    expect(await readUser(user.id)).toMatchObject({
      subscriptionStatus: "canceled",
      subscriptionStateAt: at(start, 5),
    });
  });

  it("an unpaid checkout links the customer and grants nothing yet", async () => {
    const user = await createUser(db());
    const customer = stripeId("cus");
    const session = stripeCheckoutSession({
      customer,
      subscription: stripeId("sub"),
      userId: user.id,
      paymentStatus: "unpaid",
    });
    expect(await apply(stripeEvent("checkout.session.completed", session, ctx().clock.now()))).toBe("applied");
    expect(await readUser(user.id)).toMatchObject({
      isPremium: false,
      stripeCustomerId: customer,
      subscriptionId: null,
    });
  });

  it("a replayed event id answers duplicate and changes nothing, even after a newer state", async () => {
    const { user, start, fields } = await subscriber();
    const updated = stripeEvent("customer.subscription.updated", stripeSubscription(fields), at(start, 1));
    expect(await apply(updated)).toBe("applied");
    const deleted = stripeSubscription({ ...fields, status: "canceled" });
    expect(await apply(stripeEvent("customer.subscription.deleted", deleted, at(start, 2)))).toBe("applied");
    const before = await readUser(user.id);

    // Replayed with a later created time, so only the event id can stop it.
    expect(await apply({ ...updated, created: updated.created + 60 })).toBe("duplicate");
    expect(await readUser(user.id)).toEqual(before);
    expect(before).toMatchObject({ subscriptionStatus: "canceled", isPremium: false });
  });

  it("an older event than the state held changes nothing but is recorded", async () => {
    const { user, start, fields } = await subscriber();
    const newer = stripeSubscription({ ...fields, cancelAtPeriodEnd: true });
    expect(await apply(stripeEvent("customer.subscription.updated", newer, at(start, 10)))).toBe("applied");
    const older = stripeEvent("customer.subscription.updated", stripeSubscription(fields), at(start, 5));

    expect(await apply(older)).toBe("ignored");
    expect(await readUser(user.id)).toMatchObject({
      subscriptionCancelAtPeriodEnd: true,
      subscriptionStateAt: at(start, 10),
    });
    expect((await recorded(older.id))?.processedAt).toEqual(ctx().clock.now());
  });

  it("deleted arriving before created and updated stays canceled", async () => {
    const { user, start, fields } = await subscriber();
    const canceled = stripeSubscription({ ...fields, status: "canceled" });
    expect(await apply(stripeEvent("customer.subscription.deleted", canceled, at(start, 30)))).toBe("applied");
    expect(await apply(stripeEvent("customer.subscription.created", stripeSubscription(fields), at(start, 0)))).toBe(
      "ignored",
    );
    // Same second as the deletion: canceled is terminal for one subscription id.
    expect(await apply(stripeEvent("customer.subscription.updated", stripeSubscription(fields), at(start, 30)))).toBe(
      "ignored",
    );
    expect(await readUser(user.id)).toMatchObject({
      subscriptionId: fields.id,
      subscriptionStatus: "canceled",
      // No ended_at in the payload: the deletion's own time is the end.
      subscriptionExpiresAt: at(start, 30),
      subscriptionCancelAtPeriodEnd: false,
      isPremium: false,
    });
  });

  it("a newer subscription replaces a canceled one; an abandoned one never takes over from a paid one", async () => {
    const { user, start, fields } = await subscriber();
    const old = stripeSubscription({ ...fields, status: "canceled" });
    await apply(stripeEvent("customer.subscription.deleted", old, at(start, 1)));
    const renewed = { ...fields, id: stripeId("sub"), periodEnd: at(start, PERIOD_MS / SECOND + 99) };
    expect(await apply(stripeEvent("customer.subscription.created", stripeSubscription(renewed), at(start, 2)))).toBe(
      "applied",
    );
    const abandoned = stripeSubscription({ ...fields, id: stripeId("sub"), status: "incomplete_expired" });
    expect(await apply(stripeEvent("customer.subscription.updated", abandoned, at(start, 3)))).toBe("ignored");
    expect(await readUser(user.id)).toMatchObject({
      subscriptionId: renewed.id,
      subscriptionStatus: "active",
      subscriptionExpiresAt: renewed.periodEnd,
      isPremium: true,
    });
  });

  it("reads the older payload shapes: a top-level period end and invoice.subscription", async () => {
    const { user, start, fields } = await subscriber();
    const legacy = {
      ...stripeSubscription(fields),
      items: { data: [] },
      current_period_end: fields.periodEnd.getTime() / SECOND,
    };
    await apply(stripeEvent("customer.subscription.created", legacy as unknown as Stripe.Subscription, at(start, 1)));
    expect((await readUser(user.id)).subscriptionExpiresAt).toEqual(fields.periodEnd);

    const nextEnd = new Date(fields.periodEnd.getTime() + PERIOD_MS);
    const invoice = stripeInvoice({
      ...fields,
      subscription: fields.id,
      periodStart: fields.periodEnd,
      periodEnd: nextEnd,
    });
    const oldInvoice = { ...invoice, parent: null, subscription: fields.id } as unknown as Stripe.Invoice;
    expect(await apply(stripeEvent("invoice.paid", oldInvoice, at(start, 2)))).toBe("applied");
    expect((await readUser(user.id)).subscriptionExpiresAt).toEqual(nextEnd);
  });

  it("an event about no known customer is recorded and ignored", async () => {
    const fields = { id: stripeId("sub"), customer: stripeId("cus"), status: "active" as const };
    const period = { periodStart: ctx().clock.now(), periodEnd: new Date(ctx().clock.now().getTime() + PERIOD_MS) };
    const event = stripeEvent(
      "customer.subscription.created",
      stripeSubscription({ ...fields, ...period }),
      period.periodStart,
    );
    const warnings: object[] = [];
    expect(await applyStripeEvent(db(), event, ctx().clock.now(), { warn: (d) => warnings.push(d) })).toBe("ignored");
    expect(await recorded(event.id)).toBeTruthy();
    expect(warnings).toEqual([{ stripeEvent: event.id, type: event.type, customer: fields.customer }]);
  });

  it("a type outside the allow-list is ignored and not recorded", async () => {
    const event = { ...stripeEvent("invoice.paid", {} as Stripe.Invoice, ctx().clock.now()), type: "charge.refunded" };
    expect(await apply(event as unknown as Stripe.Event)).toBe("ignored");
    expect(await recorded(event.id)).toBeUndefined();
  });

  it("a handler that throws rolls the whole event back, so Stripe's retry applies it", async () => {
    const { user, start, fields } = await subscriber();
    const good = stripeEvent("customer.subscription.created", stripeSubscription(fields), at(start, 1));
    const broken = { ...good, data: { object: null } } as unknown as Stripe.Event;
    await expect(apply(broken)).rejects.toThrow();
    expect(await recorded(good.id)).toBeUndefined();
    expect(await apply(good)).toBe("applied");
    expect((await readUser(user.id)).isPremium).toBe(true);
  });

  it("ten concurrent deliveries of one event apply it once", async () => {
    const { user, start, fields } = await subscriber();
    const event = stripeEvent("customer.subscription.created", stripeSubscription(fields), at(start, 1));
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => apply(event)));
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(9);
    expect((await readUser(user.id)).isPremium).toBe(true);
  });
});
