// GET /api/verify-email: the token's hash stays on the user after verifying, so a reused link reads "already verified".
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { grantReferralBonus } from "./referrals";
import { sha256 } from "./sessions";
import { sessionsChanged } from "./session-cache";

export type VerifyOutcome = "verified" | "already" | "invalid";

export interface Verified {
  outcome: VerifyOutcome;
  /** The verified address, so the sign-in form can be filled in for the person who holds the link. */
  email?: string;
}

export async function verifyEmail(db: Db, token: string | undefined, now: Date): Promise<Verified> {
  if (!token) return { outcome: "invalid" };
  const hash = sha256(token);
  let referrer: number | null = null;
  const verified = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ emailVerified: true })
      .where(
        and(eq(users.verificationToken, hash), eq(users.emailVerified, false), gt(users.verificationTokenExpiry, now)),
      )
      .returning({ id: users.id, email: users.email });
    // The account that signed up with a friend's link has proven its address: the friend gets the bonus, in the
    // same transaction, so an account is never verified with its referral left uncredited.
    if (row) referrer = await grantReferralBonus(tx, row.id, now);
    return row;
  });
  if (verified) {
    // Issue 19: email_verified is part of the cached session (the link may open in a signed-in browser).
    await sessionsChanged(db, { userId: verified.id });
    if (referrer !== null) await sessionsChanged(db, { userId: referrer });
    return { outcome: "verified", email: verified.email };
  }
  const [user] = await db
    .select({ emailVerified: users.emailVerified, email: users.email })
    .from(users)
    .where(eq(users.verificationToken, hash))
    .limit(1);
  return user?.emailVerified ? { outcome: "already", email: user.email } : { outcome: "invalid" };
}

// NOTE: every outcome names itself in the query, so /email-confirmed opened without one can say nothing was verified.
const VERIFY_REDIRECTS: Record<VerifyOutcome, string> = {
  verified: "/email-confirmed?verified=true",
  already: "/email-confirmed?already=true",
  invalid: "/email-confirmed?error=invalid",
};

/**
 * Where the emailed link lands. The address rides in the fragment, which browsers never send to a server
 * (so it stays out of access logs and Referer headers), for /email-confirmed to hand on to the sign-in form.
 */
export function verifyRedirect({ outcome, email }: Verified): string {
  const target = VERIFY_REDIRECTS[outcome];
  return email ? `${target}#${new URLSearchParams({ email })}` : target;
}
