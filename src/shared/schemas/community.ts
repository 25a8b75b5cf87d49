// Follows, subscriptions, notifications and their per-type settings (issue 17, section 2).
import type { AiLabel } from "../ai-label";
import { AiFilterField } from "./reading";
import { z } from "zod";
import type { NotificationModeration } from "./moderation";

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
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export interface NotificationView {
  id: number;
  type: NotificationKind;
  createdAt: string;
  read: boolean;
  actor: { username: string } | null;
  story: { id: number; title: string } | null;
  commentId: number | null;
  chapterNumber: number | null;
  milestone: number | null;
  /** For 'moderation_action' and 'report_decided': the decision (moderation.ts). */
  moderation?: NotificationModeration | null;
  /** Issue 30, 'series_work': the series the work was added to (null once it is gone). */
  series?: { id: number; title: string } | null;
  /**
   * Issue 30: what a 'co_creator_invite' or 'co_creator_answer' (the invitation, with its state now) or a
   * 'related_work' (the link: 'pending' until the original's author approves it, then 'accepted') is about; null
   * once it is gone. The notification offers the answer while the state is 'pending'.
   */
  subject?: { id: number; state: "pending" | "accepted" | "declined" } | null;
  /** Issue 33: the collection a collection, exchange or prompt notification tells about (null once it is gone). */
  collection?: { name: string; title: string } | null;
}

export interface NotificationPage {
  items: NotificationView[];
  nextCursor: string | null;
}

export interface UnreadCount {
  /** Unread notifications, counted up to UNREAD_CAP (the bell shows "99+" beyond 99). */
  unread: number;
}
export const UNREAD_CAP = 100;

export interface FollowState {
  following: boolean;
  followerCount: number;
}

export interface SubscriptionState {
  subscribed: boolean;
}

export const FOLLOW_SELF = "You can't follow yourself";
export const AUTHOR_NOT_FOUND = "Author not found";
export const NOTIFICATION_NOT_FOUND = "Notification not found";

/** One entry of the Following feed: a story that is new or has a new chapter. */
export interface FollowingItem {
  /** "story": newly published; "chapter": a chapter published after the story (chapterNumber says which). */
  kind: "story" | "chapter";
  storyId: number;
  title: string;
  description: string | null;
  author: { username: string };
  /** Issue 30: the accepted co-creators after the author, in order. */
  coCreators?: { username: string }[];
  /** Issue 29: the work's AI label and Marin's measured share (0–1). */
  aiLabel: AiLabel;
  aiShare: number;
  chapterNumber: number | null;
  /** Why it is here: the author is followed, the story subscribed, or both. */
  /** Issue 30: "series": from a series the reader subscribes to (and neither the author nor the story). */
  via: "author" | "story" | "both" | "series";
  at: string;
}
export const FollowingQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}_\d{1,9}_\d{1,6}$/, "Invalid cursor")
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Issue 29: the AI filter; absent, the reader's preference. */
  ai: AiFilterField.optional(),
});

export interface FollowingPage {
  items: FollowingItem[];
  nextCursor: string | null;
  /** Issue 29: works the reader's AI filter left out of this page's stretch of the feed (absent when none). */
  hiddenByAi?: number;
}
