// Follows, subscriptions, notifications and their per-type settings (issue 17, section 2).
import { AiFilterField, AiLabelField } from "./reading";
import { z } from "zod";
import { DB_ID_MAX } from "../limits";
import { NotificationModeration } from "./moderation";

/** What a notification is about; the order is the Settings list's. */
export const NOTIFICATION_TYPES = [
  "comment",
  "reply",
  "new_chapter",
  "new_story",
  "new_follower",
  "like_milestone",
  // Issue 30: a new part of a subscribed series, an invitation to co-create (and its answer), a gift, a related work.
  "series_work",
  "co_creator_invite",
  "co_creator_answer",
  "gift",
  "related_work",
  // Issue 31: the writer's own scheduled release went live ('Chapter 7 went live').
  "chapter_live",
  // Issue 33: a new work in a subscribed collection, a work waiting for a maintainer (or its answer), a maintainer's
  // invitation of a work, a gift exchange assignment (or a pinch hit) and its due-date reminder, a prompt filled.
  "collection_work",
  "collection_item",
  "collection_invite",
  "assignment",
  "assignment_due",
  "prompt_fill",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/**
 * Issue 18: moderation notices, in the app only and not in Settings (nobody turns off being told of a decision):
 * 'moderation_action' to the person acted on, 'report_decided' to a reporter.
 */
export type NotificationKind = NotificationType | "moderation_action" | "report_decided";

/** Where a notification of one type goes: 'In the app', 'By email' (in the app too), or 'Off'. */
export const NOTIFICATION_CHANNELS = ["app", "email", "off"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Like counts that notify the story's author. */
export const LIKE_MILESTONES = [1, 10, 100, 1000] as const;

export const NotificationSettings = z.record(z.enum(NOTIFICATION_TYPES), z.enum(NOTIFICATION_CHANNELS));
export type NotificationSettings = Record<NotificationType, NotificationChannel>;
/** A change to some types' channels; the others keep theirs. */
export const NotificationSettingsUpdate = z.partialRecord(
  z.enum(NOTIFICATION_TYPES, { error: "Unknown notification type" }),
  z.enum(NOTIFICATION_CHANNELS, { error: "Choose 'app', 'email' or 'off'" }),
);
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdate>;

export const NotificationsQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,12}$/, "Invalid cursor")
    // NOTE: the cursor is a notification id; past the column's range it used to reach the database and fail (issue 34).
    .refine((cursor) => Number(cursor) <= DB_ID_MAX, "Invalid cursor")
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const NotificationView = z.object({
  id: z.number(),
  type: z.enum([...NOTIFICATION_TYPES, "moderation_action", "report_decided"]),
  createdAt: z.string(),
  read: z.boolean(),
  actor: z.object({ username: z.string() }).nullable(),
  story: z.object({ id: z.number(), title: z.string() }).nullable(),
  commentId: z.number().nullable(),
  chapterNumber: z.number().nullable(),
  milestone: z.number().nullable(),
  moderation: NotificationModeration.nullable().optional(),
  /** Issue 30, 'series_work': the series the work was added to (null once it is gone). */
  series: z.object({ id: z.number(), title: z.string() }).nullable().optional(),
  /**
   * Issue 30: what a 'co_creator_invite' or 'co_creator_answer' (the invitation, with its state now) or a
   * 'related_work' (the link: 'pending' until the original's author approves it, then 'accepted') is about; null
   * once it is gone. The notification offers the answer while the state is 'pending'.
   */
  subject: z
    .object({ id: z.number(), state: z.enum(["pending", "accepted", "declined"]) })
    .nullable()
    .optional(),
  /** Issue 33: the collection a collection, exchange or prompt notification tells about (null once it is gone). */
  collection: z.object({ name: z.string(), title: z.string() }).nullable().optional(),
});
export type NotificationView = z.infer<typeof NotificationView>;

export const NotificationPage = z.object({ items: z.array(NotificationView), nextCursor: z.string().nullable() });
export type NotificationPage = z.infer<typeof NotificationPage>;

export const UnreadCount = z.object({
  /** Unread notifications, counted up to UNREAD_CAP (the bell shows "99+" beyond 99). */
  unread: z.number(),
});
export type UnreadCount = z.infer<typeof UnreadCount>;
export const UNREAD_CAP = 100;

export const FollowState = z.object({ following: z.boolean(), followerCount: z.number() });
export type FollowState = z.infer<typeof FollowState>;

export const SubscriptionState = z.object({ subscribed: z.boolean() });
export type SubscriptionState = z.infer<typeof SubscriptionState>;

export const FOLLOW_SELF = "You can't follow yourself";
export const AUTHOR_NOT_FOUND = "Author not found";
export const NOTIFICATION_NOT_FOUND = "Notification not found";

/** One entry of the Following feed: a story that is new or has a new chapter. */
export const FollowingItem = z.object({
  /** "story": newly published; "chapter": a chapter published after the story (chapterNumber says which). */
  kind: z.enum(["story", "chapter"]),
  storyId: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  author: z.object({ username: z.string() }),
  /** Issue 30: the accepted co-creators after the author, in order. */
  coCreators: z.array(z.object({ username: z.string() })).optional(),
  aiLabel: AiLabelField,
  aiShare: z.number(),
  chapterNumber: z.number().nullable(),
  /**
   * Why it is here: the author is followed, the story subscribed, or both. Issue 30: "series": from a series the
   * reader subscribes to (and neither the author nor the story).
   */
  via: z.enum(["author", "story", "both", "series"]),
  at: z.string(),
});
export type FollowingItem = z.infer<typeof FollowingItem>;

export const FollowingQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}_\d{1,9}_\d{1,6}$/, "Invalid cursor")
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Issue 29: the AI filter; absent, the reader's preference. */
  ai: AiFilterField.optional(),
});

export const FollowingPage = z.object({
  items: z.array(FollowingItem),
  nextCursor: z.string().nullable(),
  /** Issue 29: works the reader's AI filter left out of this page's stretch of the feed (absent when none). */
  hiddenByAi: z.number().optional(),
});
export type FollowingPage = z.infer<typeof FollowingPage>;
