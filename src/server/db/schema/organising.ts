// Issue 30: how fans organise works. Series, co-creators (with consent), gifts, related works and Mark for Later.
// Bookmarks' notes, tags, recs and privacy are columns of `bookmarks` (social.ts).
import { sql } from "drizzle-orm";
import {
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

const storyRef = (name = "story_id") =>
  integer(name)
    .notNull()
    .references(() => stories.id, { onDelete: "cascade" });
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** A writer's series: their published works in order ('Part 2 of The Copper Road'). */
export const series = pgTable(
  "series",
  {
    id: serial("id").primaryKey(),
    ownerId: userRef("owner_id"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    complete: boolean("complete").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("series_owner_idx").on(t.ownerId, t.updatedAt.desc())],
);

/**
 * A work's place in a series. `position` is 1-based; the series' commands keep them 1..n without gaps or repeats
 * (a reorder rewrites them all in one transaction). A work is in at most 10 series (checked on add).
 */
export const seriesWorks = pgTable(
  "series_works",
  {
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    storyId: storyRef(),
    position: integer("position").notNull(),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.storyId] }),
    // 'Part N of' on a work's pages: the series a story is in.
    index("series_works_story_idx").on(t.storyId),
    index("series_works_position_idx").on(t.seriesId, t.position),
    check("series_works_position_check", sql`${t.position} >= 1`),
  ],
);

/** A reader subscribed to a series: a work added to it notifies them, once per work. */
export const seriesSubscriptions = pgTable(
  "series_subscriptions",
  {
    userId: userRef("user_id"),
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.seriesId] }),
    // The fan-out of a new part pages a series' subscribers by id (keyset), as story subscriptions do.
    index("series_subscriptions_series_user_idx").on(t.seriesId, t.userId),
  ],
);

/**
 * A co-creator of a story: invited by its creator ('pending'), then 'accepted' (named on the work, in `position`
 * order after the creator) or 'declined'. Nobody is listed without accepting. One row per story and user.
 */
export const storyCoCreators = pgTable(
  "story_co_creators",
  {
    id: serial("id").primaryKey(),
    storyId: storyRef(),
    userId: userRef("user_id"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    state: text("state").notNull().default("pending"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    unique("story_co_creators_story_user_key").on(t.storyId, t.userId),
    // A co-creator's author page and Following feed: the works they accepted.
    index("story_co_creators_user_idx").on(t.userId, t.storyId).where(sql`${t.state} = 'accepted'`),
    check("story_co_creators_state_check", sql`${t.state} in ('pending', 'accepted', 'declined')`),
  ],
);

/** A gift: the work says 'For username'. A refused gift keeps its row (refused_at) so a later save cannot re-add it. */
export const storyGifts = pgTable(
  "story_gifts",
  {
    storyId: storyRef(),
    userId: userRef("user_id"),
    createdAt: createdAt(),
    refusedAt: timestamp("refused_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.storyId, t.userId] }),
    // The recipient's 'Gifts' tab.
    index("story_gifts_user_idx").on(t.userId, t.createdAt.desc()).where(sql`${t.refusedAt} is null`),
  ],
);

/**
 * A work's link to a work it comes from: one on FicForge (`related_story_id`) or outside (`url`, `title`, `author`).
 * The original's author approves a FicForge link (`approved_at`), after which the original lists it under 'Works
 * inspired by this'; until then it shows only on the new work.
 */
export const relatedWorks = pgTable(
  "related_works",
  {
    id: serial("id").primaryKey(),
    storyId: storyRef(),
    relatedStoryId: integer("related_story_id").references(() => stories.id, { onDelete: "set null" }),
    url: text("url"),
    title: text("title"),
    author: text("author"),
    relation: text("relation").notNull(),
    /** A translation's language (free text). */
    language: text("language"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    approvedAt: timestamp("approved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("related_works_story_idx").on(t.storyId, t.position),
    index("related_works_related_idx").on(t.relatedStoryId).where(sql`${t.relatedStoryId} is not null`),
    check(
      "related_works_relation_check",
      sql`${t.relation} in ('inspired-by', 'translation-of', 'remix-of', 'sequel-to')`,
    ),
  ],
);

/** 'Mark for Later': a reader's list apart from bookmarks, shown on the History page. */
export const markedForLater = pgTable(
  "marked_for_later",
  {
    userId: userRef("user_id"),
    storyId: storyRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.storyId] }),
    index("marked_for_later_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);
