// The account behind a verified Google identity: found by Google id, linked by verified email, or created.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { passwordResets, referrals, sessions, trustedDevices, users } from "../db/schema";
import type { UserRow } from "../types";
import { deriveUsername } from "./derive-username";
import { findUserByEmail, violatedUniqueConstraint } from "./find-user";
import type { GoogleIdentity } from "./google-client";
import { newReferralCode } from "./register-user";
import { sessionsChanged } from "./session-cache";

export class GoogleAccountError extends Error {}

export async function findOrCreateGoogleUser(db: Db, identity: GoogleIdentity, now: Date): Promise<UserRow> {
  const [known] = await db.select().from(users).where(eq(users.googleId, identity.sub)).limit(1);
  if (known) return known;

  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    // NOTE: linking on an address Google has not verified would hand the account to whoever typed it in.
    if (!identity.emailVerified) throw new GoogleAccountError("Google has not verified this email address");
    if (existing.googleId) throw new GoogleAccountError("the account is linked to another Google identity");
    return linkGoogleIdentity(db, existing, identity.sub);
  }

  return createGoogleUser(db, identity, now);
}

/**
 * Links a Google identity to the account that holds its email. An account whose address was never verified was
 * made by someone who typed the address in, not necessarily its owner: Google has now proven who owns it, so
 * everything that registration claimed goes (password, pending links, sessions, remembered devices, the unpaid
 * referral) and the account becomes the Google user's. The profile stays; its owner can change it.
 */
async function linkGoogleIdentity(db: Db, existing: UserRow, sub: string): Promise<UserRow> {
  const unproven = !existing.emailVerified;
  const linked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set(
        unproven
          ? { googleId: sub, authProvider: "google", emailVerified: true, password: null, ...NO_VERIFICATION }
          : { googleId: sub, authProvider: existing.authProvider === "google" ? "google" : "both" },
      )
      // NOTE: only while the account is as it was read; a concurrent change makes this sign-in fail, not guess.
      .where(and(eq(users.id, existing.id), isNull(users.googleId), eq(users.emailVerified, existing.emailVerified)))
      .returning();
    if (!row) throw new GoogleAccountError("the account changed during sign-in");
    if (unproven) {
      await tx.delete(passwordResets).where(eq(passwordResets.userId, existing.id));
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      await tx.delete(trustedDevices).where(eq(trustedDevices.userId, existing.id));
      await tx
        .delete(referrals)
        .where(and(eq(referrals.referredUserId, existing.id), isNull(referrals.bonusGrantedAt)));
    }
    return row;
  });
  // Issue 19: the account's cached sessions (ended, when it was unproven) go on every instance.
  await sessionsChanged(db, { userId: existing.id });
  return linked;
}

const NO_VERIFICATION = { verificationToken: null, verificationTokenExpiry: null };

async function createGoogleUser(db: Db, identity: GoogleIdentity, now: Date, retries = 3): Promise<UserRow> {
  const username = await deriveUsername(db, identity.name, identity.email);
  try {
    const [created] = await db
      .insert(users)
      .values({
        username,
        email: identity.email,
        googleId: identity.sub,
        authProvider: "google",
        emailVerified: true,
        referralCode: newReferralCode(),
        createdAt: now,
      })
      .returning();
    return created!;
  } catch (error) {
    // Someone took the derived name between the check and the insert: derive again.
    if (retries > 0 && violatedUniqueConstraint(error)?.includes("username")) {
      return createGoogleUser(db, identity, now, retries - 1);
    }
    throw error;
  }
}

/** Settings → Link Google: the signed-in account takes the identity, unless another account already has it. */
export async function linkGoogleToAccount(db: Db, user: UserRow, sub: string): Promise<void> {
  if (user.googleId === sub) return;
  try {
    const [row] = await db
      .update(users)
      .set({ googleId: sub, authProvider: user.password ? "both" : "google" })
      .where(and(eq(users.id, user.id), isNull(users.googleId)))
      .returning({ id: users.id });
    if (!row) throw new GoogleAccountError("the account is linked to another Google identity");
    await sessionsChanged(db, { userId: user.id });
  } catch (error) {
    if (violatedUniqueConstraint(error))
      throw new GoogleAccountError("this Google identity belongs to another account");
    throw error;
  }
}
