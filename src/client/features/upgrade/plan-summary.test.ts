// How a plan reads: it renews unless canceled (or past saving), the status in words, a warning when a payment failed.
import { describe, expect, it } from "vitest";
import { formatPlanDate, planSummary } from "./plan-summary";

const END = "2026-12-22T12:00:00.000Z";
const plan = (status: string | null, cancelAtPeriodEnd = false, expiresAt: string | null = END) => ({
  subscriptionStatus: status,
  subscriptionExpiresAt: expiresAt,
  subscriptionCancelAtPeriodEnd: cancelAtPeriodEnd,
});

describe("planSummary", () => {
  it("renews an active plan and ends a canceled one on the period's end", () => {
    expect(planSummary(plan("active"))).toEqual({
      status: "Active",
      dateLine: `Renews on ${formatPlanDate(END)}`,
      warning: null,
    });
    expect(planSummary(plan("active", true), Date.parse(END) - 1)).toMatchObject({
      status: "Not renewing",
      dateLine: `Ends on ${formatPlanDate(END)}`,
    });
    expect(planSummary(plan("canceled"), Date.parse(END) - 1).dateLine).toBe(`Ends on ${formatPlanDate(END)}`);
  });

  it("says a plan the provider already ended ended, not that it ends", () => {
    const after = Date.parse(END) + 1;
    expect(planSummary(plan("canceled"), after).dateLine).toBe(`Ended on ${formatPlanDate(END)}`);
    expect(planSummary(plan("active"), after).dateLine).toBe(`Renews on ${formatPlanDate(END)}`);
  });

  it("names the status and warns when a payment failed", () => {
    expect(planSummary(plan("trialing")).status).toBe("Trial");
    const pastDue = planSummary(plan("past_due"));
    expect(pastDue.status).toBe("Payment due");
    expect(pastDue.dateLine).toMatch(/^Renews on /);
    expect(pastDue.warning).toMatch(/Update your card in Manage Subscription/);
  });

  it("has no date line without a period end, and reads an unknown status as active", () => {
    expect(planSummary(plan(null, false, null))).toEqual({ status: "Active", dateLine: null, warning: null });
    expect(planSummary(plan("something_new")).status).toBe("Active");
  });
});
