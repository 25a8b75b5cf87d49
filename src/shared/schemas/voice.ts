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
export interface StyleProfile {
  words: number;
  sentences: number;
  /** Words per sentence: the mean and the standard deviation. */
  sentenceMean: number;
  sentenceSpread: number;
  /** Words per paragraph (mean). */
  paragraphMean: number;
  /** Share of the words inside quotation marks, 0–1. */
  dialogueShare: number;
  person: "first" | "second" | "third";
  tense: "past" | "present";
  /** Moving-average type-token ratio over 50-word windows, 0–1 (higher: fewer repeated words). */
  richness: number;
  /** The sample's most used content words, most used first. */
  favouriteWords: string[];
}

export type StyleSampleScope = "story" | "all";

export interface StyleSampleView {
  scope: StyleSampleScope;
  storyId: number | null;
  text: string;
  words: number;
  profile: StyleProfile;
  /** The profile as the prompt describes it. */
  description: string;
  updatedAt: string;
}

/** GET answers: the sample of this scope (or null), and for a story the all-stories one it falls back to. */
export interface StyleSampleAnswer {
  sample: StyleSampleView | null;
  /** A story's GET: the writer's all-stories sample, which Marin uses while the story has none of its own. */
  fallback: StyleSampleView | null;
}

/** A passage of the writer's published text the picker offers. */
export interface VoicePassage {
  id: string;
  storyId: number;
  storyTitle: string;
  label: string;
  text: string;
  words: number;
}

export const VOICE_URLS = {
  mine: "/api/me/style-sample",
  passages: "/api/me/style-sample/passages",
  story: (id: number | string) => `/api/stories/${id}/style-sample`,
} as const;
