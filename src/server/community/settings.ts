// Per-type notification settings: a row only for a type the user changed; everything else takes the default.
import { eq, sql } from "drizzle-orm";
import {
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type NotificationType,
} from "../../shared/schemas/community";
import type { Db } from "../db/client";
import { notificationSettings } from "../db/schema";

/**
 * What a user gets before changing anything. Feedback on one's writing and the updates one asked for arrive by
 * email (AO3 emails comments and subscriptions by default); a new follower and like milestones stay in the app.
 */
export const DEFAULT_CHANNELS: Record<NotificationType, NotificationChannel> = {
  comment: "email",
  reply: "email",
  new_chapter: "email",
  new_story: "email",
  new_follower: "app",
  like_milestone: "app",
  // Issue 30: a new part of a series one subscribed to is an update one asked for, and an invitation or a gift is
  // addressed to one person: by email. Answers to one's invitations and links to one's works stay in the app.
  series_work: "email",
  co_creator_invite: "email",
  co_creator_answer: "app",
  gift: "email",
  related_work: "app",
  // Issue 31: a release the writer scheduled, perhaps months ago, went live: by email, as the updates one asked for.
  chapter_live: "email",
  // Issue 33: a new work in a subscribed collection is an update one asked for; an assignment and its reminder, an
  // invitation of one's work and a maintainer's queue are addressed to one person: by email. A fill of one's prompt
  // stays in the app, like links to one's works.
  collection_work: "email",
  collection_item: "email",
  collection_invite: "email",
  assignment: "email",
  assignment_due: "email",
  prompt_fill: "app",
};

export async function getNotificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const rows = await db
    .select({ type: notificationSettings.type, channel: notificationSettings.channel })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const settings = { ...DEFAULT_CHANNELS };
  for (const row of rows) {
    if ((NOTIFICATION_TYPES as readonly string[]).includes(row.type)) {
      settings[row.type as NotificationType] = row.channel as NotificationChannel;
    }
  }
  return settings;
}

/** Stores the changed types in one statement and answers the whole set. */
export async function updateNotificationSettings(
  db: Db,
  userId: number,
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const values = Object.entries(update).map(([type, channel]) => ({ userId, type, channel: channel! }));
  if (values.length > 0) {
    await db
      .insert(notificationSettings)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.type],
        set: { channel: sql`excluded.channel` },
      });
  }
  return getNotificationSettings(db, userId);
}
