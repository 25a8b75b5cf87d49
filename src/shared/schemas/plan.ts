// The planning board's contract (issue 32, section 3; decision 0101): a braindump, a synopsis, an outline of chapters
// and beats per chapter, each editable by hand; and Marin's drafts of each level from the one above.
import { z } from "zod";
import { PromptAllowance } from "./marin";

export const PLAN_LIMITS = {
  braindumpChars: 20_000,
  synopsisChars: 5_000,
  chapters: 200,
  titleChars: 200,
  beatsPerChapter: 40,
  beatChars: 500,
  /** The whole board as sent (JSON): past this a PUT is answered 413. */
  bodyBytes: 256 * 1024,
  /** 'Outline N chapters': how many Marin may draft at once. */
  outlineMax: 50,
  outlineDefault: 12,
} as const;

const n = (value: number) => value.toLocaleString("en-US");

export const PLAN_MESSAGES = {
  braindumpTooLong: `The braindump can be at most ${n(PLAN_LIMITS.braindumpChars)} characters`,
  synopsisTooLong: `The synopsis can be at most ${n(PLAN_LIMITS.synopsisChars)} characters`,
  tooManyChapters: `An outline can have at most ${PLAN_LIMITS.chapters} chapters`,
  titleTooLong: `A chapter title can be at most ${PLAN_LIMITS.titleChars} characters`,
  tooManyBeats: `A chapter can have at most ${PLAN_LIMITS.beatsPerChapter} beats`,
  beatTooLong: `A beat can be at most ${PLAN_LIMITS.beatChars} characters`,
  tooLarge: "This plan is too large to save. The limit is 256 KB.",
  needBraindump: "Write something in your braindump first: Marin drafts the synopsis from it.",
  needSynopsis: "Write a synopsis (or a braindump) first: Marin outlines the chapters from it.",
  chapterNotOnOutline: (chapter: number, count: number) =>
    count === 0
      ? `Chapter ${chapter} is not on your outline yet: add chapters to the outline first.`
      : `Chapter ${chapter} is not on your outline, which has ${count} chapter${count === 1 ? "" : "s"}.`,
  outlineCount: `Marin can outline between 1 and ${PLAN_LIMITS.outlineMax} chapters at a time`,
} as const;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export const PlanChapter = z.object({
  title: z.string().transform(oneLine).pipe(z.string().max(PLAN_LIMITS.titleChars, PLAN_MESSAGES.titleTooLong)),
  beats: z
    .array(z.string().transform(oneLine).pipe(z.string().max(PLAN_LIMITS.beatChars, PLAN_MESSAGES.beatTooLong)))
    .max(PLAN_LIMITS.beatsPerChapter, PLAN_MESSAGES.tooManyBeats)
    .transform((beats) => beats.filter((beat) => beat !== "")),
});
export type PlanChapter = z.infer<typeof PlanChapter>;

/** PUT /api/stories/{id}/plan, and what GET answers (with `updatedAt`). */
export const StoryPlan = z.object({
  braindump: z.string().max(PLAN_LIMITS.braindumpChars, PLAN_MESSAGES.braindumpTooLong).default(""),
  synopsis: z.string().max(PLAN_LIMITS.synopsisChars, PLAN_MESSAGES.synopsisTooLong).default(""),
  chapters: z.array(PlanChapter).max(PLAN_LIMITS.chapters, PLAN_MESSAGES.tooManyChapters).default([]),
});
export type StoryPlan = z.infer<typeof StoryPlan>;
export type StoryPlanInput = z.input<typeof StoryPlan>;

/** The board as saved (GET, and PUT's answer). */
export const StoryPlanView = z.object({
  braindump: z.string(),
  synopsis: z.string(),
  chapters: z.array(z.object({ title: z.string(), beats: z.array(z.string()) })),
  /** ISO time of the last save; null for a board never saved. */
  updatedAt: z.string().nullable(),
});
export type StoryPlanView = z.infer<typeof StoryPlanView>;

export const PLAN_LEVELS = ["synopsis", "outline", "beats"] as const;
export type PlanLevel = (typeof PLAN_LEVELS)[number];

/** POST /api/stories/{id}/plan/draft: Marin drafts one level from the saved level above it (one prompt each). */
export const PlanDraftBody = z.object({
  level: z.enum(PLAN_LEVELS, { error: "Level must be synopsis, outline or beats" }),
  /** beats: the chapter (1-based) on the outline. */
  chapter: z.number().int().min(1).max(PLAN_LIMITS.chapters).optional(),
  /** outline: how many chapters. */
  count: z
    .number()
    .int()
    .min(1, PLAN_MESSAGES.outlineCount)
    .max(PLAN_LIMITS.outlineMax, PLAN_MESSAGES.outlineCount)
    .optional(),
  seed: z.number().int().optional(),
});
export type PlanDraftBody = z.infer<typeof PlanDraftBody>;

/** The draft, parsed into the board's shape: `synopsis` for that level, `chapters` (titles) or `beats`. */
export const PlanDraft = PromptAllowance.extend({
  level: z.enum(PLAN_LEVELS),
  chapter: z.number().int().nullable(),
  synopsis: z.string().nullable(),
  chapters: z.array(z.string()).nullable(),
  beats: z.array(z.string()).nullable(),
  model: z.string(),
});
export type PlanDraft = z.infer<typeof PlanDraft>;

/** What the board's buttons say, and the chat's request line for each (used as the prompt's request too). */
export const planDraftAsk = (body: Pick<PlanDraftBody, "level" | "chapter" | "count">): string =>
  body.level === "synopsis"
    ? "Draft a synopsis from my braindump"
    : body.level === "outline"
      ? `Outline ${body.count ?? PLAN_LIMITS.outlineDefault} chapters`
      : `Beats for chapter ${body.chapter ?? 1}`;

/** 'Write chapter 3 from its beats': the generation's prompt. */
export const writeChapterPrompt = (chapter: number) => `Write chapter ${chapter} from its beats`;
