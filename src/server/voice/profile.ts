// A style sample's profile: plain counting over the text (no library: the measures are a few lines each, and the
// offline storyteller's bench measures its generations with the very same functions, so the numbers compare).
import type { StyleProfile } from "../../shared/schemas/voice";
import { countWordsInText } from "../../shared/word-count";

const QUOTED = /“[^”]*”|"[^"]*"/g;
const WORD = /\p{L}[\p{L}'’-]*/gu;

/** Sentences of a text (paragraph by paragraph; a heading line is not one). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .filter((line) => line.trim() !== "" && !line.trimStart().startsWith("#"))
    .flatMap((line) => line.split(/(?<=[.!?…]["”’)]?)\s+(?=["“(]?[\p{Lu}\p{N}])/u))
    .map((s) => s.trim())
    .filter((s) => countWordsInText(s) > 0);
}

/** Lower-case word tokens (letters, inner apostrophes and hyphens). */
export const wordsOf = (text: string): string[] =>
  (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/’/g, "'"));

// Function words are every writer's; favourite words are what is left.
export const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other
  our ours out over own same she should so some such than that the their theirs them themselves then there these they
  this those through to too under until up very was we were what when where which while who whom why will with would
  you your yours yourself i'm it's don't didn't wasn't couldn't i'd i'll he's she's that's there's they're you're we're
  said says like back one two get got let oh yes yeah okay`.split(/\s+/),
);

const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

function spread(values: number[]): number {
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
}

/** Moving-average type-token ratio: length-independent, unlike a plain distinct/total. */
function richness(words: string[], window = 50): number {
  if (words.length === 0) return 0;
  if (words.length <= window) return new Set(words).size / words.length;
  const ratios: number[] = [];
  const step = Math.max(1, Math.floor((words.length - window) / 40));
  for (let i = 0; i + window <= words.length; i += step) ratios.push(new Set(words.slice(i, i + window)).size / window);
  return mean(ratios);
}

function favourites(words: string[], max = 8): string[] {
  const counts = new Map<string, number>();
  for (const w of words) if (w.length > 2 && !STOP_WORDS.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n >= 2)
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .slice(0, max)
    .map(([w]) => w);
}

function personOf(narration: string[]): StyleProfile["person"] {
  const count = (set: Set<string>) => narration.filter((w) => set.has(w)).length;
  const first = count(new Set(["i", "me", "my", "mine", "myself", "i'm", "i'd", "i'll", "i've"]));
  const second = count(new Set(["you", "your", "yours", "yourself", "you're"]));
  const third = count(new Set(["he", "she", "they", "him", "her", "his", "them", "their"]));
  if (first >= third && first >= second && first > 0) return "first";
  if (second > third && second > first) return "second";
  return "third";
}

const PAST = /^(?:was|were|had|did|\p{L}+ed)$/u;
const PRESENT = /^(?:is|are|am|has|does|\p{L}+s)$/u;

function tenseOf(narration: string[]): StyleProfile["tense"] {
  let past = 0;
  let present = 0;
  for (const w of narration) {
    if (PAST.test(w)) past++;
    else if (w.length > 3 && PRESENT.test(w) && !w.endsWith("ss") && !w.endsWith("us")) present += 0.5;
  }
  return present > past ? "present" : "past";
}

export function profileOf(text: string): StyleProfile {
  const sentenceLengths = sentencesOf(text).map(countWordsInText);
  const paragraphs = text
    .split(/\n\s*\n/)
    .map(countWordsInText)
    .filter((n) => n > 0);
  const totalWords = countWordsInText(text);
  const quotedWords = (text.match(QUOTED) ?? []).reduce((sum, q) => sum + countWordsInText(q), 0);
  const words = wordsOf(text);
  const narration = wordsOf(text.replace(QUOTED, " "));
  return {
    words: totalWords,
    sentences: sentenceLengths.length,
    sentenceMean: round1(mean(sentenceLengths)),
    sentenceSpread: round1(spread(sentenceLengths)),
    paragraphMean: round1(mean(paragraphs)),
    dialogueShare: totalWords === 0 ? 0 : round2(Math.min(1, quotedWords / totalWords)),
    person: personOf(narration),
    tense: tenseOf(narration),
    richness: round2(richness(words)),
    favouriteWords: favourites(words),
  };
}

const lengthWord = (mean: number) => (mean < 10 ? "short" : mean < 18 ? "medium-length" : "long");
const richnessWord = (r: number) =>
  r >= 0.8 ? "rich and varied" : r >= 0.65 ? "varied" : "plain, with repeated words";

/** The profile as the prompt says it: one short paragraph a model (and the writer) can read. */
export function describeProfile(p: StyleProfile): string {
  const parts = [
    `${lengthWord(p.sentenceMean)} sentences (mean ${p.sentenceMean} words, spread ${p.sentenceSpread})`,
    `paragraphs of about ${Math.round(p.paragraphMean)} words`,
    `dialogue ${Math.round(p.dialogueShare * 100)}% of the words`,
    `${p.person} person, ${p.tense} tense`,
    `vocabulary ${richnessWord(p.richness)} (${p.richness})`,
  ];
  if (p.favouriteWords.length > 0) parts.push(`favourite words: ${p.favouriteWords.join(", ")}`);
  return `${parts.join("; ")}.`;
}
