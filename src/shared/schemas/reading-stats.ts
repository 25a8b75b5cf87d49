// Stats for the author, resume reading and History (issue 17; decision 0031).
import { z } from "zod";
import { AiLabelField } from "./reading";

/** The highest chapter number counted or remembered (a story has far fewer; smallint in the database). */
export const MAX_CHAPTER = 1000;
/** Days the stats chart covers, today included. */
export const STATS_DAYS = 30;
export const HISTORY_PAGE_SIZE = 20;
/** How many stories 'Continue reading' shows. */
export const CONTINUE_LIMIT = 6;
/** Past this share of the whole story, a story counts as finished and leaves 'Continue reading'. */
export const FINISHED_AT = 0.98;

const Chapter = z
  .number({ error: "chapter must be a whole number from 1 to 1000" })
  .int("chapter must be a whole number from 1 to 1000")
  .min(1, "chapter must be a whole number from 1 to 1000")
  .max(MAX_CHAPTER, "chapter must be a whole number from 1 to 1000");
const Fraction = (name: string) =>
  z
    .number({ error: `${name} must be a number from 0 to 1` })
    .min(0, `${name} must be a number from 0 to 1`)
    .max(1, `${name} must be a number from 0 to 1`)
    // NOTE: to a millionth: a subnormal number (5e-324) is a fraction, but the real column refused it with a 500
    // (found by the fuzzing stage).
    .transform((value) => Math.round(value * 1e6) / 1e6);

/** POST /api/stories/{id}/reads: the reader reached this chapter (counted once a day per reader). */
export const ChapterReachedBody = z.object({ chapter: Chapter });

/** PUT /api/stories/{id}/progress: where the reader is now. */
export const ProgressBody = z.object({
  chapter: Chapter,
  position: Fraction("position"),
  overall: Fraction("overall"),
});
export type Progress = z.infer<typeof ProgressBody>;

/** GET /api/stories/{id}/progress: null when nothing is remembered. */
export const ProgressAnswer = z.object({
  progress: z
    .object({ chapter: z.number(), position: z.number(), overall: z.number(), updatedAt: z.string() })
    .nullable(),
});
export type ProgressAnswer = z.infer<typeof ProgressAnswer>;

/** One story in History or 'Continue reading'. */
export const HistoryItem = z.object({
  storyId: z.number(),
  title: z.string(),
  authorUsername: z.string().nullable(),
  coverImage: z.string().nullable(),
  /** Issue 29: the work's AI label and Marin's measured share (0–1). */
  aiLabel: AiLabelField,
  aiShare: z.number(),
  chapter: z.number(),
  overall: z.number(),
  updatedAt: z.string(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

export const HistoryQuery = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(HISTORY_PAGE_SIZE),
});

export const HistoryPage = z.object({ items: z.array(HistoryItem), nextCursor: z.string().nullable() });
export type HistoryPage = z.infer<typeof HistoryPage>;

export const ContinueReading = z.object({ items: z.array(HistoryItem) });
export type ContinueReading = z.infer<typeof ContinueReading>;

export const ReadingSettingsBody = z.object({
  recordHistory: z.boolean({ error: "recordHistory must be true or false" }),
});
export type ReadingSettings = z.infer<typeof ReadingSettingsBody>;

export const StoryStatsDay = z.object({
  day: z.string().describe("YYYY-MM-DD, UTC"),
  reads: z.number(),
  readers: z.number(),
});
export type StoryStatsDay = z.infer<typeof StoryStatsDay>;

/** GET /api/stories/{id}/stats: the author's alone. */
export const StoryStats = z.object({
  reads: z.number(),
  /** Readers counted once per day each (a signed-out reader cannot be recognised across days). */
  readers: z.number(),
  likes: z.number(),
  bookmarks: z.number(),
  comments: z.number(),
  /** The last STATS_DAYS days, oldest first, every day present. */
  days: z.array(StoryStatsDay),
  /** Chapters reached, in order: readers who reached chapter N. */
  chapters: z.array(z.object({ chapter: z.number(), readers: z.number() })),
});
export type StoryStats = z.infer<typeof StoryStats>;
