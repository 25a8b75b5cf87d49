// "Refer a Friend": each account's stable link, and the referrer's bonus prompts once a referred account has
// proven its address (email verification, or a password reset link followed, which proves it just as well).
import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { REFERRAL_BONUS_PROMPTS } from "../../shared/limits";
import type { ReferralAnswer } from "../../shared/schemas/marin";
import type { Db } from "../db/client";
import { referrals, users } from "../db/schema";
import type { UserRow } from "../types";
import { violatedUniqueConstraint } from "./find-user";
import { newReferralCode } from "./register-user";

/**
 * One mailbox, however the address is written: lower case, '+tag' dropped, and for Gmail the dots dropped too
 * (Gmail ignores them, and googlemail.com is the same service). Other providers treat dots as significant.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  let local = address.slice(0, at).replace(/\+.*$/, "");
  let domain = address.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

/** The user's code; an account from before codes existed gets one now, once, whichever request sets it first. */
export async function getReferralCodeOrCreate(db: Db, user: Pick<UserRow, "id" | "referralCode">): Promise<string> {
  if (user.referralCode) return user.referralCode;
  for (let attempt = 1; ; attempt++) {
    try {
      const [set] = await db
        .update(users)
        .set({ referralCode: newReferralCode() })
        .where(and(eq(users.id, user.id), isNull(users.referralCode)))
        .returning({ code: users.referralCode });
      if (set?.code) return set.code;
      // A concurrent request set it first: that one is the user's code.
      const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, user.id));
      if (row?.code) return row.code;
      throw new Error("user without a referral code vanished");
    } catch (error) {
      // NOTE: 48 random bits make a clash all but impossible; should one happen, a fresh code is drawn.
      if (attempt < 3 && violatedUniqueConstraint(error)?.includes("referral_code")) continue;
      throw error;
    }
  }
}

export async function getReferral(db: Db, user: UserRow, appUrl: string): Promise<ReferralAnswer> {
  const code = await getReferralCodeOrCreate(db, user);
  const [row] = await db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, user.id), isNotNull(referrals.bonusGrantedAt)));
  return { code, url: `${appUrl}/auth?ref=${encodeURIComponent(code)}`, credited: row?.n ?? 0 };
}

/**
 * Credits the referrer of a newly verified account with REFERRAL_BONUS_PROMPTS, once per referred account: the
 * conditional claim of the referral row lets exactly one of any number of concurrent verifications through.
 * A referral between two addresses of one mailbox is someone referring themselves: it is removed, not credited.
 * Answers the referrer credited, if any.
 */
export async function grantReferralBonus(db: Db, referredUserId: number, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .update(referrals)
      .set({ bonusGrantedAt: now })
      .where(and(eq(referrals.referredUserId, referredUserId), isNull(referrals.bonusGrantedAt)))
      .returning({ referrerId: referrals.referrerId });
    if (!claim) return null;
    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`${users.id} in (${claim.referrerId}, ${referredUserId})`);
    const referrer = people.find((p) => p.id === claim.referrerId);
    const referred = people.find((p) => p.id === referredUserId);
    if (
      !referrer ||
      !referred ||
      referrer.id === referred.id ||
      mailboxOf(referrer.email) === mailboxOf(referred.email)
    ) {
      await tx.delete(referrals).where(eq(referrals.referredUserId, referredUserId));
      return null;
    }
    await tx
      .update(users)
      .set({ bonusPrompts: sql`${users.bonusPrompts} + ${REFERRAL_BONUS_PROMPTS}` })
      .where(eq(users.id, referrer.id));
    return referrer.id;
  });
}
