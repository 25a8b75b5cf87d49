// Issue 31 section 3: scheduled releases. A writer schedules chapters of a published work, or a whole first publish
// (with the publish dialog's fields), for a time between a minute and a year ahead; the dashboard lists them with
// Edit (another time) and Cancel.
import { z } from "zod";
import { PublishBody } from "./story";

export const SCHEDULE_LIMITS = {
  /** The earliest time: a minute ahead of the server's clock. */
  minAheadMs: 60_000,
  /** The latest: a year (365 days) ahead. */
  maxAheadMs: 365 * 86_400_000,
  /** Chapters one release names. */
  chapters: 50,
  /** The highest chapter number a release may name (a document has fewer). */
  chapterMax: 10_000,
  /** Releases waiting for one work at once. */
  perStory: 50,
} as const;

export const SCHEDULE_MESSAGES = {
  at: "Choose a date and time, e.g. 2027-03-01T18:00:00Z",
  tooSoon: "Schedule it at least a minute from now",
  tooLate: "Schedule it at most a year from now",
  chapters: "Chapters are whole numbers from 1",
  chaptersTwice: "Each chapter can be scheduled once",
  tooManyChapters: `A release can name at most ${SCHEDULE_LIMITS.chapters} chapters`,
  tooMany: `A work can have at most ${SCHEDULE_LIMITS.perStory} scheduled releases`,
  missingChapter: (n: number, count: number) =>
    count === 0
      ? `Chapter ${n} isn't in the story yet: it has no chapters`
      : `Chapter ${n} isn't in the story: it has ${count} ${count === 1 ? "chapter" : "chapters"}`,
  alreadyScheduled: (n: number) => `Chapter ${n} is already scheduled`,
  alreadyLive: (n: number) => `Chapter ${n} is already live`,
  notPublished: "Publish the story first, or schedule its publication",
  alreadyPublished: "This story is already published: schedule chapters instead",
  publishScheduled: "This story's publication is already scheduled",
  notFound: "Scheduled release not found",
  publishWithChapters: "Publish fields go with a whole publish: leave out chapters",
} as const;

const ScheduleTime = z.iso.datetime({ offset: true, error: SCHEDULE_MESSAGES.at });

/**
 * POST /api/stories/{id}/schedule. With `chapters`: those chapters of the document go live at `at` (the story must
 * be published, or its publication scheduled). Without: the whole story is published at `at`, with `publish` (the
 * publish dialog's fields). `silent`: released without notifying subscribers or followers.
 */
export const ScheduleCreate = z
  .object({
    at: ScheduleTime,
    chapters: z
      .array(
        z
          .number({ error: SCHEDULE_MESSAGES.chapters })
          .int(SCHEDULE_MESSAGES.chapters)
          .min(1, SCHEDULE_MESSAGES.chapters)
          .max(SCHEDULE_LIMITS.chapterMax, SCHEDULE_MESSAGES.chapters),
        { error: SCHEDULE_MESSAGES.chapters },
      )
      .min(1, SCHEDULE_MESSAGES.chapters)
      .max(SCHEDULE_LIMITS.chapters, SCHEDULE_MESSAGES.tooManyChapters)
      .refine((list) => new Set(list).size === list.length, SCHEDULE_MESSAGES.chaptersTwice)
      .optional(),
    silent: z.boolean().optional(),
    publish: PublishBody.optional(),
  })
  .refine((body) => !(body.chapters && body.publish), {
    message: SCHEDULE_MESSAGES.publishWithChapters,
    path: ["publish"],
  });
export type ScheduleCreate = z.infer<typeof ScheduleCreate>;

/** PATCH /api/stories/{id}/schedule/{releaseId}: Edit moves it to another time (and may turn 'Silent update'). */
export const ScheduleEdit = z.object({ at: ScheduleTime, silent: z.boolean().optional() });
export type ScheduleEdit = z.infer<typeof ScheduleEdit>;

/** One waiting release, as the writer's dashboard and the editor list it. */
export const ScheduledReleaseView = z
  .object({
    id: z.number().int(),
    storyId: z.number().int(),
    storyTitle: z.string(),
    /** ISO 8601. */
    at: z.iso.datetime(),
    /** The chapters it releases, ascending; null for a whole publish. */
    chapters: z.array(z.number().int()).nullable(),
    silent: z.boolean(),
  })
  .meta({ id: "SchedulingRelease" });
export type ScheduledReleaseView = z.infer<typeof ScheduledReleaseView>;

/** 'Chapter 2', 'Chapters 2 and 3', 'Chapters 2, 3 and 5'; 'The story' for a whole publish. */
export function releaseLabel(chapters: readonly number[] | null): string {
  if (!chapters || chapters.length === 0) return "The story";
  if (chapters.length === 1) return `Chapter ${chapters[0]}`;
  return `Chapters ${chapters.slice(0, -1).join(", ")} and ${chapters[chapters.length - 1]}`;
}
