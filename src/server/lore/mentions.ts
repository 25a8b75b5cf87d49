// Where each lorebook entry is mentioned (issue 32): per entry, the chapters of the saved story that name it or one of
// its keys, and how often — whole words, any case, Unicode letters and digits (the words Marin's selection uses,
// select.ts). Chapters start at the lines the prompt's plain text shows as chapter headings (an h1 or h2, or a
// 'Chapter 3: …' line; shared/chapters.ts), as the reader splits them.
// NOTE: the story is split into words once and each word's positions are indexed; every key is then looked up by its
// rarest word and checked around each of that word's few positions. 500 entries with 4 keys cost a few thousand
// lookups, not 2,000 scans of the text, and a key starting with 'the' costs what its rarest word costs. (One regular
// expression of 2,000 alternatives, or a scan keyed by first words, spent most of its time on common words.) Within
// one entry, overlapping keys ('Pip Marlow' and 'Marlow') are one mention. The answer is kept per story for the saved
// version and the lorebook's fingerprint (cache.ts), so an unchanged story is counted once.
import { chapterHeadingOf, leadsOwnChapter } from "../../shared/chapters";
import type { LoreMention, LoreMentionsAnswer } from "../../shared/schemas/lore";
import type { Db } from "../db/client";
import { storyHtmlToText } from "../content/plain-text";
import { loreFingerprint } from "./cache";
import { type LoreStory, storyFandoms, storyLore } from "./load";

/** Stories whose counts are kept per database (an answer is a few KB). */
export const MENTIONS_CACHE_STORIES = 500;

interface MentionEntry {
  name: string;
  keys: readonly string[];
}

const WORD = /[\p{L}\p{N}]+/gu;
const words = (text: string) => (text.normalize("NFKC").toLowerCase().match(WORD) ?? []) as string[];

/** The saved story's words, and the index of the first word of each chapter (the first is 0). */
export interface StoryWords {
  words: string[];
  chapterStarts: number[];
}

/** A line that may be a chapter heading: checked cheaply before the full rule (most lines are long paragraphs). */
const MAYBE_HEADING = /^\s*(?:#|[*_\s]*(?:chapter|prologue|epilogue)\b)/i;

export function storyWords(content: string): StoryWords {
  const lines = storyHtmlToText(content).split("\n");
  // The lines each chapter starts at; the text before the first heading is the first chapter's, unless the heading
  // says it is chapter 2 or later.
  const cuts: number[] = [];
  let wordsBefore = false;
  lines.forEach((line, i) => {
    // An h3 is a heading inside a chapter, as the reader has it.
    const heading = MAYBE_HEADING.test(line) && !line.startsWith("### ") ? chapterHeadingOf(line) : null;
    if (heading === null) {
      if (cuts.length === 0 && !wordsBefore) wordsBefore = /[\p{L}\p{N}]/u.test(line);
      return;
    }
    if (cuts.length === 0 && !(wordsBefore && leadsOwnChapter(heading))) cuts.push(0);
    else if (cuts.length === 0) cuts.push(0, i);
    else cuts.push(i);
  });
  if (cuts.length === 0) cuts.push(0);
  const all: string[] = [];
  const chapterStarts: number[] = [];
  cuts.forEach((from, c) => {
    chapterStarts.push(all.length);
    for (const word of words(lines.slice(from, cuts[c + 1] ?? lines.length).join("\n"))) all.push(word);
  });
  return { words: all, chapterStarts };
}

/** Where each word occurs. */
function positions(all: string[]): Map<string, number[]> {
  const at = new Map<string, number[]>();
  all.forEach((word, i) => {
    const list = at.get(word);
    if (list) list.push(i);
    else at.set(word, [i]);
  });
  return at;
}

/** The chapter (0-based) holding word `i`. */
function chapterOf(starts: number[], i: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** One entry's mentions: every key's matches (by its rarest word), overlaps counted once. */
function entryMatches(entry: MentionEntry, story: StoryWords, at: Map<string, number[]>): number[] {
  const found: { start: number; length: number }[] = [];
  for (const key of new Set([entry.name, ...entry.keys].map((k) => words(k).join(" ")))) {
    if (key === "") continue;
    const keyWords = key.split(" ");
    let rarest = -1;
    let fewest: number[] | undefined;
    for (let k = 0; k < keyWords.length; k++) {
      const list = at.get(keyWords[k]!);
      if (!list) {
        fewest = undefined;
        rarest = -1;
        break;
      }
      if (!fewest || list.length < fewest.length) [fewest, rarest] = [list, k];
    }
    if (!fewest) continue;
    for (const p of fewest) {
      const start = p - rarest;
      if (start < 0) continue;
      let k = 0;
      while (k < keyWords.length && story.words[start + k] === keyWords[k]) k++;
      if (k === keyWords.length) found.push({ start, length: keyWords.length });
    }
  }
  found.sort((a, b) => a.start - b.start || b.length - a.length);
  const starts: number[] = [];
  let end = 0;
  for (const match of found) {
    if (match.start < end) continue;
    starts.push(match.start);
    end = match.start + match.length;
  }
  return starts;
}

/** Counts mentions per entry and chapter (1-based). */
export function countMentions(entries: readonly MentionEntry[], story: StoryWords): LoreMention[] {
  const at = positions(story.words);
  return entries.map((entry) => {
    const byChapter = new Map<number, number>();
    const starts = entryMatches(entry, story, at);
    for (const start of starts) {
      const chapter = chapterOf(story.chapterStarts, start) + 1;
      byChapter.set(chapter, (byChapter.get(chapter) ?? 0) + 1);
    }
    return { total: starts.length, chapters: [...byChapter].map(([chapter, count]) => ({ chapter, count })) };
  });
}

interface Cached {
  key: string;
  answer: LoreMentionsAnswer;
}
const caches = new WeakMap<Db, Map<number, Cached>>();

function cacheOf(db: Db): Map<number, Cached> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** Mentions of every entry in the story's lorebook (its own, its series', its packs'), for the saved version. */
export async function storyMentions(
  db: Db,
  story: LoreStory & { version: number; content: string },
): Promise<LoreMentionsAnswer> {
  const key = `${story.version}|${await loreFingerprint(db, story, storyFandoms(story))}`;
  const cache = cacheOf(db);
  const hit = cache.get(story.id);
  if (hit?.key === key) {
    cache.delete(story.id);
    cache.set(story.id, hit);
    return hit.answer;
  }
  const lore = await storyLore(db, story);
  const entries = [...lore.entries, ...lore.series, ...lore.canon];
  const text = storyWords(story.content);
  const counts = countMentions(entries, text);
  const answer: LoreMentionsAnswer = {
    version: story.version,
    chapters: text.chapterStarts.length,
    mentions: Object.fromEntries(entries.map((entry, i) => [String(entry.id), counts[i]!])),
  };
  cache.delete(story.id);
  cache.set(story.id, { key, answer });
  if (cache.size > MENTIONS_CACHE_STORIES) cache.delete(cache.keys().next().value!);
  return answer;
}
