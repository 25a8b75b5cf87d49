// Password reset: a one-time, one-hour emailed link (only its SHA-256 is stored); using it ends every session.
import { and, eq, gt, isNull } from "drizzle-orm";
import { PASSWORD_RESET_TTL_MS } from "../../shared/limits";
import type { Db } from "../db/client";
import { passwordResets, users } from "../db/schema";
import { AppError } from "../errors";
import { passwordResetEmail } from "../mail/templates";
import { cancelPendingEmailChanges } from "./change-email";
import type { AccountContext } from "./context";
import { findUserByEmail } from "./find-user";
import { hashPassword, type PasswordCost } from "./passwords";
import { grantReferralBonus } from "./referrals";
import { sessionsChanged } from "./session-cache";
import { destroyAllSessions, randomToken, sha256 } from "./sessions";
import { isSystemEmail } from "./system-accounts";
import type { Throttle } from "./throttle";

export const RESET_LINK_INVALID = "This reset link is invalid or has expired.";

/**
 * POST /api/forgot-password: emails a link when the account exists. All of it runs after the answer, so the answer
 * takes the same path, and time, whether or not the account exists.
 */
export function requestPasswordReset(ctx: AccountContext, email: string, perEmail: Throttle): void {
  ctx.background.run(ctx.log, "emailing a password reset link", async () => {
    const user = await findUserByEmail(ctx.db, email);
    // The reserved accounts (orphan_account, '[deleted user]') are signed in to by nobody, ever.
    if (!user || isSystemEmail(user.email)) return;
    const key = user.email.toLowerCase();
    if (!(await perEmail.take(key))) return;
    const token = randomToken();
    const now = ctx.now();
    await ctx.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
      createdAt: now,
    });
    const link = `${ctx.config.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send(passwordResetEmail(user.email, user.username, link));
  });
}

/**
 * POST /api/reset-password. Claiming the token is one conditional update, so two racing requests cannot both use it.
 * Following the emailed link proves the address, so the account also counts as verified afterwards. Answers the
 * account and the pending email changes the reset cancelled, for the route to tell the owner.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  now: Date,
  cost: PasswordCost,
): Promise<{ email: string; username: string; cancelledEmailChanges: string[] }> {
  const [claimed] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  if (!claimed) throw new AppError(400, "INVALID_RESET_TOKEN", RESET_LINK_INVALID);
  const hash = await hashPassword(password, cost);
  const [user] = await db
    .select({ authProvider: users.authProvider, email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, claimed.userId));
  await db
    .update(users)
    .set({ password: hash, emailVerified: true, authProvider: user?.authProvider === "google" ? "both" : undefined })
    .where(eq(users.id, claimed.userId));
  // Other links still in flight die with the old password.
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
  const cancelledEmailChanges = await cancelPendingEmailChanges(db, claimed.userId, now);
  await destroyAllSessions(db, claimed.userId);
  // Following the link verified the address: a referral waiting on that is credited now (at most once).
  const referrer = await grantReferralBonus(db, claimed.userId, now);
  // Issue 19: the referrer's bonus is part of their cached session.
  if (referrer !== null) await sessionsChanged(db, { userId: referrer });
  return { email: user?.email ?? "", username: user?.username ?? "", cancelledEmailChanges };
}
