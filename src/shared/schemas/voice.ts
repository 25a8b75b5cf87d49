// The writer's voice (issue 32, section 4; decision 0102): a style sample of the writer's own prose, for one story or
// for all of their stories, and the style profile derived from it that Marin's prompts carry.
import { z } from "zod";
import { isBlankText } from "../blank-text";

export const VOICE_LIMITS = {
  /** Words a sample may hold (the shared word rule, shared/word-count.ts). */
  sampleWords: 2000,
  /** Characters of the `text` field before any word is counted: room for 2,000 long words pasted as HTML. */
  sampleChars: 100_000,
  /** Passages offered by the picker, and the words of each. */
  passages: 40,
  passageWords: 250,
} as const;

const number = (n: number) => n.toLocaleString("en-US");

export const VOICE_MESSAGES = {
  blank: "Paste or pick some of your own prose first",
  tooLong: (words: number) =>
    `A style sample can be at most ${number(VOICE_LIMITS.sampleWords)} words. This one has ${number(words)}.`,
  tooManyChars: `A style sample can be at most ${number(VOICE_LIMITS.sampleWords)} words.`,
  notFound: "No style sample yet",
} as const;

/** PUT /api/stories/{id}/style-sample and PUT /api/me/style-sample. Plain text or HTML (stored as plain text). */
export const StyleSampleBody = z.object({
  text: z
    .string({ error: VOICE_MESSAGES.blank })
    .max(VOICE_LIMITS.sampleChars, VOICE_MESSAGES.tooManyChars)
    .refine((text) => !isBlankText(text.trim()), VOICE_MESSAGES.blank),
});
export type StyleSampleBody = z.infer<typeof StyleSampleBody>;

/** What is derived from a sample (server/voice/profile.ts): numbers a prompt can describe and a model can aim at. */
export const StyleProfile = z.object({
  words: z.number().int(),
  sentences: z.number().int(),
  /** Words per sentence: the mean and the standard deviation. */
  sentenceMean: z.number(),
  sentenceSpread: z.number(),
  /** Words per paragraph (mean). */
  paragraphMean: z.number(),
  /** Share of the words inside quotation marks, 0–1. */
  dialogueShare: z.number(),
  person: z.enum(["first", "second", "third"]),
  tense: z.enum(["past", "present"]),
  /** Moving-average type-token ratio over 50-word windows, 0–1 (higher: fewer repeated words). */
  richness: z.number(),
  /** The sample's most used content words, most used first. */
  favouriteWords: z.array(z.string()),
});
export type StyleProfile = z.infer<typeof StyleProfile>;

export const StyleSampleScope = z.enum(["story", "all"]);
export type StyleSampleScope = z.infer<typeof StyleSampleScope>;

export const StyleSampleView = z
  .object({
    scope: StyleSampleScope,
    storyId: z.number().int().nullable(),
    text: z.string(),
    words: z.number().int(),
    profile: StyleProfile,
    /** The profile as the prompt describes it. */
    description: z.string(),
    /** ISO time. */
    updatedAt: z.string(),
  })
  .meta({ id: "VoiceStyleSample" });
export type StyleSampleView = z.infer<typeof StyleSampleView>;

/** GET answers: the sample of this scope (or null), and for a story the all-stories one it falls back to. */
export const StyleSampleAnswer = z.object({
  sample: StyleSampleView.nullable(),
  /** A story's GET: the writer's all-stories sample, which Marin uses while the story has none of its own. */
  fallback: StyleSampleView.nullable(),
});
export type StyleSampleAnswer = z.infer<typeof StyleSampleAnswer>;

/** A passage of the writer's published text the picker offers. */
export const VoicePassage = z.object({
  id: z.string(),
  storyId: z.number().int(),
  storyTitle: z.string(),
  label: z.string(),
  text: z.string(),
  words: z.number().int(),
});
export type VoicePassage = z.infer<typeof VoicePassage>;

/** GET /api/me/style-sample/passages. */
export const VoicePassages = z.object({ passages: z.array(VoicePassage) });
export type VoicePassages = z.infer<typeof VoicePassages>;

export const VOICE_URLS = {
  mine: "/api/me/style-sample",
  passages: "/api/me/style-sample/passages",
  story: (id: number | string) => `/api/stories/${id}/style-sample`,
} as const;
