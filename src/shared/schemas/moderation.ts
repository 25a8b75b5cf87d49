// Moderation (issue 18, section 2): the queue, the actions, appeals and the audit log.
import { z } from "zod";
import { CONTENT_RATING_IDS } from "../tagging";

export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const MODERATION_ACTIONS = [
  "dismiss",
  "hide-comment",
  "unpublish-story",
  "set-rating",
  "suspend-user",
  "ban-user",
  "restore",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Actions the person acted on may appeal (once). */
export const APPEALABLE_ACTIONS: readonly ModerationAction[] = [
  "hide-comment",
  "unpublish-story",
  "set-rating",
  "suspend-user",
  "ban-user",
];

export const MODERATION_TARGET_TYPES = ["story", "chapter", "comment", "user"] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];

export const SUSPENSION_DAYS = { min: 1, max: 3650 } as const;
export const SUSPENSION_DAYS_RULE = "Suspend for 1 to 3,650 days";
export const REASON_MAX = 2000;

export const ModerationActionBody = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: "Unknown action" }),
  targetType: z.enum(MODERATION_TARGET_TYPES, { error: "Unknown target type" }),
  targetId: z.string({ error: "Say which target" }).regex(/^\d{1,9}(:\d{1,4})?$/, "Unknown target"),
  reason: z
    .string({ error: "Give a reason: the person acted on reads it" })
    .trim()
    .min(1, "Give a reason: the person acted on reads it")
    .max(REASON_MAX, `Keep the reason under ${REASON_MAX.toLocaleString("en-US")} characters`),
  days: z
    .number({ error: SUSPENSION_DAYS_RULE })
    .int(SUSPENSION_DAYS_RULE)
    .min(SUSPENSION_DAYS.min, SUSPENSION_DAYS_RULE)
    .max(SUSPENSION_DAYS.max, SUSPENSION_DAYS_RULE)
    .optional(),
  rating: z.enum(CONTENT_RATING_IDS, { error: "Choose a rating" }).optional(),
});
export type ModerationActionBody = z.infer<typeof ModerationActionBody>;

/** Signed in: `auditId` (from the notification). Suspended, from the sign-in refusal: `token` instead. */
export const AppealBody = z.object({
  auditId: z.number({ error: "Say which decision you appeal" }).int().positive().optional(),
  token: z.string().max(200).optional(),
  text: z
    .string({ error: "Say why the decision should change" })
    .trim()
    .min(1, "Say why the decision should change")
    .max(REASON_MAX, `Keep your appeal under ${REASON_MAX.toLocaleString("en-US")} characters`),
});
export type AppealBody = z.infer<typeof AppealBody>;

export const AuditQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,12}$/, "Invalid cursor")
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The target as the queue shows it in place. */
export type TargetView =
  | {
      type: "comment";
      id: number;
      text: string;
      author: { id: number; username: string } | null;
      story: { id: number; title: string };
      state: "visible" | "held" | "hidden" | "deleted";
    }
  | {
      type: "story" | "chapter";
      id: number;
      /** The chapter's number for a chapter. */
      chapter: number | null;
      chapterTitle: string | null;
      title: string;
      description: string | null;
      author: { id: number; username: string } | null;
      contentRating: string;
      published: boolean;
      hiddenByModerator: boolean;
    }
  | { type: "user"; id: number; username: string; description: string | null }
  | { type: "missing" };

export interface QueueReport {
  id: number;
  reason: string;
  details: string;
  createdAt: string;
  reporter: string | null;
}

export interface QueueGroup {
  /** 'held': a new account's comment with a link, waiting for approval (Restore approves it, Hide rejects it). */
  kind: "report" | "appeal" | "held";
  targetType: ModerationTargetType;
  targetId: string;
  count: number;
  /** Each reason with how many reports gave it. */
  reasons: Record<string, number>;
  oldestAt: string;
  reports: QueueReport[];
  target: TargetView;
  /** The person the target belongs to and whether they are suspended now. */
  owner: { id: number; username: string; role: Role; suspendedUntil: string | null } | null;
  /** For an appeal: the decision appealed against. */
  appealOf: { auditId: number; action: string; reason: string; at: string } | null;
}

export interface ModerationQueue {
  groups: QueueGroup[];
}

export interface ActionResult {
  auditId: number;
  closedReports: number;
}

export interface AuditEntry {
  id: number;
  actor: string;
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: string;
  targetUserId: number | null;
  reason: string;
  details: Record<string, unknown>;
  createdAt: string;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

/** What a moderation notification carries (the audit entry it tells about). */
export interface NotificationModeration {
  auditId: number;
  action: string;
  targetType: string;
  /** The moderator's reason: shown to the person acted on, not to reporters. */
  reason: string | null;
  /** What was acted on, as the person knows it (a story title, the start of a comment). */
  label: string | null;
  rating: string | null;
  until: string | null;
  appealable: boolean;
  appealed: boolean;
}
