// Issue 20 §1: every version of a story's text (decision 0041). Forward deltas with a compressed keyframe at the
// head of each chain: a version's text is its chain's keyframe with every later delta up to it applied.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./columns";
import { stories } from "./stories";

export const storyVersions = pgTable(
  "story_versions",
  {
    id: serial("id").primaryKey(),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    // When the version was taken (coalescing and retention go by it).
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // When its text was written (what the writer sees): a version taken before a change holds older text.
    savedAt: timestamp("saved_at", { withTimezone: true, mode: "date" }).notNull(),
    // Who made the text: the writer typing, Marin (with `model`), a restore, an import.
    origin: text("origin").notNull(),
    model: text("model"),
    // Taken when the story was published.
    published: boolean("published").notNull().default(false),
    // The version a restore brought back (no foreign key: retention may delete it later).
    restoredFrom: integer("restored_from"),
    wordCount: integer("word_count").notNull(),
    // Marin's words in it, and the sanitizer allowlist it was cleaned with: a restore under the same allowlist
    // takes the text back as it is, without cleaning or counting it again.
    aiWordCount: integer("ai_word_count").notNull().default(0),
    sanitizedWith: integer("sanitized_with").notNull().default(0),
    wordChange: integer("word_change").notNull(),
    // sha1 of the text, so a snapshot identical to the newest version is not taken twice.
    contentHash: text("content_hash").notNull(),
    // Issue 30: who saved this text (a co-written work has several editors); null for versions before it was kept.
    // No foreign key, as stories.saved_by.
    savedBy: integer("saved_by"),
    // A keyframe holds the whole text (brotli); else `data` is a delta against the version before it (by id).
    keyframe: boolean("keyframe").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [
    index("story_versions_story_idx").on(t.storyId, t.id.desc()),
    index("story_versions_created_idx").on(t.createdAt),
    check("story_versions_origin_check", sql`${t.origin} in ('writer', 'marin', 'restore', 'import')`),
  ],
);
