// "Refer a Friend": the stable link, and the referrer's bonus once the referred account verifies its email.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REFERRAL_BONUS_PROMPTS } from "../../shared/limits";
import { referrals, users } from "../db/schema";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { grantReferralBonus, mailboxOf } from "./referrals";
import { freshIp, newAccount, outboxLink, sendFrom } from "../test/accounts";

describe("mailboxOf", () => {
  it.each([
    ["Ana.Lee+ficforge@GMAIL.com", "analee@gmail.com"],
    ["a.n.a.lee@googlemail.com", "analee@gmail.com"],
    ["ana.lee+x@example.com", "ana.lee@example.com"],
    [" Ana.Lee@Example.com ", "ana.lee@example.com"],
  ])("%s is the mailbox %s", (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });
});

describeEachDb("referrals", (ctx) => {
  const db = () => ctx().database.db;
  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;
  const referralOf = async (referredUserId: number) =>
    (await db().select().from(referrals).where(eq(referrals.referredUserId, referredUserId)))[0];

  async function register(account: ReturnType<typeof newAccount>) {
    const response = await sendFrom(ctx().app, freshIp(), "POST", "/api/register", account);
    expect(response.statusCode, response.body).toBe(200);
    await ctx().app.background.settled();
    return outboxLink(ctx().mailer, account.email, "/api/verify-email");
  }
  const follow = (path: string) => ctx().app.inject({ method: "GET", url: path });

  it("answers the signed-in user's stable link, and 401 when signed out", async () => {
    expect((await send(ctx().app, "GET", "/api/referral")).statusCode).toBe(401);
    const { user, headers } = await createVerifiedUserWithSession(db(), { referralCode: `code${Date.now()}` });
    const first = await send(ctx().app, "GET", "/api/referral", undefined, headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      code: user.referralCode,
      url: `${TEST_APP_URL}/auth?ref=${user.referralCode}`,
      credited: 0,
    });
    const again = await send(ctx().app, "GET", "/api/referral", undefined, headers);
    expect(again.json()).toEqual(first.json());
  });

  it("gives an account from before referral codes one code, once, even to concurrent requests", async () => {
    const { user, headers } = await createVerifiedUserWithSession(db());
    expect(user.referralCode).toBeNull();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(ctx().app, "GET", "/api/referral", undefined, headers)),
    );
    const codes = new Set(answers.map((a) => a.json().code as string));
    expect(codes.size).toBe(1);
    const [code] = codes;
    expect(code).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect((await userRow(user.id)).referralCode).toBe(code);
    const later = await send(ctx().app, "GET", "/api/referral", undefined, headers);
    expect(later.json().url).toBe(`${TEST_APP_URL}/auth?ref=${code}`);
  });

  it("credits the referrer once when the referred account verifies, even when the link is followed twice at once", async () => {
    const referrer = await createVerifiedUserWithSession(db(), { referralCode: `ref${Date.now()}` });
    const friend = newAccount({ ref: referrer.user.referralCode! });
    const link = await register(friend);
    const friendRow = await userByEmail(friend.email);
    expect(await referralOf(friendRow.id)).toMatchObject({ referrerId: referrer.user.id, bonusGrantedAt: null });
    // Signing up alone credits nothing: the address is not proven yet.
    expect((await userRow(referrer.user.id)).bonusPrompts).toBe(0);

    const [a, b] = await Promise.all([follow(link), follow(link)]);
    expect([a.statusCode, b.statusCode]).toEqual([302, 302]);
    expect((await userRow(referrer.user.id)).bonusPrompts).toBe(REFERRAL_BONUS_PROMPTS);
    expect((await referralOf(friendRow.id))?.bonusGrantedAt).toBeInstanceOf(Date);
    await follow(link);
    expect((await userRow(referrer.user.id)).bonusPrompts).toBe(REFERRAL_BONUS_PROMPTS);

    const answer = await send(ctx().app, "GET", "/api/referral", undefined, referrer.headers);
    expect(answer.json().credited).toBe(1);
  });

  it("grants once when two proofs of the address race (a verification and a password reset)", async () => {
    const referrer = await createVerifiedUserWithSession(db());
    const friend = await createVerifiedUserWithSession(db());
    await db().insert(referrals).values({ referrerId: referrer.user.id, referredUserId: friend.user.id, code: "x" });
    const now = ctx().clock.now();
    const granted = await Promise.all([1, 2, 3].map(() => grantReferralBonus(db(), friend.user.id, now)));
    expect(granted.filter((id) => id !== null)).toEqual([referrer.user.id]);
    expect((await userRow(referrer.user.id)).bonusPrompts).toBe(REFERRAL_BONUS_PROMPTS);
  });

  it("credits nothing for referring yourself from another address of the same mailbox", async () => {
    const stamp = Date.now();
    const me = await createVerifiedUserWithSession(db(), {
      email: `ana.lee${stamp}@gmail.com`,
      referralCode: `self${stamp}`,
    });
    const alias = newAccount({ email: `Ana.Lee${stamp}+again@googlemail.com`, ref: me.user.referralCode! });
    await follow(await register(alias));
    const aliasRow = await userByEmail(alias.email);
    expect(aliasRow.emailVerified).toBe(true);
    expect((await userRow(me.user.id)).bonusPrompts).toBe(0);
    expect(await referralOf(aliasRow.id)).toBeUndefined();
    const answer = await send(ctx().app, "GET", "/api/referral", undefined, me.headers);
    expect(answer.json().credited).toBe(0);
  });

  it("registers with an unknown code as without one", async () => {
    const stranger = newAccount({ ref: "no-such-code" });
    await follow(await register(stranger));
    const row = await userByEmail(stranger.email);
    expect(row.emailVerified).toBe(true);
    expect(await referralOf(row.id)).toBeUndefined();
  });
});
