// The account's whole life (issue 18 section 3): email changes waiting for their links, and names held after an
// account is deleted. Sessions' device columns are in users.ts with the sessions table.
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * One asked-for change of address. The new address confirms with `confirm_token_hash` (24 h, once); once confirmed
 * the old address may undo it with `undo_token_hash` (7 days, once). Only SHA-256 hashes of the links are kept.
 * Rows go with the account.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    confirmTokenHash: text("confirm_token_hash").notNull().unique(),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true, mode: "date" }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    undoTokenHash: text("undo_token_hash").unique(),
    undoExpiresAt: timestamp("undo_expires_at", { withTimezone: true, mode: "date" }),
    undoneAt: timestamp("undone_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("email_changes_user_idx").on(t.userId)],
);

/**
 * A deleted account's username, held from everyone for 30 days. Only the SHA-256 of the lower-cased name is kept,
 * so nothing left in the database names the person; sign-up and renames hash the name they are asked for.
 */
export const usernameHolds = pgTable(
  "username_holds",
  {
    nameHash: text("name_hash").primaryKey(),
    heldUntil: timestamp("held_until", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("username_holds_until_idx").on(t.heldUntil)],
);
