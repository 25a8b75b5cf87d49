// The writer's voice with the offline storyteller (issue 32, section 4; decision 0102): generations for a story with a
// short-sentence style sample, a long-sentence one and none, over several seeds, each as Marin's real prompt builder
// writes it. Prints, per voice, the median mean sentence length and the median vocabulary overlap (the share of a
// generation's content words that the sample uses), and what the steering and the prompt section cost.
//   npx tsx bench/voice.ts [--seeds 15] [--length long]
import { parseArgs } from "node:util";
import { buildPrompt } from "../src/server/ai/prompt";
import { tellStory } from "../src/server/ai/offline/storyteller";
import { providerPrompt } from "../src/server/ai/run-model";
import { profileOf, sentencesOf, STOP_WORDS, wordsOf } from "../src/server/voice/profile";
import type { WriterVoice } from "../src/server/voice/samples";
import { LONG_SAMPLE, SHORT_SAMPLE } from "../src/server/test/voice-samples";
import { countWordsInText } from "../src/shared/word-count";
import type { ResponseLength } from "../src/shared/schemas/marin";
import { printTable } from "./lib/table";

const { values } = parseArgs({
  options: { seeds: { type: "string", default: "15" }, length: { type: "string", default: "long" } },
});
const SEEDS = Number(values.seeds);
const LENGTH = values.length as ResponseLength;

const story = {
  title: "Salt and Thorns",
  description: "",
  characters: "Aria Vance is a stoic harbour guard. Kael is a cheerful smuggler she keeps arresting.",
  setting: "A rain-soaked harbour city ruled by merchant guilds",
  plotIdeas: "A stolen map leads to a drowned temple.",
};
const voices: Record<string, WriterVoice | null> = {
  none: null,
  short: { scope: "story", text: SHORT_SAMPLE, profile: profileOf(SHORT_SAMPLE) },
  long: { scope: "story", text: LONG_SAMPLE, profile: profileOf(LONG_SAMPLE) },
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const meanSentence = (text: string) => {
  const lengths = sentencesOf(text).map(countWordsInText);
  return lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
};
const content = (text: string) => wordsOf(text).filter((w) => !STOP_WORDS.has(w) && w.length > 2);
/** The share of a generation's content words (names left out) that the sample uses. */
function overlap(text: string, sample: string): number {
  const vocabulary = new Set(wordsOf(sample));
  const words = content(text).filter((w) => !["aria", "kael", "aria's", "kael's"].includes(w));
  return words.filter((w) => vocabulary.has(w)).length / Math.max(1, words.length);
}

function generate(voice: WriterVoice | null, seed: number, task: "write" | "continue") {
  const built = buildPrompt({
    task,
    story: null,
    context: { ...story, currentContent: "<p>Aria waited at the harbour wall.</p>" } as never,
    prompt: "Write the next scene",
    before: "Aria waited at the harbour wall.",
    length: LENGTH,
    premium: true,
    memory: null,
    voice,
  });
  const prompt = providerPrompt({ system: built.system, messages: built.messages });
  const started = performance.now();
  const text = tellStory(prompt, seed);
  return { text, ms: performance.now() - started, promptChars: built.system.length };
}

const rows: string[][] = [];
for (const [name, voice] of Object.entries(voices)) {
  const means: number[] = [];
  const overlapShort: number[] = [];
  const overlapLong: number[] = [];
  const ms: number[] = [];
  for (const task of ["write", "continue"] as const) {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { text, ms: took } = generate(voice, seed, task);
      means.push(meanSentence(text));
      overlapShort.push(overlap(text, SHORT_SAMPLE));
      overlapLong.push(overlap(text, LONG_SAMPLE));
      ms.push(took);
    }
  }
  rows.push([
    name,
    voice ? String(voice.profile.sentenceMean) : "–",
    median(means).toFixed(1),
    `${(median(overlapShort) * 100).toFixed(1)}%`,
    `${(median(overlapLong) * 100).toFixed(1)}%`,
    `${median(ms).toFixed(2)} ms`,
  ]);
}
console.log(`Offline storyteller, ${SEEDS} seeds × write and continue, length ${LENGTH} (medians):`);
printTable(
  [
    "sample",
    "sample's mean sentence",
    "generated mean sentence",
    "overlap with short sample",
    "overlap with long sample",
    "generation",
  ],
  rows,
);
