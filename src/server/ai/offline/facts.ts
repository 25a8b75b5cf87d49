// What the storyteller reads off the brief besides the cast and the world: the story text as plain text, its
// chapters, its tense and person, the moods and themes that steer a scene, and the request's intent.
import type { StoryBrief } from "../context-block";
import type { Voice } from "./grammar";

export type MoodKey = "romance" | "angst" | "humor" | "spice" | "chaos" | "adventure" | "action";
export type ThemeKey = "enemies" | "slowburn" | "friends" | "au" | "nsfw";

/** Story text as prose: HTML (if any) flattened to paragraphs, chapter headings kept as '## ' lines. */
export function plainText(text: string): string {
  return text
    .replace(/<h[1-3][^>]*>/gi, "\n\n## ")
    .replace(/<\/(p|h[1-6]|div|li|blockquote)>|<br\s*\/?>|<hr\s*\/?>/gi, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The editor's empty-story placeholder is not story text. */
const PLACEHOLDER = /^\s*Start writing your story here\.{0,3}\s*$/i;

/** The story text the prompt carries (beginning and latest part), as prose; '' for an empty story. */
export function storyText(brief: StoryBrief): string {
  const text = plainText([brief.beginning, brief.latest].filter(Boolean).join("\n\n"));
  return PLACEHOLDER.test(text) ? "" : text;
}

const NUMBER_WORDS =
  "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split(
    " ",
  );
const CHAPTER = /(?:^|\n)\s*(?:#{1,3}\s*)?chapter\s+(\d+|[a-z]+)\b/gi;

/** Chapters the story has: the highest chapter number seen, or how many chapter headings there are. */
export function chapterCount(text: string): number {
  let highest = 0;
  let headings = 0;
  for (const match of text.matchAll(CHAPTER)) {
    const word = match[1]!.toLowerCase();
    const n = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word) + 1;
    if (n <= 0) continue;
    headings++;
    highest = Math.max(highest, n);
  }
  return Math.max(highest, headings);
}

const narration = (text: string) => text.replace(/["“][^"”]*["”]/g, " ");

/** The tense and person of a piece of story text; past and third person when it is too short to tell. */
export function detectVoice(text: string): Voice {
  const told = narration(text);
  const count = (pattern: RegExp) => (told.match(pattern) ?? []).length;
  const first = count(/\b(I|me|my|myself)\b/g);
  const third = count(/\b(she|he|her|him|his)\b/gi);
  const past = count(/\b(was|were|had|did|said|went|looked|turned|felt)\b/gi);
  const present = count(/\b(is|are|am|has|does|says|goes|looks|turns|feels)\b/gi);
  return {
    person: first >= 2 || (first >= 1 && first >= third) ? "first" : "third",
    tense: present > past ? "present" : "past",
  };
}

const MOOD_WORDS: [MoodKey, RegExp][] = [
  ["romance", /romance|romantic|love|fluff|sweet|wholesome|tender/i],
  ["angst", /angst|dark|sad|tragic|grief|hurt|melanchol/i],
  ["humor", /humou?r|funny|comedy|comedic|crack|silly|banter/i],
  ["spice", /spice|spicy|steamy|sensual|smut/i],
  ["chaos", /chaos|chaotic|absurd/i],
  ["adventure", /adventure|quest|journey|mystery|explor/i],
  ["action", /action|fight|battle|thriller|suspense|chase/i],
];

/** The moods that steer the scene, strongest first, with their strength 0–100 (a plain tag counts as 60). */
export function moodWeights(brief: StoryBrief): { key: MoodKey; value: number; label: string }[] {
  const weights = new Map<MoodKey, { value: number; label: string }>();
  for (const mood of brief.moods) {
    const key = MOOD_WORDS.find(([, p]) => p.test(mood.name))?.[0];
    if (!key) continue;
    const value = mood.value ?? 60;
    if ((weights.get(key)?.value ?? -1) < value) weights.set(key, { value, label: mood.name });
  }
  for (const theme of brief.themes) {
    if (/adventure/i.test(theme) && !weights.has("adventure")) weights.set("adventure", { value: 55, label: theme });
    if (/action/i.test(theme) && !weights.has("action")) weights.set("action", { value: 55, label: theme });
  }
  return [...weights]
    .map(([key, w]) => ({ key, ...w }))
    .filter((w) => w.value >= 15)
    .sort((a, b) => b.value - a.value);
}

export function themeKeys(brief: StoryBrief): ThemeKey[] {
  const keys: ThemeKey[] = [];
  for (const theme of brief.themes) {
    if (/enem/i.test(theme)) keys.push("enemies");
    else if (/slow/i.test(theme)) keys.push("slowburn");
    else if (/friend/i.test(theme)) keys.push("friends");
    else if (/alternate|\bau\b/i.test(theme)) keys.push("au");
    else if (/nsfw/i.test(theme)) keys.push("nsfw");
  }
  return keys;
}

export const TARGET_WORDS: Record<string, number> = { short: 120, medium: 300, long: 600 };

export function firstSentence(text: string | null): string | null {
  if (!text || text.trim() === "") return null;
  const sentence = text
    .trim()
    .split(/(?<=[.!?])\s+|\s\/\s/)[0]!
    .trim();
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export function lastSentence(text: string): string {
  const sentences = text.trim().split(/(?<=[.!?…]["”]?)\s+/);
  return sentences[sentences.length - 1] ?? "";
}

const STOP =
  /^(is|are|was|were|has|have|had|will|would|can|could|must|do|does|did|leads?|and|but|or|to|of|in|on|at|by|for|from|with|that|who|which|where|when|while|into|before|after)$/i;

/** 'A stolen map leads to a drowned temple.' → ['the stolen map', 'the drowned temple']. */
export function nounPhrases(text: string): string[] {
  const phrases: string[] = [];
  for (const match of text.matchAll(/\b(?:a|an|the|their|his|her)\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,2})/giu)) {
    const words: string[] = [];
    for (const word of match[1]!.split(/\s+/)) {
      if (STOP.test(word) || (words.length >= 2 && /s$/.test(word))) break;
      words.push(word);
    }
    if (words.length > 0) phrases.push(`the ${words.join(" ")}`);
  }
  return [...new Set(phrases)];
}
