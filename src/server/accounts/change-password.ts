// POST /api/account/password: a new password (with the sign-up rules) after the current one; every other session
// ends, this one stays, and an email says it happened. A Google-only account sets its first password here.
import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { passwordResets, sessions, users } from "../db/schema";
import { passwordChangedEmail } from "../mail/templates";
import type { UserRow } from "../types";
import { cancelPendingEmailChanges } from "./change-email";
import { accountContext, sendAccountEmail } from "./context";
import { hashPassword, passwordCost } from "./passwords";
import { confirmIdentity } from "./reauth";

export const PASSWORD_CHANGED = "Your password has been changed. Every other device has been signed out.";
export const PASSWORD_SET = "Your password is set. You can now sign in with your email and password too.";

export async function changePassword(
  request: FastifyRequest,
  user: UserRow,
  body: { currentPassword: string; newPassword: string },
): Promise<string> {
  await confirmIdentity(request, user, body.currentPassword);
  const ctx = accountContext(request);
  const hash = await hashPassword(body.newPassword, passwordCost(ctx.config));
  const now = ctx.now();
  const firstPassword = !user.password;
  const { ended, cancelled } = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password: hash, authProvider: user.authProvider === "google" ? "both" : user.authProvider })
      .where(eq(users.id, user.id));
    // Reset links in flight die with the old password.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    const cancelled = await cancelPendingEmailChanges(tx, user.id, now);
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, request.sessionId!)))
      .returning({ id: sessions.id });
    return { ended, cancelled };
  });
  sendAccountEmail(ctx, passwordChangedEmail(user.email, user.username, ended.length > 0, cancelled));
  return firstPassword ? PASSWORD_SET : PASSWORD_CHANGED;
}
