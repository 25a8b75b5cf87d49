// Reports of abuse (issue 18, section 1) and what moderators decide about them (section 2).
// Shared by the report routes (src/server/safety) and the moderation queue (src/server/moderation).
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const REPORT_TARGET_TYPES = ["story", "chapter", "comment", "user"] as const;
export const REPORT_REASONS = [
  "spam",
  "harassment",
  "hate",
  "minors",
  "non-consensual",
  "copyright",
  "wrong-rating",
  "other",
] as const;

/**
 * One report by one reader about one target, or one appeal (kind 'appeal') by a person acted on, which lands in the
 * same queue. `target_id` is text: a story, comment or user id, or `{storyId}:{n}` for chapter n of a story.
 * `target_user_id` is whom the target belongs to (the author, the commenter, the profile), kept so the queue can
 * show and act on the person without walking the target again. One open report per reporter and target.
 */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull().default("report"),
    // Null once the reporter's account is deleted: the report stays in the queue.
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    targetUserId: integer("target_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** For an appeal: the audit-log entry (moderation action) appealed against. */
    appealOf: integer("appeal_of"),
  },
  (t) => [
    uniqueIndex("reports_open_once_key")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open' and ${t.kind} = 'report'`),
    // An action may be appealed once.
    uniqueIndex("reports_appeal_once_key").on(t.appealOf).where(sql`${t.kind} = 'appeal'`),
    // The queue: open reports, oldest first, grouped by target.
    index("reports_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
    index("reports_target_idx").on(t.targetType, t.targetId),
    check("reports_kind_check", sql`${t.kind} in ('report', 'appeal')`),
    check("reports_target_type_check", sql`${t.targetType} in ('story', 'chapter', 'comment', 'user')`),
    check(
      "reports_reason_check",
      sql`${t.reason} in ('spam', 'harassment', 'hate', 'minors', 'non-consensual', 'copyright', 'wrong-rating', 'other', 'appeal')`,
    ),
    check("reports_status_check", sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    check("reports_details_length_check", sql`char_length(${t.details}) <= 2000`),
  ],
);
