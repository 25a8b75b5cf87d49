// A published story's chapters (issue 17 section 3), derived from its one document on each save while published.
// A row is never deleted while the story lives: its first publication date is what 'Updated' dates and new-chapter
// notifications rest on, so a chapter that is cut and put back (or a story unpublished and published again) is not
// announced twice.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { stories } from "./stories";

export const storyChapters = pgTable(
  "story_chapters",
  {
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    /** 1-based position in the document. */
    n: integer("n").notNull(),
    /** The chapter's heading; null for a story without chapter markers (its one chapter is the story). */
    title: text("title"),
    words: integer("words").notNull(),
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Set while the document has fewer chapters than this one's number (cut, perhaps to come back). */
    removedAt: timestamp("removed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.n] }), check("story_chapters_n_check", sql`${t.n} >= 1`)],
);
