// Marin's conversation per story (issue 20, section 2): kept on the server so it follows the writer to another device,
// bounded per story (the oldest trimmed past MARIN_CHAT_LIMIT), deleted with the story or by 'Clear chat'.
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { stories } from "./stories";

export const marinChatMessages = pgTable(
  "marin_chat_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    role: text("role").$type<"user" | "assistant">().notNull(),
    content: text("content").notNull(),
    /** The pane's own note (a greeting, what a generation did): shown in the chat, never sent to the model. */
    note: boolean("note").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("marin_chat_messages_story_idx").on(t.storyId, t.id),
    check("marin_chat_messages_role_check", sql`${t.role} in ('user', 'assistant')`),
  ],
);
