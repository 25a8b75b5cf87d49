// The writer's voice in the offline storyteller: the scene it wrote is re-assembled toward the style sample's mean
// sentence length (long sentences split at a clause, short neighbours joined), and where the sample uses another word
// of the same sense ('glanced' for 'looked'), the sample's word is taken. Linear in the text: well under a millisecond.
import { countWordsInText } from "../../../shared/word-count";
import type { ReadVoice } from "../../voice/prompt-section";
import { wordsOf } from "../../voice/profile";
import type { Random } from "./random";

/** Words of the same sense and form; the sample's favourite of a group replaces the others. */
const SYNONYMS = [
  "moment instant second heartbeat",
  "flatly dryly coolly evenly",
  "brightly cheerfully warmly lightly",
  "laughed chuckled snorted",
  "silence quiet hush stillness",
  "looked glanced peered stared",
  "walked stepped strode wandered",
  "watched studied observed",
  "smell scent",
  "night evening dusk",
  "wet damp soaked",
  "faint soft slight dim",
  "angry furious cross",
  "felt sensed",
  "slowly carefully gently",
  "hushed silent",
  "little small tiny",
  "smiled grinned beamed",
  "moved shifted stirred",
  "turned swung twisted",
  "rain drizzle downpour",
  "wind breeze gale",
  "light glow gleam",
  "city town",
  "whispered murmured muttered",
  "said replied answered",
  "saw noticed spotted",
  "knew understood",
  "wanted wished",
  "remember recall",
  "quickly swiftly briskly",
  "suddenly abruptly",
  "really truly",
  "almost nearly",
  "tired weary exhausted",
  "afraid scared frightened",
  "happy glad",
  "road path street",
  "grabbed seized caught",
  "pressed pushed",
  "complicated tangled",
  "everything all",
].map((group) => group.split(" "));

const GROUP_OF = new Map<string, string[]>(SYNONYMS.flatMap((group) => group.map((w) => [w, group] as const)));

/** For each word the sample does not use, the sample's most used word of its group (none when it uses none). */
function swapsFor(sampleWords: string[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const w of sampleWords) if (GROUP_OF.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const swaps = new Map<string, string>();
  for (const group of SYNONYMS) {
    const used = group.filter((w) => counts.has(w)).sort((a, b) => counts.get(b)! - counts.get(a)!);
    if (used.length === 0) continue;
    for (const w of group) if (!counts.has(w)) swaps.set(w, used[0]!);
  }
  return swaps;
}

function preferWords(text: string, swaps: Map<string, string>): string {
  if (swaps.size === 0) return text;
  return text.replace(/\p{L}+/gu, (word) => {
    const swap = swaps.get(word.toLowerCase());
    if (!swap) return word;
    return /^\p{Lu}/u.test(word) ? swap.charAt(0).toUpperCase() + swap.slice(1) : swap;
  });
}

const SENTENCE_SPLIT = /(?<=[.!?…]["”’)]?)\s+(?=["“(]?[\p{Lu}\p{N}])/u;
const HAS_QUOTE = /["“”]/;
/** Clause boundaries a long sentence may be split at, best first. */
const BOUNDARIES = [/;\s+/g, /\s+—\s+/g, /,\s+(?:and|but|so|because|while|as)\s+/g, /,\s+/g];

/** Capitalized words the text also uses mid-sentence (names, 'I'): a joined sentence keeps their capital. */
function namesIn(text: string): Set<string> {
  const names = new Set(["I"]);
  for (const match of text.matchAll(/[\p{Ll},;]\s+(\p{Lu}[\p{L}’']*)/gu)) names.add(match[1]!.replace(/[’']s$/, ""));
  return names;
}

/** Quotation marks all closed: a sentence inside a line of dialogue is never joined to narration. */
const quotesClosed = (s: string) => (s.match(/["“”]/g)?.length ?? 0) % 2 === 0;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Splits at the boundary nearest the middle that leaves both parts at least three words; null when none does. */
function splitOnce(sentence: string): [string, string] | null {
  const words = countWordsInText(sentence);
  for (const boundary of BOUNDARIES) {
    let best: { at: number; end: number; score: number } | null = null;
    for (const match of sentence.matchAll(boundary)) {
      const head = countWordsInText(sentence.slice(0, match.index));
      if (head < 3 || words - head < 3) continue;
      const score = Math.abs(head - words / 2);
      if (!best || score < best.score) best = { at: match.index, end: match.index + match[0].length, score };
    }
    if (best) {
      const tail = sentence.slice(best.end).replace(/^(?:and|but|so)\s+/i, "");
      return [`${sentence.slice(0, best.at).replace(/[,;]$/, "")}.`, capitalize(tail)];
    }
  }
  return null;
}

function join(first: string, second: string, random: Random, names: Set<string>): string {
  const word = (/^[\p{L}’']+/u.exec(second)?.[0] ?? "").replace(/[’']s$/, "");
  const lowered = names.has(word) ? second : second.charAt(0).toLowerCase() + second.slice(1);
  const joiner = random.pick([", and ", ", and ", "; ", " — "]);
  return `${first.replace(/[.!…]$/, "")}${joiner}${lowered}`;
}

function reassemble(paragraph: string, target: number, random: Random, names: Set<string>): string {
  let sentences = paragraph.split(SENTENCE_SPLIT);
  const split: string[] = [];
  for (const s of sentences) {
    let rest = s;
    // Long sentences are split while they are well over the target.
    for (let i = 0; i < 4 && !HAS_QUOTE.test(rest) && countWordsInText(rest) > target * 1.5; i++) {
      const parts = splitOnce(rest);
      if (!parts) break;
      split.push(parts[0]);
      rest = parts[1];
    }
    split.push(rest);
  }
  sentences = split;
  const joined: string[] = [];
  for (const s of sentences) {
    const last = joined.at(-1);
    // NOTE: a line of dialogue may take narration after its speech tag ('… Kael said, and …'), never the reverse.
    const canJoin =
      last !== undefined &&
      !HAS_QUOTE.test(s) &&
      quotesClosed(last) &&
      /[\p{L}]\.$/u.test(last) &&
      countWordsInText(last) + countWordsInText(s) <= target * 1.3;
    if (canJoin) joined[joined.length - 1] = join(last, s, random, names);
    else joined.push(s);
  }
  return joined.join(" ");
}

/** The text steered toward the voice read from the prompt. Headings stay as they are. */
export function steerToVoice(text: string, voice: ReadVoice, random: Random): string {
  const swaps = swapsFor(voice.sample ? wordsOf(voice.sample) : voice.favouriteWords);
  const target = Math.max(3, voice.sentenceMean);
  const names = namesIn(text);
  return text
    .split("\n\n")
    .map((paragraph) =>
      paragraph.startsWith("#") ? paragraph : reassemble(preferWords(paragraph, swaps), target, random, names),
    )
    .join("\n\n");
}
