// The scheduled check agrees with premiumFor for every state the webhook can leave a premium user in.
import { inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { users } from "../db/schema";
import { describeEachDb } from "../test/app";
import { createUser } from "../test/factories";
import { expireSubscriptions } from "./expire-subscriptions";
import { premiumFor, RENEWAL_GRACE_MS } from "./subscription-state";

const MINUTE = 60 * 1000;
const STATUSES = ["active", "trialing", "past_due", "canceled", "unpaid", "paused"];
const OFFSETS = [-RENEWAL_GRACE_MS - MINUTE, -RENEWAL_GRACE_MS + MINUTE, -MINUTE, MINUTE, null];

describeEachDb("expireSubscriptions", (ctx) => {
  it("turns premium off exactly where premiumFor says the paid period (and its grace) ran out", async () => {
    const { db } = ctx().database;
    const now = ctx().clock.now();
    const cases = STATUSES.flatMap((status) =>
      OFFSETS.flatMap((offset) =>
        [false, true].map((cancelAtPeriodEnd) => ({
          status,
          cancelAtPeriodEnd,
          expiresAt: offset === null ? null : new Date(now.getTime() + offset),
        })),
      ),
    ).filter((c) => premiumFor(c.status, c.expiresAt, new Date(0), c.cancelAtPeriodEnd));
    const created = await Promise.all(
      cases.map((c) =>
        createUser(db, {
          isPremium: true,
          subscriptionStatus: c.status,
          subscriptionExpiresAt: c.expiresAt,
          subscriptionCancelAtPeriodEnd: c.cancelAtPeriodEnd,
        }),
      ),
    );

    const ended = await expireSubscriptions(db, now);

    const ids = created.map((u) => u.id);
    const rows = await db.select().from(users).where(inArray(users.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r.isPremium]));
    const actual = cases.map((c, i) => ({ ...c, isPremium: byId.get(ids[i]!) }));
    const expected = cases.map((c) => ({
      ...c,
      isPremium: premiumFor(c.status, c.expiresAt, now, c.cancelAtPeriodEnd),
    }));
    expect(actual).toEqual(expected);
    expect(ended).toBe(expected.filter((c) => !c.isPremium).length);
    expect(ended).toBeGreaterThan(0);
    expect(await expireSubscriptions(db, now)).toBe(0);
  });
});
