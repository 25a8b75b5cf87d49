// STUB for branch h/email's tests ONLY: the `notifications` table exactly as the interface with h/community names it.
// At merge the lead drops this file in favour of h/community's table; the email worker depends on these columns only.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { stories } from "./stories";
import { users } from "./users";

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'comment' | 'reply' | 'chapter' | 'story' | 'follower' | 'likes' */
    type: text("type").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "cascade" }),
    storyId: integer("story_id").references(() => stories.id, { onDelete: "cascade" }),
    commentId: integer("comment_id"),
    chapterN: integer("chapter_n"),
    data: jsonb("data"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    /** 'none' | 'pending' | 'sent' */
    emailState: text("email_state").notNull().default("none"),
  },
  (t) => [index("notifications_email_pending_idx").on(t.userId, t.id).where(sql`${t.emailState} = 'pending'`)],
);
