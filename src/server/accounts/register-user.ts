// POST /api/register: an unverified account, a referral when the code matches, and a verification email.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { RegisterBody } from "../../shared/schemas/accounts";
import type { Db } from "../db/client";
import { referrals, users } from "../db/schema";
import { conflict } from "../errors";
import type { UserRow } from "../types";
import type { AccountContext } from "./context";
import { findUserByEmail, isUsernameTaken, violatedUniqueConstraint } from "./find-user";
import { hashPassword, passwordCost } from "./passwords";
import { newVerificationToken, sendVerificationEmail } from "./send-verification";

export const USERNAME_TAKEN = "Username is already taken";
export const EMAIL_TAKEN = "An account with this email already exists";

export const usernameTaken = () =>
  conflict(USERNAME_TAKEN, { code: "USERNAME_TAKEN", fields: { username: USERNAME_TAKEN } });
export const emailTaken = () => conflict(EMAIL_TAKEN, { code: "EMAIL_TAKEN", fields: { email: EMAIL_TAKEN } });

/** Every account gets its own code for the "Refer a Friend" link. */
export const newReferralCode = () => randomBytes(6).toString("base64url");

/** Maps a unique violation from a racing insert or update to the same 409 the pre-checks give. */
export function rethrowAccountConflict(error: unknown): never {
  const constraint = violatedUniqueConstraint(error);
  if (constraint?.includes("username")) throw usernameTaken();
  if (constraint?.includes("email")) throw emailTaken();
  throw error;
}

export async function assertAccountFree(db: Db, username: string, email: string): Promise<void> {
  if (await isUsernameTaken(db, username)) throw usernameTaken();
  if (await findUserByEmail(db, email)) throw emailTaken();
}

export async function registerUser(ctx: AccountContext, body: RegisterBody): Promise<UserRow> {
  await assertAccountFree(ctx.db, body.username, body.email);
  const now = ctx.now();
  const verification = newVerificationToken(now);
  const password = await hashPassword(body.password, passwordCost(ctx.config));
  const user = await ctx.db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          username: body.username,
          email: body.email,
          password,
          description: body.description || null,
          authProvider: "email",
          emailVerified: false,
          verificationToken: verification.hash,
          verificationTokenExpiry: verification.expiresAt,
          referralCode: newReferralCode(),
          createdAt: now,
        })
        .returning();
      if (body.ref) await recordReferral(tx as unknown as Db, body.ref, created!.id);
      return created!;
    })
    .catch(rethrowAccountConflict);
  sendVerificationEmail(ctx, user, verification.token);
  return user;
}

/** Records who referred the new account; the prompt bonus itself is granted by the Marin quota logic. */
async function recordReferral(db: Db, code: string, referredUserId: number): Promise<void> {
  const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
  if (!referrer) return;
  await db.insert(referrals).values({ referrerId: referrer.id, referredUserId, code });
}
