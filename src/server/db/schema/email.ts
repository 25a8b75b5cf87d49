// Notification email (issue 17 §2): each user's delivery choice and the worker's per-user delivery state, and the
// app's signing key for unsubscribe links when APP_SECRET is not configured.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const emailSettings = pgTable(
  "email_settings",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'hourly': the first email of an hour at once, later ones together an hour after it; 'daily': one digest. */
    cadence: text("cadence").notNull().default("hourly"),
    /** IANA zone for the digest's 08:00, taken from the browser when the user saves the setting. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** Set by an unsubscribe link: no notification email at all until the user turns it back on in Settings. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
    /** Named in every unsubscribe token; raised when email is turned back on, so older links stop working. */
    tokenGeneration: integer("token_generation").notNull().default(0),
    /** When the last notification email to this user was accepted by the mail server. */
    lastSentAt: timestamp("last_sent_at", { withTimezone: true, mode: "date" }),
    /** A worker's claim on this user's pending email (and, after a failure, the retry time). */
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    leaseOwner: text("lease_owner"),
    /** Failed sends in a row, for the backoff. */
    failures: integer("failures").notNull().default(0),
  },
  (t) => [check("email_settings_cadence_check", sql`${t.cadence} in ('hourly', 'daily')`)],
);

export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
