// The account behind a verified Google identity: found by Google id, linked by verified email, or created.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { UserRow } from "../types";
import { deriveUsername } from "./derive-username";
import { findUserByEmail, violatedUniqueConstraint } from "./find-user";
import type { GoogleIdentity } from "./google-client";
import { newReferralCode } from "./register-user";

export class GoogleAccountError extends Error {}

export async function findOrCreateGoogleUser(db: Db, identity: GoogleIdentity, now: Date): Promise<UserRow> {
  const [known] = await db.select().from(users).where(eq(users.googleId, identity.sub)).limit(1);
  if (known) return known;

  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    // NOTE: linking on an address Google has not verified would hand the account to whoever typed it in.
    if (!identity.emailVerified) throw new GoogleAccountError("Google has not verified this email address");
    if (existing.googleId) throw new GoogleAccountError("the account is linked to another Google identity");
    const [linked] = await db
      .update(users)
      .set({
        googleId: identity.sub,
        authProvider: existing.authProvider === "google" ? "google" : "both",
        emailVerified: true,
      })
      .where(eq(users.id, existing.id))
      .returning();
    return linked!;
  }

  return createGoogleUser(db, identity, now);
}

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
