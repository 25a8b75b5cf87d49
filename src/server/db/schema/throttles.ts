// Fixed-window counters for sign-in failures and emails per address, shared by every app instance.
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const throttles = pgTable(
  "throttles",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("throttles_window_idx").on(t.windowEndsAt)],
);
