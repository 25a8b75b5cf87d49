// Issue 34: personal API tokens. Only the SHA-256 of a token is stored (like sessions); revoking deletes the row.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    // 'read' or 'read write' (a write token can always read).
    scopes: text("scopes").notNull(),
    createdAt: createdAt(),
    // NOTE: written at most once a minute per token, not on every request.
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("api_tokens_user_idx").on(t.userId),
    check("api_tokens_name_length", sql`char_length(${t.name}) between 1 and 60`),
    check("api_tokens_scopes", sql`${t.scopes} in ('read', 'read write')`),
  ],
);
