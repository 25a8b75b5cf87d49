// An author's Plus perks leave readers' (cached) views as soon as the subscription that paid for them ends: by a
// webhook, by the demo portal, or by the scheduled check.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { expect, it } from "vitest";
import { users } from "../db/schema";
import { dataUrl, solidImage } from "../test/images";
import { maintenanceJobs } from "../maintenance-jobs";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { deliverWebhook, webhookTestPayments } from "../test/stripe-webhooks";
import {
  PERIOD_MS,
  stripeEvent,
  stripeId,
  stripeInvoice,
  stripeSubscription,
  wholeSecond,
} from "../test/billing-events";

describeEachDb(
  "Plus perks in readers' views follow the author's subscription",
  (ctx) => {
    const db = () => ctx().database.db;
    const read = async (id: number) => (await send(ctx().app, "GET", `/api/stories/${id}/read`)).json();

    /** A premium author (customer `customer`) with a published story that has a reader background, read once. */
    async function authorWithBackground() {
      const customer = stripeId("cus");
      const { user, cookie } = await createVerifiedUserWithSession(db(), {
        isPremium: true,
        stripeCustomerId: customer,
      });
      const story = await createStory(db(), { authorId: user.id, published: true, publishedAt: new Date() });
      const image = dataUrl(await solidImage("png", 40, 30, "#335577"));
      const set = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { readerBackground: image }, { cookie });
      expect(set.statusCode, set.body).toBe(200);
      expect((await read(story.id)).readerBackground).toMatch(/^\/api\/images\//);
      return { user, customer, story };
    }

    const deliver = async (event: Stripe.Event) => {
      const response = await deliverWebhook(ctx().app, event);
      expect(response.json()).toMatchObject({ outcome: "applied" });
    };

    it("a subscription that ends by webhook takes the background out of the cached reader view", async () => {
      const { user, customer, story } = await authorWithBackground();
      const start = wholeSecond(ctx().clock.now());
      // Ended mid-period (an operator's cancel or a refund): Plus and its perks end at once, not at the period end.
      const fields = {
        id: stripeId("sub"),
        customer,
        periodStart: new Date(start.getTime() - PERIOD_MS / 2),
        periodEnd: new Date(start.getTime() + PERIOD_MS / 2),
      };
      const ended = stripeSubscription({ ...fields, status: "canceled", endedAt: start });
      await deliver(stripeEvent("customer.subscription.deleted", ended, start));
      expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.isPremium).toBe(false);
      expect((await read(story.id)).readerBackground).toBeNull();

      // Subscribing again brings it back at once.
      const renewed = {
        ...fields,
        id: stripeId("sub"),
        periodStart: start,
        periodEnd: new Date(start.getTime() + PERIOD_MS),
      };
      const invoice = stripeInvoice({
        customer,
        subscription: renewed.id,
        periodStart: start,
        periodEnd: renewed.periodEnd,
      });
      await deliver(stripeEvent("invoice.paid", invoice, new Date(start.getTime() + 1000)));
      expect((await read(story.id)).readerBackground).toMatch(/^\/api\/images\//);
    });

    it("the scheduled check that ends premium takes the background out too", async () => {
      const { user, story } = await authorWithBackground();
      await db()
        .update(users)
        .set({ subscriptionStatus: "canceled", subscriptionExpiresAt: ctx().clock.now() })
        .where(eq(users.id, user.id));
      ctx().clock.advance(60_000);
      const job = maintenanceJobs(ctx().deps, ctx().app.readCache).find((j) => j.name === "expire-subscriptions")!;
      expect(await job.run()).toBeGreaterThanOrEqual(1);
      expect((await read(story.id)).readerBackground).toBeNull();
    });
  },
  { payments: webhookTestPayments() },
);
