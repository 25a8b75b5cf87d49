// Issue 20 §1: a story's kept versions (decision 0041), shared by the server's presenters and the History panel.
import { z } from "zod";
import { DB_ID_MAX } from "../limits";

export const VERSION_ORIGINS = ["writer", "marin", "restore", "import"] as const;
export type VersionOrigin = (typeof VERSION_ORIGINS)[number];

/** Free accounts keep this many days of history; FicForge Plus keeps all of it. */
export const FREE_HISTORY_DAYS = 30;

/**
 * Sent with the save that carries a Marin insertion (PATCH /api/stories/{id}): the server keeps the text as it
 * stood before, and the text with Marin's words as a version by Marin with this model.
 */
export const VersionOriginHint = z.object({
  origin: z.literal("marin"),
  model: z.string().trim().max(80).default(""),
});
export type VersionOriginHint = z.infer<typeof VersionOriginHint>;

export const VersionListQuery = z.object({
  /** Versions older than this id (the list's next page). */
  // NOTE: at most the id column's range; past it the lookup failed in the database (found by the fuzzing stage).
  before: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const VersionQuery = z.object({ diff: z.literal("current").optional() });

/** One version as the History list shows it. */
export const VersionView = z.object({
  id: z.number().int(),
  /** When its text was written. */
  savedAt: z.iso.datetime(),
  wordCount: z.number().int(),
  /** Words against the version before it. */
  wordChange: z.number().int(),
  origin: z.enum(VERSION_ORIGINS),
  /** Marin's model, for origin 'marin'. */
  model: z.string().nullable(),
  /** Taken when the story was published. */
  published: z.boolean(),
  /** For origin 'restore': the version brought back. */
  restoredFrom: z.number().int().nullable(),
  /** Of wordCount, the words inside Marin's generated-content wrappers: who wrote a text kept without an origin. */
  aiWordCount: z.number().int(),
  /** Issue 30: who saved this text (a co-written work has several editors); null when not known. */
  savedBy: z.object({ username: z.string() }).nullable().optional(),
});
export type VersionView = z.infer<typeof VersionView>;

export const VersionList = z.object({
  versions: z.array(VersionView),
  /** The id to ask `before` for the next page, or null at the oldest. */
  nextBefore: z.number().int().nullable(),
  /** Whether older versions go after FREE_HISTORY_DAYS (a free account). */
  limitedHistory: z.boolean(),
});
export type VersionList = z.infer<typeof VersionList>;

/**
 * A word-level diff against the current text: 'same' (unchanged), 'added' (in the current text only), 'removed'
 * (in the version only); 'gap' stands for unchanged paragraphs left out. Paragraphs are separated by "\n".
 */
export const DiffPart = z.union([
  z.object({ kind: z.enum(["same", "added", "removed"]), text: z.string() }),
  z.object({ kind: z.literal("gap"), paragraphs: z.number().int() }),
]);
export type DiffPart = z.infer<typeof DiffPart>;

export const VersionDetail = VersionView.extend({
  /** The version's story HTML. */
  content: z.string(),
  /**
   * For a published story (readers see its text, so a restore changes what they read at once): the chapters readers
   * have now that this version does not, by title. Null for a draft.
   */
  readers: z.object({ chaptersLost: z.array(z.string()) }).nullable(),
  /** With `diff=current`. */
  diff: z
    .object({ parts: z.array(DiffPart), added: z.number().int(), removed: z.number().int(), truncated: z.boolean() })
    .optional(),
});
export type VersionDetail = z.infer<typeof VersionDetail>;

/**
 * POST /api/stories/{id}/versions/{v}/restore. Restoring a published story changes its public text at once, so the
 * writer must have been told: without `readersSeeIt` such a restore is refused (409 RESTORE_IS_PUBLIC).
 */
export const RestoreBody = z.object({ readersSeeIt: z.boolean().optional() }).nullish();
export const RESTORE_IS_PUBLIC = "RESTORE_IS_PUBLIC";
export const RESTORE_IS_PUBLIC_MESSAGE =
  "This story is published: readers will see this version now. Confirm the restore to go ahead.";
