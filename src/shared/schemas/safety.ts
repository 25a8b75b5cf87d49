// Reports, blocks and mutes (issue 18, section 1): the request and answer shapes, the reason labels and the messages.
import { z } from "zod";

export const REPORT_TARGET_TYPES = ["story", "chapter", "comment", "user"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Reason codes in the order the dialog lists them, with their labels. */
export const REPORT_REASON_LABELS = {
  spam: "Spam",
  harassment: "Harassment",
  hate: "Hateful content",
  minors: "Sexual content involving minors",
  "non-consensual": "Non-consensual intimate content",
  copyright: "Copyright",
  "wrong-rating": "Wrongly rated",
  other: "Other",
} as const;
export type ReportReason = keyof typeof REPORT_REASON_LABELS;
export const REPORT_REASONS = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];

export const REPORT_LIMITS = { detailsMax: 2000, perHour: 20 } as const;

export const REPORT_THANKS = "Thanks, we'll review this";
export const REPORT_SELF = "You can't report yourself or your own writing";
export const REPORT_TARGET_NOT_FOUND = "What you reported was not found";
export const REPORTING_TOO_FAST = "You've sent a lot of reports. Please wait a while and try again.";

/**
 * `targetId`: a story's or a comment's id ("42"), a chapter as "{storyId}:{n}" ("42:3"), a user's username (any case).
 */
export const ReportCreate = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: "Choose what you are reporting" }),
  targetId: z.string({ error: "Say what you are reporting" }).trim().min(1, "Say what you are reporting").max(80),
  reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }),
  details: z
    .string()
    .max(REPORT_LIMITS.detailsMax, `Details must be at most ${REPORT_LIMITS.detailsMax} characters`)
    .optional()
    .default(""),
});
export type ReportCreate = z.input<typeof ReportCreate>;

export const ReportReceipt = z.object({
  /** Always true: a repeat of an open report is received again without a second one. */
  received: z.literal(true),
});
export type ReportReceipt = z.infer<typeof ReportReceipt>;

export const USER_NOT_FOUND = "User not found";
export const BLOCK_SELF = "You can't block yourself";
export const MUTE_SELF = "You can't mute yourself";
/**
 * What a blocked user's write aimed at the blocker answers: the same neutral 403 for comments, replies, likes,
 * follows and subscriptions, so it never says a block is the reason.
 */
export const WRITE_UNAVAILABLE = "This isn't available.";

/** Names a person in a block or mute URL (their username, any case). */
export const PersonNameParams = z.object({ name: z.string() });

export const BlockState = z.object({ blocked: z.boolean() });
export type BlockState = z.infer<typeof BlockState>;
export const MuteState = z.object({ muted: z.boolean() });
export type MuteState = z.infer<typeof MuteState>;

export const HiddenPerson = z.object({ username: z.string(), since: z.string() });
export type HiddenPerson = z.infer<typeof HiddenPerson>;
/** Settings' "Blocked and muted": both lists, newest first. */
export const HiddenPeople = z.object({ blocked: z.array(HiddenPerson), muted: z.array(HiddenPerson) });
export type HiddenPeople = z.infer<typeof HiddenPeople>;
