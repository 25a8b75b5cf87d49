// GET /api/verify-email: the token's hash stays on the user after verifying, so a reused link reads "already verified".
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { sha256 } from "./sessions";

export type VerifyOutcome = "verified" | "already" | "invalid";

export async function verifyEmail(db: Db, token: string | undefined, now: Date): Promise<VerifyOutcome> {
  if (!token) return "invalid";
  const hash = sha256(token);
  const verified = await db
    .update(users)
    .set({ emailVerified: true })
    .where(
      and(eq(users.verificationToken, hash), eq(users.emailVerified, false), gt(users.verificationTokenExpiry, now)),
    )
    .returning({ id: users.id });
  if (verified.length > 0) return "verified";
  const [user] = await db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.verificationToken, hash))
    .limit(1);
  return user?.emailVerified ? "already" : "invalid";
}

export const VERIFY_REDIRECTS: Record<VerifyOutcome, string> = {
  verified: "/email-confirmed",
  already: "/email-confirmed?already=true",
  invalid: "/email-confirmed?error=invalid",
};
