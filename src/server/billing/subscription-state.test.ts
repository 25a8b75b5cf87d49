// The subscription rules without a database: premiumFor's table and nextSubscriptionState's ordering guards.
import { describe, expect, it } from "vitest";
import { nextSubscriptionState, premiumFor, RENEWAL_GRACE_MS, type SubscriptionState } from "./subscription-state";

const NOW = new Date("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 60 * 60 * 1000;

describe("premiumFor", () => {
  it.each([
    ["active", ago(RENEWAL_GRACE_MS - HOUR), false, true],
    ["active", ago(RENEWAL_GRACE_MS + HOUR), false, false],
    ["active", ago(HOUR), true, false],
    ["active", null, false, true],
    ["trialing", ago(HOUR), false, true],
    ["past_due", ago(RENEWAL_GRACE_MS - HOUR), false, true],
    ["past_due", ago(RENEWAL_GRACE_MS + HOUR), false, false],
    // Stripe's canceled means ended: the paid period left does not matter (issue 16).
    ["canceled", ago(-HOUR), false, false],
    ["canceled", ago(HOUR), false, false],
    ["canceled", null, false, false],
    ["unpaid", ago(-HOUR), false, true],
    ["paused", ago(HOUR), false, false],
    ["incomplete", ago(-HOUR), false, false],
    ["incomplete_expired", ago(-HOUR), false, false],
    [null, ago(-HOUR), false, false],
  ] as const)("%s ending %s (cancel at end: %s) → %s", (status, expiresAt, cancel, premium) => {
    expect(premiumFor(status, expiresAt, NOW, cancel)).toBe(premium);
  });
});

describe("nextSubscriptionState", () => {
  const held: SubscriptionState = {
    subscriptionId: "sub_a",
    status: "active",
    expiresAt: ago(-10 * HOUR),
    cancelAtPeriodEnd: false,
    stateAt: ago(HOUR),
  };

  it("an older event changes nothing; an equal-time one applies", () => {
    const paid = { kind: "paid", subscriptionId: "sub_a", periodEnd: ago(-100 * HOUR) } as const;
    expect(nextSubscriptionState(held, paid, ago(2 * HOUR), NOW)).toBeNull();
    expect(nextSubscriptionState(held, paid, ago(HOUR), NOW)).toMatchObject({ expiresAt: paid.periodEnd });
  });

  it("a failed payment never takes over from another subscription", () => {
    const failed = { kind: "payment-failed", subscriptionId: "sub_b" } as const;
    expect(nextSubscriptionState({ ...held, status: "canceled", expiresAt: ago(HOUR) }, failed, NOW, NOW)).toBeNull();
  });

  it("a paid trial stays trialing, a paid past_due becomes active", () => {
    const paid = { kind: "paid", subscriptionId: "sub_a", periodEnd: null } as const;
    expect(nextSubscriptionState({ ...held, status: "trialing" }, paid, NOW, NOW)?.status).toBe("trialing");
    expect(nextSubscriptionState({ ...held, status: "past_due" }, paid, NOW, NOW)?.status).toBe("active");
  });
});
