// Changing the account's email (issue 18): POST /api/account/email mails a link to the new address (24 h, once);
// following it makes the change and tells the old address, with a link to undo it (7 days, once). Undoing puts the
// old address back and ends every session. Only SHA-256 hashes of the links are stored.
import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { EmailChangeStatus } from "../../shared/schemas/account-life";
import type { Db } from "../db/client";
import { emailChanges, users } from "../db/schema";
import { AppError } from "../errors";
import { emailChangeConfirmEmail, emailChangedEmail } from "../mail/templates";
import type { UserRow } from "../types";
import { type AccountContext, accountContext, sendAccountEmail } from "./context";
import { violatedUniqueConstraint } from "./find-user";
import { confirmIdentity } from "./reauth";
import { sessionsChanged } from "./session-cache";
import { destroyAllSessions, randomToken, sha256 } from "./sessions";

export const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
export const UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
// NOTE: one answer for every address that cannot be used (someone else's, or the one the account has), so the
// route tells nobody which addresses have accounts.
export const EMAIL_CHANGE_REFUSED = "That email address can't be used for your account. Please choose another one.";
export const EMAIL_CHANGE_SENT = (address: string) =>
  `We sent a link to ${address}. Your email changes when you open it (within 24 hours).`;

export const EMAIL_CHANGE_CANCELLED = "The email change is cancelled. The link we sent no longer works.";

const refused = () =>
  new AppError(400, "EMAIL_CHANGE_REFUSED", EMAIL_CHANGE_REFUSED, { fields: { newEmail: EMAIL_CHANGE_REFUSED } });

async function addressInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

export async function requestEmailChange(
  request: FastifyRequest,
  user: UserRow,
  body: { newEmail: string; currentPassword: string },
): Promise<string> {
  await confirmIdentity(request, user, body.currentPassword);
  const ctx = accountContext(request);
  const newEmail = body.newEmail.trim();
  if (await addressInUse(ctx.db, newEmail)) throw refused();
  const token = randomToken();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Only the newest request's link works.
    await tx
      .update(emailChanges)
      .set({ confirmExpiresAt: now })
      .where(
        and(eq(emailChanges.userId, user.id), isNull(emailChanges.confirmedAt), gt(emailChanges.confirmExpiresAt, now)),
      );
    await tx.insert(emailChanges).values({
      userId: user.id,
      oldEmail: user.email,
      newEmail,
      confirmTokenHash: sha256(token),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
      createdAt: now,
    });
  });
  const link = `${ctx.config.APP_URL}/api/account/email/confirm?token=${encodeURIComponent(token)}`;
  sendAccountEmail(ctx, emailChangeConfirmEmail(newEmail, user.username, link));
  return EMAIL_CHANGE_SENT(newEmail);
}

/** GET /api/account/email/confirm: the new address confirms; the change is made and the old address told. */
export async function confirmEmailChange(ctx: AccountContext, token: string | undefined): Promise<EmailChangeStatus> {
  if (!token) return "invalid";
  const now = ctx.now();
  const undoToken = randomToken();
  let outcome: { status: EmailChangeStatus; userId?: number; notify?: { old: string; new: string; username: string } };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({
          confirmedAt: now,
          undoTokenHash: sha256(undoToken),
          undoExpiresAt: new Date(now.getTime() + UNDO_TTL_MS),
        })
        .where(
          and(
            eq(emailChanges.confirmTokenHash, sha256(token)),
            isNull(emailChanges.confirmedAt),
            gt(emailChanges.confirmExpiresAt, now),
          ),
        )
        .returning();
      if (!change) return { status: "invalid" as const };
      // NOTE: only while the account still has the address the change was asked from.
      const [user] = await tx
        .update(users)
        .set({ email: change.newEmail, emailVerified: true })
        .where(and(eq(users.id, change.userId), eq(users.email, change.oldEmail)))
        .returning({ username: users.username });
      if (!user) throw new StaleChange();
      return {
        status: "confirmed" as const,
        userId: change.userId,
        notify: { old: change.oldEmail, new: change.newEmail, username: user.username },
      };
    });
  } catch (error) {
    if (error instanceof StaleChange) return "invalid";
    // Someone else took the address after the link was sent.
    if (violatedUniqueConstraint(error)?.includes("email")) return "in-use";
    throw error;
  }
  if (outcome.notify) {
    // Issue 19: the address is part of the cached sessions (GET /api/user shows it), on every instance.
    await sessionsChanged(ctx.db, { userId: outcome.userId! });
    const { old, username } = outcome.notify;
    const link = `${ctx.config.APP_URL}/api/account/email/undo?token=${encodeURIComponent(undoToken)}`;
    sendAccountEmail(ctx, emailChangedEmail(old, username, outcome.notify.new, link));
  }
  return outcome.status;
}

class StaleChange extends Error {}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A password change or reset cancels every email change still waiting for its link: whoever asked for one with the
 * old password must not take the account with it afterwards. Answers the addresses whose links died.
 */
export async function cancelPendingEmailChanges(db: Db | Tx, userId: number, now: Date): Promise<string[]> {
  const cancelled = await db
    .update(emailChanges)
    .set({ confirmExpiresAt: now })
    .where(
      and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), gt(emailChanges.confirmExpiresAt, now)),
    )
    .returning({ newEmail: emailChanges.newEmail });
  return [...new Set(cancelled.map((row) => row.newEmail))];
}

/** GET /api/account/email/undo: the old address takes the account back, and every session ends. */
export async function undoEmailChange(ctx: AccountContext, token: string | undefined): Promise<EmailChangeStatus> {
  if (!token) return "invalid";
  const now = ctx.now();
  try {
    const userId = await ctx.db.transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ undoneAt: now })
        .where(
          and(
            eq(emailChanges.undoTokenHash, sha256(token)),
            isNotNull(emailChanges.confirmedAt),
            isNull(emailChanges.undoneAt),
            gt(emailChanges.undoExpiresAt, now),
          ),
        )
        .returning();
      if (!change) return undefined;
      await tx.update(users).set({ email: change.oldEmail, emailVerified: true }).where(eq(users.id, change.userId));
      // Changes asked for since (perhaps by whoever made this one) die too.
      await tx
        .update(emailChanges)
        .set({ confirmExpiresAt: now })
        .where(
          and(eq(emailChanges.userId, change.userId), ne(emailChanges.id, change.id), isNull(emailChanges.confirmedAt)),
        );
      return change.userId;
    });
    if (userId === undefined) return "invalid";
    await destroyAllSessions(ctx.db, userId);
    return "undone";
  } catch (error) {
    if (violatedUniqueConstraint(error)?.includes("email")) return "in-use";
    throw error;
  }
}

/** The change waiting for its link to be opened, if any: Settings shows it until it is confirmed, ends or is cancelled. */
export async function findPendingEmailChange(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ address: string; expiresAt: string } | null> {
  const [row] = await db
    .select({ address: emailChanges.newEmail, expiresAt: emailChanges.confirmExpiresAt })
    .from(emailChanges)
    .where(
      and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), gt(emailChanges.confirmExpiresAt, now)),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row ? { address: row.address, expiresAt: row.expiresAt.toISOString() } : null;
}

/** DELETE /api/account/email/pending: the link sent for a change stops working (as after 24 hours). */
export async function cancelPendingEmailChange(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(emailChanges)
    .set({ confirmExpiresAt: now })
    .where(
      and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), gt(emailChanges.confirmExpiresAt, now)),
    );
}
