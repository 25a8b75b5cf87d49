// Blocks and mutes (issue 18, section 1): one row per person who blocks or mutes, whom, and which.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const HIDE_KINDS = ["block", "mute"] as const;
export type HideKind = (typeof HIDE_KINDS)[number];

/**
 * `user_id` blocks or mutes `other_id`. Both hide `other_id` from `user_id`'s view (one anti-join on the primary key's
 * prefix answers "does the viewer hide this author?"); only 'block' also refuses `other_id`'s writes aimed at `user_id`.
 * A person may be both blocked and muted (two rows): Settings lists and undoes each.
 */
export const userBlocks = pgTable(
  "user_blocks",
  {
    userId: userRef("user_id"),
    otherId: userRef("other_id"),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.otherId, t.kind] }),
    // Who has blocked someone (account deletion, and the blocked side's checks when they start from the actor).
    index("user_blocks_other_idx").on(t.otherId),
    check("user_blocks_kind_check", sql`${t.kind} in ('block', 'mute')`),
    check("user_blocks_not_self_check", sql`${t.userId} <> ${t.otherId}`),
  ],
);
