// Issue 30 section 1: a writer's series (their published works in order), its API's bodies and answers, and the
// 'Part 2 of The Copper Road' line a work's pages show.
import { z } from "zod";
import { PublishedStoryItem, type SeriesPart } from "./reading";

// NOTE: the 'Part N of' line's schemas live in reading.ts (the reader's answer holds them; this file uses its cards).
export { SeriesNeighbour, SeriesPart } from "./reading";

export const SERIES_LIMITS = {
  title: 200,
  description: 5_000,
  /** A work is in at most this many series. */
  seriesPerWork: 10,
  /** A series holds at most this many works (a reorder names them all). */
  works: 500,
} as const;

export const SERIES_TITLE_REQUIRED = "Series title is required";
export const SERIES_TITLE_TOO_LONG = `Series title must be at most ${SERIES_LIMITS.title} characters`;
export const SERIES_DESCRIPTION_TOO_LONG = `Description must be at most ${SERIES_LIMITS.description.toLocaleString("en-US")} characters`;
export const SERIES_NOT_FOUND = "Series not found";
export const SERIES_STORY_NOT_FOUND = "Story not found";
export const SERIES_STORY_NOT_YOURS = "You can only add your own stories to your series";
export const SERIES_STORY_NOT_PUBLISHED = "Publish the story before adding it to a series";
export const SERIES_STORY_ALREADY_IN = "This story is already in the series";
export const SERIES_STORY_NOT_IN = "This story is not in the series";
export const SERIES_WORK_LIMIT = `A story can be in at most ${SERIES_LIMITS.seriesPerWork} series`;
export const SERIES_FULL = `A series can hold at most ${SERIES_LIMITS.works} works`;
export const SERIES_POSITION_OUT_OF_RANGE = "Position must be between 1 and the number of works plus one";
export const SERIES_ORDER_MISMATCH = "The order must list every work of the series exactly once";
export const SERIES_NOTHING_TO_CHANGE = "Nothing to change";

const storyId = z
  .number({ error: "Story id must be a number" })
  .int("Story id must be a whole number")
  .positive("Story id must be positive")
  .max(2_147_483_647, "Story id is too large");

const title = z
  .string({ error: SERIES_TITLE_REQUIRED })
  .trim()
  .min(1, SERIES_TITLE_REQUIRED)
  .max(SERIES_LIMITS.title, SERIES_TITLE_TOO_LONG);
const description = z
  .string({ error: "Description must be text" })
  .trim()
  .max(SERIES_LIMITS.description, SERIES_DESCRIPTION_TOO_LONG);

/** POST /api/series. */
export const SeriesCreate = z.object({ title, description: description.default("") });
export type SeriesCreate = z.infer<typeof SeriesCreate>;

/** PATCH /api/series/{id}: rename, describe, mark complete, reorder (`order`: every work's story id, in order). */
export const SeriesUpdate = z
  .object({
    title: title.optional(),
    description: description.optional(),
    complete: z.boolean({ error: "Complete must be true or false" }).optional(),
    order: z
      .array(storyId, { error: "Order must be a list of story ids" })
      .max(SERIES_LIMITS.works, SERIES_ORDER_MISMATCH)
      .refine((ids) => new Set(ids).size === ids.length, SERIES_ORDER_MISMATCH)
      .optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), SERIES_NOTHING_TO_CHANGE);
export type SeriesUpdate = z.infer<typeof SeriesUpdate>;

/** POST /api/series/{id}/works: insert at `position` (1-based; the end when absent), shifting the others down. */
export const SeriesWorkAdd = z.object({
  storyId,
  position: z
    .number({ error: "Position must be a number" })
    .int("Position must be a whole number")
    .min(1, SERIES_POSITION_OUT_OF_RANGE)
    .max(SERIES_LIMITS.works + 1, SERIES_POSITION_OUT_OF_RANGE)
    .optional(),
});
export type SeriesWorkAdd = z.infer<typeof SeriesWorkAdd>;

export const SeriesCreated = z.object({ id: z.number() });
export type SeriesCreated = z.infer<typeof SeriesCreated>;

/** GET /api/series/{id}: the series and its works in order, as Discover cards (what the viewer may read). */
export const SeriesView = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    complete: z.boolean(),
    owner: z.object({ username: z.string() }),
    /** The public page, /series/{id}-{slug}. */
    path: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Every work in the series (the viewer may see fewer). */
    workCount: z.number(),
    works: z.array(PublishedStoryItem.extend({ position: z.number() })),
    /** Whether the viewer subscribes (false when signed out). */
    subscribed: z.boolean(),
  })
  .meta({ id: "SeriesView" });
export type SeriesView = z.infer<typeof SeriesView>;

/** GET /api/me/series: the writer's own series, newest change first, with the ids of their works in order. */
export const MySeriesItem = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  complete: z.boolean(),
  path: z.string(),
  updatedAt: z.string(),
  /** Every work, in order, whatever its state now (a work unpublished since stays in the series). */
  works: z.array(z.object({ storyId: z.number(), position: z.number(), title: z.string(), published: z.boolean() })),
});
export type MySeriesItem = z.infer<typeof MySeriesItem>;

export const MySeriesList = z.object({ series: z.array(MySeriesItem) });
export type MySeriesList = z.infer<typeof MySeriesList>;

export const SeriesSubscriptionState = z.object({ subscribed: z.boolean() });
export type SeriesSubscriptionState = z.infer<typeof SeriesSubscriptionState>;

/** The line's text, one place for every page that shows it. */
export const seriesPartText = (part: Pick<SeriesPart, "position">) => `Part ${part.position} of`;
