// Where each lorebook entry is mentioned (issue 32): per entry, the chapters of the saved story that name it or one of
// its keys, and how often — whole words, any case, Unicode letters and digits (the words Marin's selection uses,
// select.ts). Chapters are the reader's (chapters/split-chapters.ts).
// NOTE: one pass over the story's words for all entries together, not one scan per key: every key is split into words
// once and filed under its first word, so each word of the story costs one hash lookup (a word-level Aho–Corasick;
// a 10,000-branch regular expression was the alternative, and it backtracks at every letter). Within one entry,
// overlapping keys ('Pip Marlow' and 'Marlow') count a mention once. The answer is kept per story for the saved version
// and the lorebook's fingerprint (cache.ts), so an unchanged story is counted once.
import type { LoreMention, LoreMentionsAnswer } from "../../shared/schemas/lore";
import type { Db } from "../db/client";
import { splitChapters } from "../chapters/split-chapters";
import { storyHtmlToText } from "../content/plain-text";
import { loreFingerprint } from "./cache";
import { type LoreStory, storyFandoms, storyLore } from "./load";

/** Stories whose counts are kept per database (an answer is a few KB). */
export const MENTIONS_CACHE_STORIES = 500;

interface MentionEntry {
  id: number;
  name: string;
  keys: readonly string[];
}

const WORD = /[\p{L}\p{N}]+/gu;
const words = (text: string) => (text.normalize("NFKC").toLowerCase().match(WORD) ?? []) as string[];

interface KeyPattern {
  entry: number;
  rest: string[];
}

/** Every key of every entry, filed under its first word. */
function keyIndex(entries: readonly MentionEntry[]): Map<string, KeyPattern[]> {
  const index = new Map<string, KeyPattern[]>();
  entries.forEach((entry, at) => {
    const seen = new Set<string>();
    for (const key of [entry.name, ...entry.keys]) {
      const keyWords = words(key);
      const joined = keyWords.join(" ");
      if (keyWords.length === 0 || seen.has(joined)) continue;
      seen.add(joined);
      const pattern = { entry: at, rest: keyWords.slice(1) };
      const list = index.get(keyWords[0]!);
      if (list) list.push(pattern);
      else index.set(keyWords[0]!, [pattern]);
    }
  });
  // The longest key first, so 'Pip Marlow' is the mention rather than 'Pip' followed by 'Marlow'.
  for (const list of index.values()) list.sort((a, b) => b.rest.length - a.rest.length);
  return index;
}

/** Counts mentions per entry and chapter over chapters' plain texts. */
export function countMentions(entries: readonly MentionEntry[], chapters: readonly string[]): LoreMention[] {
  const index = keyIndex(entries);
  const result: LoreMention[] = entries.map(() => ({ total: 0, chapters: [] }));
  chapters.forEach((text, c) => {
    const storyWords = words(text);
    const counts = new Map<number, number>();
    // Where each entry's last counted mention ends: an overlapping key is the same mention.
    const endOf = new Map<number, number>();
    for (let i = 0; i < storyWords.length; i++) {
      const patterns = index.get(storyWords[i]!);
      if (!patterns) continue;
      for (const { entry, rest } of patterns) {
        if ((endOf.get(entry) ?? 0) > i) continue;
        let k = 0;
        while (k < rest.length && storyWords[i + 1 + k] === rest[k]) k++;
        if (k < rest.length) continue;
        endOf.set(entry, i + 1 + rest.length);
        counts.set(entry, (counts.get(entry) ?? 0) + 1);
      }
    }
    for (const [entry, count] of counts) {
      result[entry]!.total += count;
      result[entry]!.chapters.push({ chapter: c + 1, count });
    }
  });
  return result;
}

/** The saved story's chapters as plain text. */
export const chapterTexts = (content: string) => splitChapters(content).map((ch) => storyHtmlToText(ch.html));

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
  const texts = chapterTexts(story.content);
  const counts = countMentions(entries, texts);
  const answer: LoreMentionsAnswer = {
    version: story.version,
    chapters: texts.length,
    mentions: Object.fromEntries(entries.map((entry, i) => [String(entry.id), counts[i]!])),
  };
  cache.delete(story.id);
  cache.set(story.id, { key, answer });
  if (cache.size > MENTIONS_CACHE_STORIES) cache.delete(cache.keys().next().value!);
  return answer;
}
