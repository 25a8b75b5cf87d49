// A user's notification email settings, and the unsubscribe that a signed link performs without a session.
import { and, eq, sql } from "drizzle-orm";
import type { EmailSettingsUpdate, EmailSettingsView } from "../../shared/schemas/email-settings";
import { TIME_ZONE_RULE } from "../../shared/schemas/email-settings";
import type { Db } from "../db/client";
import { emailSettings, notifications, users } from "../db/schema";
import { AppError } from "../errors";
import type { UserRow } from "../types";
import { DIGEST_HOUR, isTimeZone } from "./schedule";
import type { UnsubscribeClaim } from "./unsubscribe-token";

type SettingsRow = typeof emailSettings.$inferSelect;

function present(row: SettingsRow | undefined, emailVerified: boolean): EmailSettingsView {
  return {
    cadence: row?.cadence === "daily" ? "daily" : "hourly",
    timeZone: row?.timeZone ?? "UTC",
    emailOn: !row?.unsubscribedAt,
    emailVerified,
    digestHour: DIGEST_HOUR,
  };
}

export async function getEmailSettings(db: Db, user: UserRow): Promise<EmailSettingsView> {
  const [row] = await db.select().from(emailSettings).where(eq(emailSettings.userId, user.id));
  return present(row, user.emailVerified);
}

export async function updateEmailSettings(
  db: Db,
  user: UserRow,
  update: EmailSettingsUpdate,
  now: Date,
): Promise<EmailSettingsView> {
  if (!isTimeZone(update.timeZone))
    throw new AppError(400, "VALIDATION", TIME_ZONE_RULE, { fields: { timeZone: TIME_ZONE_RULE } });
  const values = { cadence: update.cadence, timeZone: update.timeZone };
  const [row] = await db
    .insert(emailSettings)
    .values({ userId: user.id, ...values, unsubscribedAt: update.emailOn ? null : now })
    .onConflictDoUpdate({
      target: emailSettings.userId,
      set: {
        ...values,
        // Turning email back on raises the generation: unsubscribe links mailed before stop working.
        unsubscribedAt: update.emailOn
          ? null
          : sql`coalesce(${emailSettings.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
        tokenGeneration: update.emailOn
          ? sql`${emailSettings.tokenGeneration} + (case when ${emailSettings.unsubscribedAt} is null then 0 else 1 end)`
          : emailSettings.tokenGeneration,
      },
    })
    .returning();
  return present(row, user.emailVerified);
}

export type UnsubscribeCheck =
  | { valid: false }
  | { valid: true; userId: number; email: string; alreadyUnsubscribed: boolean };

/** Whether a token's claim still holds: its user exists and email has not been turned back on since it was sent. */
export async function checkUnsubscribeClaim(db: Db, claim: UnsubscribeClaim | undefined): Promise<UnsubscribeCheck> {
  if (!claim) return { valid: false };
  const [row] = await db
    .select({
      email: users.email,
      generation: emailSettings.tokenGeneration,
      unsubscribedAt: emailSettings.unsubscribedAt,
    })
    .from(users)
    .leftJoin(emailSettings, eq(emailSettings.userId, users.id))
    .where(eq(users.id, claim.userId));
  if (!row || (row.generation ?? 0) !== claim.generation) return { valid: false };
  return { valid: true, userId: claim.userId, email: row.email, alreadyUnsubscribed: row.unsubscribedAt !== null };
}

/** Turns off all notification email for the claim's user; false when the claim no longer holds. */
export async function unsubscribe(db: Db, claim: UnsubscribeClaim, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.insert(emailSettings).values({ userId: claim.userId }).onConflictDoNothing();
    // NOTE: the generation is compared in the same statement, so a resubscribe racing this request wins.
    const changed = await tx
      .update(emailSettings)
      .set({ unsubscribedAt: sql`coalesce(${emailSettings.unsubscribedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(emailSettings.userId, claim.userId), eq(emailSettings.tokenGeneration, claim.generation)))
      .returning({ userId: emailSettings.userId });
    if (changed.length === 0) return false;
    await tx
      .update(notifications)
      .set({ emailState: "none" })
      .where(and(eq(notifications.userId, claim.userId), eq(notifications.emailState, "pending")));
    return true;
  });
}
