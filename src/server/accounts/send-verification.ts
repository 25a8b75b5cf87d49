// Issues a fresh one-time verification link (only its SHA-256 is stored) and emails it.
import { eq } from "drizzle-orm";
import { VERIFICATION_TOKEN_TTL_MS } from "../../shared/limits";
import { users } from "../db/schema";
import { verificationEmail } from "../mail/templates";
import type { UserRow } from "../types";
import { type AccountContext, sendAccountEmail } from "./context";
import { findUserByEmail } from "./find-user";
import { randomToken, sha256 } from "./sessions";
import type { Throttle } from "./throttle";

export function newVerificationToken(now: Date) {
  const token = randomToken();
  return { token, hash: sha256(token), expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS) };
}

export const verificationLink = (ctx: AccountContext, token: string) =>
  `${ctx.config.APP_URL}/api/verify-email?token=${encodeURIComponent(token)}`;

export function sendVerificationEmail(ctx: AccountContext, user: UserRow, token: string): void {
  sendAccountEmail(ctx, verificationEmail(user.email, user.username, verificationLink(ctx, token)));
}

/**
 * POST /api/resend-verification: a new link for an unverified account; silent otherwise. All of it runs after the
 * answer, so the answer takes the same path, and time, whether or not such an account exists.
 */
export function resendVerification(ctx: AccountContext, email: string, perEmail: Throttle): void {
  ctx.background.run(ctx.log, "resending a verification email", async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || user.emailVerified) return;
    const key = user.email.toLowerCase();
    if (!(await perEmail.take(key))) return;
    const fresh = newVerificationToken(ctx.now());
    await ctx.db
      .update(users)
      .set({ verificationToken: fresh.hash, verificationTokenExpiry: fresh.expiresAt })
      .where(eq(users.id, user.id));
    await ctx.mailer.send(verificationEmail(user.email, user.username, verificationLink(ctx, fresh.token)));
  });
}
