// Reads counted for authors (without addresses: a signed-out reader is a salted hash whose salt lives one day), and
// where each signed-in reader stopped (resume reading, History). Decision 0031.
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { stories } from "./stories";
import { users } from "./users";

const storyRef = () =>
  integer("story_id")
    .notNull()
    .references(() => stories.id, { onDelete: "cascade" });
const userRef = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** One random salt per UTC day, shared by every instance; deleted once its day is over, so no hash can be redone. */
export const readSalts = pgTable("read_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Who read what today, only to tell a new reader from one already counted: `reader` is HMAC(day's salt, who), and
 * chapter 0 stands for the story itself. Rows of days before yesterday are deleted with their salt.
 */
export const readMarks = pgTable(
  "read_marks",
  {
    storyId: storyRef(),
    day: date("day", { mode: "string" }).notNull(),
    reader: text("reader").notNull(),
    chapter: smallint("chapter").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.day, t.reader, t.chapter] }), index("read_marks_day_idx").on(t.day)],
);

/** Per story and UTC day: reads (opens) and unique readers (once per day each). Only ever added to. */
export const storyReadDays = pgTable(
  "story_read_days",
  {
    storyId: storyRef(),
    day: date("day", { mode: "string" }).notNull(),
    reads: integer("reads").notNull().default(0),
    readers: integer("readers").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.day] })],
);

/** Per story and chapter: readers who reached it (each reader once per day). */
export const storyChapterReads = pgTable(
  "story_chapter_reads",
  {
    storyId: storyRef(),
    chapter: smallint("chapter").notNull(),
    readers: integer("readers").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.chapter] })],
);

/** Where a signed-in reader stopped in a story: the chapter (1-based), how far into it, how far into the whole. */
export const readingProgress = pgTable(
  "reading_progress",
  {
    userId: userRef(),
    storyId: storyRef(),
    chapter: smallint("chapter").notNull(),
    /** 0..1 through the chapter's text: survives other screen widths and edits elsewhere in the story. */
    position: real("position").notNull(),
    /** 0..1 through the whole story, for 'Continue reading' (finished ones drop off it). */
    overall: real("overall").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.storyId] }),
    index("reading_progress_user_idx").on(t.userId, t.updatedAt.desc()),
  ],
);

/** A reader's choice about History; no row means recording is on. */
export const readingSettings = pgTable("reading_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  recordHistory: boolean("record_history").notNull(),
});
