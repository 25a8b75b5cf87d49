// What readers leave on stories: comments, likes and bookmarks.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { stories } from "./stories";
import { users } from "./users";

const storyRef = () =>
  integer("story_id")
    .notNull()
    .references(() => stories.id, { onDelete: "cascade" });
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const comments = pgTable(
  "comments",
  {
    id: serial("id").primaryKey(),
    content: text("content").notNull(),
    storyId: storyRef(),
    authorId: userRef("author_id"),
    createdAt: createdAt(),
    /** The comment this one answers; null for a top-level comment. */
    parentId: integer("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date" }),
    /** Set when a comment with replies is deleted: the row stays as '[deleted]' (its text is erased). */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    // Issue 18: 'visible'; 'held' (a new account's comment with a link, awaiting review: shown to its writer only);
    // 'hidden' (a moderator hid it: shown to nobody).
    moderation: text("moderation").notNull().default("visible"),
    // Issue 31: a paragraph comment's anchor (top-level comments only; replies inherit their parent's): the chapter
    // (1-based), the paragraph within it (0-based, as the reader counts them) and the paragraph's first words, by
    // which the anchor finds its paragraph again after the author edits the text. All null: a comment on the work.
    anchorChapter: integer("anchor_chapter"),
    anchorParagraph: integer("anchor_paragraph"),
    anchorQuote: text("anchor_quote"),
  },
  (t) => [
    // The reader's paragraph counts: a chapter's anchored comments.
    index("comments_anchor_idx")
      .on(t.storyId, t.anchorChapter, t.anchorParagraph)
      .where(sql`${t.anchorChapter} is not null`),
    check(
      "comments_anchor_check",
      sql`(${t.anchorChapter} is null and ${t.anchorParagraph} is null and ${t.anchorQuote} is null) or (${t.anchorChapter} >= 1 and ${t.anchorParagraph} >= 0 and ${t.anchorQuote} is not null)`,
    ),
    index("comments_story_idx").on(t.storyId, t.createdAt),
    // NOTE: the keyset for paging (both directions) and for counting unseen comments above a seen id.
    index("comments_story_id_idx").on(t.storyId, t.id),
    index("comments_author_idx").on(t.authorId),
    index("comments_parent_idx").on(t.parentId),
    // The moderation queue's held comments.
    index("comments_held_idx").on(t.createdAt).where(sql`${t.moderation} = 'held'`),
    check("comments_moderation_check", sql`${t.moderation} in ('visible', 'held', 'hidden')`),
  ],
);

/** How far the story's author has read its comments (the highest comment id shown in the Feedback panel). */
export const feedbackSeen = pgTable(
  "feedback_seen",
  {
    storyId: storyRef(),
    userId: userRef("user_id"),
    seenThroughId: integer("seen_through_id").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] })],
);

export const likes = pgTable(
  "likes",
  {
    id: serial("id").primaryKey(),
    storyId: storyRef(),
    userId: userRef("user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("likes_story_user_key").on(t.storyId, t.userId),
    index("likes_user_idx").on(t.userId),
    index("likes_created_idx").on(t.createdAt),
  ],
);

export const bookmarks = pgTable(
  "bookmarks",
  {
    id: serial("id").primaryKey(),
    storyId: storyRef(),
    userId: userRef("user_id"),
    createdAt: createdAt(),
    // Issue 30: what the bookmark says. `note` is sanitized HTML like a comment's (up to 5,000 characters of text),
    // `tags` the reader's own (up to 30), `rec` a recommendation; a `private` bookmark is seen by its owner only.
    note: text("note"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    rec: boolean("rec").notNull().default(false),
    private: boolean("private").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    unique("bookmarks_story_user_key").on(t.storyId, t.userId),
    index("bookmarks_user_idx").on(t.userId, t.createdAt.desc()),
    // Public bookmarks: the owner's /u/{username}/bookmarks and a work's 'Bookmarks of this work'.
    index("bookmarks_user_public_idx").on(t.userId, t.createdAt.desc(), t.id.desc()).where(sql`not ${t.private}`),
    index("bookmarks_story_public_idx").on(t.storyId, t.createdAt.desc(), t.id.desc()).where(sql`not ${t.private}`),
    // The featured-scores job reads the last weeks' bookmarks, as it reads likes through likes_created_idx.
    index("bookmarks_created_idx").on(t.createdAt),
  ],
);
