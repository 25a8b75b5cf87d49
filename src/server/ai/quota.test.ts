// The quota's charge and refund on their own: which allowance pays, and what a refund gives back on the same day
// and after the UTC day has changed.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { users } from "../db/schema";
import { describeEachDb } from "../test/app";
import { createUser } from "../test/factories";
import { chargePromptOrThrow, promptAllowance, refundPrompt } from "./quota";

const DAY = 24 * 60 * 60 * 1000;

describeEachDb("Marin quota", (ctx) => {
  const row = async (id: number) => (await ctx().database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it("charges the day's free prompts first, then the pool, then refuses", async () => {
    const { db } = ctx().database;
    const user = await createUser(db, { bonusPrompts: 1 });
    const now = new Date("2026-03-01T23:59:00Z");
    const buckets = [];
    for (let i = 0; i < 4; i++) buckets.push((await chargePromptOrThrow(db, user, now)).bucket);
    expect(buckets).toEqual(["daily", "daily", "daily", "bonus"]);
    await expect(chargePromptOrThrow(db, user, now)).rejects.toMatchObject({
      status: 429,
      extra: { dailyLimit: true },
    });
    expect(await row(user.id)).toMatchObject({ dailyPromptCount: 4, bonusPrompts: 0, lastPromptDate: "2026-03-01" });
    expect(promptAllowance(await row(user.id), now)).toEqual({ showPromptCount: true, promptsLeft: 0, dailyLimit: 4 });
    // A minute later it is another UTC day.
    const tomorrow = new Date(now.getTime() + 60_000);
    expect(promptAllowance(await row(user.id), tomorrow)).toMatchObject({ promptsLeft: 3 });
    expect(await chargePromptOrThrow(db, user, tomorrow)).toMatchObject({
      bucket: "daily",
      allowance: { promptsLeft: 2 },
    });
  });

  it("refunds the top prompt of the day: to the pool when the count is past the free allowance", async () => {
    const { db } = ctx().database;
    const user = await createUser(db, { bonusPrompts: 2 });
    const now = new Date("2026-03-02T10:00:00Z");
    const charges = [];
    for (let i = 0; i < 4; i++) charges.push(await chargePromptOrThrow(db, user, now));
    expect(await row(user.id)).toMatchObject({ dailyPromptCount: 4, bonusPrompts: 1 });
    // The first (daily) charge fails last: the pool prompt spent after it is what goes back.
    await refundPrompt(db, user.id, charges[0]!);
    expect(await row(user.id)).toMatchObject({ dailyPromptCount: 3, bonusPrompts: 2 });
    await refundPrompt(db, user.id, charges[1]!);
    expect(await row(user.id)).toMatchObject({ dailyPromptCount: 2, bonusPrompts: 2 });
  });

  it("after the day changed, gives back a pool prompt but not a daily one", async () => {
    const { db } = ctx().database;
    const user = await createUser(db, { bonusPrompts: 1 });
    const day1 = new Date("2026-03-03T12:00:00Z");
    const charges = [];
    for (let i = 0; i < 4; i++) charges.push(await chargePromptOrThrow(db, user, day1));
    await chargePromptOrThrow(db, user, new Date(day1.getTime() + DAY));
    expect(await row(user.id)).toMatchObject({ dailyPromptCount: 1, bonusPrompts: 0, lastPromptDate: "2026-03-04" });
    await refundPrompt(db, user.id, charges[0]!);
    expect(await row(user.id)).toMatchObject({ dailyPromptCount: 1, bonusPrompts: 0 });
    await refundPrompt(db, user.id, charges[3]!);
    expect(await row(user.id)).toMatchObject({ dailyPromptCount: 1, bonusPrompts: 1 });
  });

  it("never counts a premium user", async () => {
    const { db } = ctx().database;
    const user = await createUser(db, { isPremium: true });
    const charge = await chargePromptOrThrow(db, user, new Date());
    expect(charge).toMatchObject({ bucket: "none", allowance: { showPromptCount: false, promptsLeft: null } });
    await refundPrompt(db, user.id, charge);
    expect(await row(user.id)).toMatchObject({ dailyPromptCount: 0, lastPromptDate: null });
  });
});
