// Issue 31: finding and reading like a fan. Saved Discover filters and scheduled releases. Paragraph comments'
// anchors are columns of `comments` (social.ts); reader settings, reading languages and the wrangler role are
// columns of `users`; language and crossover of `stories`; tag wrangling of `free_tags` (tags.ts).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { stories } from "./stories";
import { users } from "./users";

/**
 * A reader's saved Discover filters: a name and Discover's URL query string (at most 30 per reader). One may be
 * the reader's default ('Always exclude'), applied where Discover's URL names no filters of its own.
 */
export const savedFilters = pgTable(
  "saved_filters",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    unique("saved_filters_user_name_key").on(t.userId, t.name),
    uniqueIndex("saved_filters_default_key").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/**
 * A scheduled release: a whole first publish (`chapters` null, `publish` holding the publish dialog's fields) or
 * chapters of a published work, released at `at` by the worker on whichever instance claims it first (state goes
 * 'scheduled' → 'released' in one conditional update, so it happens once). Until then readers see nothing of it.
 * `silent`: released without notifying anyone.
 */
export const scheduledReleases = pgTable(
  "scheduled_releases",
  {
    id: serial("id").primaryKey(),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    chapters: integer("chapters").array(),
    publish: jsonb("publish"),
    silent: boolean("silent").notNull().default(false),
    state: text("state").notNull().default("scheduled"),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
    releasedAt: timestamp("released_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // The worker's queue: what is due, oldest first.
    index("scheduled_releases_due_idx").on(t.at).where(sql`${t.state} = 'scheduled'`),
    index("scheduled_releases_story_idx").on(t.storyId).where(sql`${t.state} = 'scheduled'`),
    check("scheduled_releases_state_check", sql`${t.state} in ('scheduled', 'released', 'canceled')`),
  ],
);
