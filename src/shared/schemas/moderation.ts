// Moderation (issue 18, section 2): the queue, the actions, appeals and the audit log.
import { z } from "zod";
import { DB_ID_MAX } from "../limits";
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
  auditId: z
    .number({ error: "Say which decision you appeal" })
    .int()
    .positive()
    .max(DB_ID_MAX, "Say which decision you appeal")
    .optional(),
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

const PersonRef = z.object({ id: z.number().int(), username: z.string() });

/** The target as the queue shows it in place. */
export const TargetView = z.union([
  z.object({
    type: z.literal("comment"),
    id: z.number().int(),
    text: z.string(),
    author: PersonRef.nullable(),
    story: z.object({ id: z.number().int(), title: z.string() }),
    state: z.enum(["visible", "held", "hidden", "deleted"]),
  }),
  z.object({
    type: z.enum(["story", "chapter"]),
    id: z.number().int(),
    /** The chapter's number for a chapter. */
    chapter: z.number().int().nullable(),
    chapterTitle: z.string().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    author: PersonRef.nullable(),
    contentRating: z.string(),
    published: z.boolean(),
    hiddenByModerator: z.boolean(),
  }),
  z.object({ type: z.literal("user"), id: z.number().int(), username: z.string(), description: z.string().nullable() }),
  z.object({ type: z.literal("missing") }),
]);
export type TargetView = z.infer<typeof TargetView>;

export const QueueReport = z.object({
  id: z.number().int(),
  reason: z.string(),
  details: z.string(),
  createdAt: z.string(),
  reporter: z.string().nullable(),
});
export type QueueReport = z.infer<typeof QueueReport>;

export const QueueGroup = z.object({
  /** 'held': a new account's comment with a link, waiting for approval (Restore approves it, Hide rejects it). */
  kind: z.enum(["report", "appeal", "held"]),
  targetType: z.enum(MODERATION_TARGET_TYPES),
  targetId: z.string(),
  count: z.number().int(),
  /** Each reason with how many reports gave it. */
  reasons: z.record(z.string(), z.number().int()),
  oldestAt: z.string(),
  reports: z.array(QueueReport),
  target: TargetView,
  /** The person the target belongs to and whether they are suspended now. */
  owner: PersonRef.extend({ role: z.enum(ROLES), suspendedUntil: z.string().nullable() }).nullable(),
  /** For an appeal: the decision appealed against. */
  appealOf: z.object({ auditId: z.number().int(), action: z.string(), reason: z.string(), at: z.string() }).nullable(),
});
export type QueueGroup = z.infer<typeof QueueGroup>;

export const ModerationQueue = z.object({ groups: z.array(QueueGroup) });
export type ModerationQueue = z.infer<typeof ModerationQueue>;

export const ActionResult = z.object({ auditId: z.number().int(), closedReports: z.number().int() });
export type ActionResult = z.infer<typeof ActionResult>;

export const AuditEntry = z.object({
  id: z.number().int(),
  actor: z.string(),
  actorId: z.number().int().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetUserId: z.number().int().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({ items: z.array(AuditEntry), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

/** POST /api/appeals: the appeal filed (it waits in the moderators' queue). */
export const AppealFiled = z.object({ id: z.number().int() });

/** What a moderation notification carries (the audit entry it tells about); 'moderation_action', 'report_decided'. */
export const NotificationModeration = z.object({
  auditId: z.number(),
  action: z.string(),
  targetType: z.string(),
  /** The moderator's reason: shown to the person acted on, not to reporters. */
  reason: z.string().nullable(),
  /** What was acted on, as the person knows it (a story title, the start of a comment). */
  label: z.string().nullable(),
  rating: z.string().nullable(),
  until: z.string().nullable(),
  appealable: z.boolean(),
  appealed: z.boolean(),
});
export type NotificationModeration = z.infer<typeof NotificationModeration>;
