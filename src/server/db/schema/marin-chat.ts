// Marin's conversation per story (issue 20, section 2), in threads (issue 32): kept on the server so it follows the
// writer to another device, bounded per thread (the oldest trimmed past MARIN_CHAT_LIMIT), deleted with the story,
// its thread, or by 'Clear chat'. A story's first thread is its main one; 'Branch from here' copies a thread's
// messages up to one into a new thread (a copy, so trimming or deleting one thread never changes another).
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  boolean,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { stories } from "./stories";

export const marinChatThreads = pgTable(
  "marin_chat_threads",
  {
    id: serial("id").primaryKey(),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The thread this one was branched from (cleared when that thread is deleted). */
    parentThreadId: integer("parent_thread_id").references((): AnyPgColumn => marinChatThreads.id, {
      onDelete: "set null",
    }),
    /** The message of the parent thread the branch was made at (no foreign key: the parent's messages may be trimmed). */
    branchedFromMessageId: bigint("branched_from_message_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("marin_chat_threads_story_idx").on(t.storyId, t.id)],
);

export const marinChatMessages = pgTable(
  "marin_chat_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    threadId: integer("thread_id")
      .notNull()
      .references(() => marinChatThreads.id, { onDelete: "cascade" }),
    role: text("role").$type<"user" | "assistant">().notNull(),
    content: text("content").notNull(),
    /** The pane's own note (a greeting, what a generation did): shown in the chat, never sent to the model. */
    note: boolean("note").notNull().default(false),
    /**
     * Every version of one of Marin's answers once the writer asked for another (issue 32), oldest first; empty while
     * there is one. `content` is always the chosen one, `versions[chosen]`.
     */
    versions: text("versions").array().notNull().default(sql`'{}'::text[]`),
    chosen: smallint("chosen").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("marin_chat_messages_story_idx").on(t.storyId, t.id),
    index("marin_chat_messages_thread_idx").on(t.threadId, t.id),
    check("marin_chat_messages_role_check", sql`${t.role} in ('user', 'assistant')`),
    check("marin_chat_messages_chosen_check", sql`${t.chosen} >= 0`),
  ],
);
