// Names an account has given up, so links to /u/{oldname} keep working after a rename.
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * One row per name given up (lower-cased), pointing at the account that last held it. A name someone holds today
 * always wins over this table: old names are not reserved, so the row only answers for names nobody holds.
 */
export const formerUsernames = pgTable(
  "former_usernames",
  {
    nameLower: text("name_lower").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("former_usernames_user_idx").on(t.userId)],
);
