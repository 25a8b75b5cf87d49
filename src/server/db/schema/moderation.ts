// The moderation audit log (issue 18, section 2): every moderation action and role change, append-only.
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * One moderation action or role change. Append-only: the migration adds a trigger that refuses DELETE, and UPDATE
 * except the one the account-deletion path makes (actor_id and target_user_id to null, actor_name to
 * '[deleted user]'), so the entry outlives the accounts it names.
 * NOTE: actor_id and target_user_id carry no foreign key on purpose: the entry is kept when either account goes.
 */
export const moderationAudit = pgTable(
  "moderation_audit",
  {
    id: serial("id").primaryKey(),
    /** Who acted; null for the command line (npm run admin) or once their account is deleted. */
    actorId: integer("actor_id"),
    /** The actor's username at the time ('command line' for npm run admin; '[deleted user]' once deleted). */
    actorName: text("actor_name").notNull(),
    /** A moderation action (dismiss, hide-comment …) or a role change (grant-moderator, grant-admin, revoke). */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** The person acted on (whom the notification and the appeal belong to). */
    targetUserId: integer("target_user_id"),
    reason: text("reason").notNull(),
    /** What else the action set: days and the end date of a suspension, the rating before and after … */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_audit_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("moderation_audit_target_idx").on(t.targetType, t.targetId),
  ],
);
