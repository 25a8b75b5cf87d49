// What readers leave on stories: comments, likes and bookmarks.
import { index, integer, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
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
  },
  (t) => [index("comments_story_idx").on(t.storyId, t.createdAt), index("comments_author_idx").on(t.authorId)],
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
  },
  (t) => [
    unique("bookmarks_story_user_key").on(t.storyId, t.userId),
    index("bookmarks_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);
