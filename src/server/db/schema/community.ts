// Readers coming back (issue 17, section 2): follows, story subscriptions, notifications and their settings.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { stories } from "./stories";
import { users } from "./users";

const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** A reader following an author: new stories by the author notify the reader and fill their Following feed. */
export const follows = pgTable(
  "follows",
  {
    followerId: userRef("follower_id"),
    authorId: userRef("author_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.authorId] }),
    // The follower count, and the fan-out of a new story, which pages an author's followers by id (keyset).
    index("follows_author_follower_idx").on(t.authorId, t.followerId),
    check("follows_not_self_check", sql`${t.followerId} <> ${t.authorId}`),
  ],
);

/** A reader subscribed to a story's updates (new chapters); apart from bookmarks. */
export const storySubscriptions = pgTable(
  "story_subscriptions",
  {
    userId: userRef("user_id"),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.storyId] }),
    // The fan-out of new chapters pages a story's subscribers by id (keyset).
    index("story_subscriptions_story_user_idx").on(t.storyId, t.userId),
  ],
);

/**
 * One notification for one user. `dedupe_key` names the event (e.g. `comment:42`, `chapter:7:2`), unique per user, so
 * a fan-out run twice (two instances, a retry) inserts each row once. `email_state` is the email worker's queue:
 * 'pending' when the user wants this type by email and their address is verified, else 'none'; the worker sets 'sent'.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: userRef("user_id"),
    type: text("type").notNull(),
    // NOTE: actor_id and comment_id carry no foreign key: a fan-out inserts thousands of rows in one statement and
    // each key is a per-row trigger (measured: the four keys were half the time of a 10,000-row fan-out on PGlite).
    // Readers left-join them, so a deleted account reads as "Someone" and a deleted comment changes nothing shown.
    // user_id and story_id keep theirs: deleting the recipient or the story removes the rows.
    /** Who caused it (the commenter, the follower, the author who published). */
    actorId: integer("actor_id"),
    storyId: integer("story_id").references(() => stories.id, { onDelete: "cascade" }),
    commentId: integer("comment_id"),
    chapterNumber: integer("chapter_number"),
    /** The like count reached, for like milestones. */
    milestone: integer("milestone"),
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    emailState: text("email_state").notNull().default("none"),
    /** Issue 18: the moderation audit entry a 'moderation_action' or 'report_decided' notification tells about. */
    auditId: integer("audit_id"),
    /**
     * Issue 30: the series a 'series_work' notification tells about; the subject of the others: the co-creator
     * invitation (story_co_creators.id) of a 'co_creator_invite' or 'co_creator_answer', the link
     * (related_works.id) of a 'related_work'.
     */
    seriesId: integer("series_id"),
    subjectId: integer("subject_id"),
    /**
     * Issue 33: the collection a 'collection_work', 'collection_item', 'collection_invite', 'assignment',
     * 'assignment_due' or 'prompt_fill' notification tells about (its prompt is `subject_id` for a fill).
     */
    collectionId: integer("collection_id"),
  },
  (t) => [
    unique("notifications_user_dedupe_key").on(t.userId, t.dedupeKey),
    // The notifications page, newest first, keyset on id.
    index("notifications_user_id_idx").on(t.userId, t.id.desc()),
    // The bell's unread count.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    // The email worker's queue.
    index("notifications_email_pending_idx").on(t.id).where(sql`${t.emailState} = 'pending'`),
    check(
      "notifications_type_check",
      sql`${t.type} in ('comment', 'reply', 'new_chapter', 'new_story', 'new_follower', 'like_milestone', 'moderation_action', 'report_decided', 'series_work', 'co_creator_invite', 'co_creator_answer', 'gift', 'related_work', 'chapter_live', 'collection_work', 'collection_item', 'collection_invite', 'assignment', 'assignment_due', 'prompt_fill')`,
    ),
    check("notifications_email_state_check", sql`${t.emailState} in ('none', 'pending', 'sent')`),
  ],
);

/** A user's channel for one notification type, stored only once changed (community/settings.ts has the defaults). */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: userRef("user_id"),
    type: text("type").notNull(),
    channel: text("channel").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check("notification_settings_channel_check", sql`${t.channel} in ('app', 'email', 'off')`),
  ],
);
