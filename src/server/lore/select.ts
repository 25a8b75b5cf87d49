// Which lorebook entries go into Marin's context: an entry whose name or one of its keys appears, as whole words and
// in any case, in the recent story text or the writer's request. The most recently mentioned come first (the request
// counts as after the story), and entries go in while they fit the budget. Each one chosen says why.
// NOTE: the text is split into words once and every key is looked up in that index, so 500 entries with 20 keys
// each cost a few hash lookups apiece rather than 10,000 regular-expression scans of the text.
import { descriptionAt, type LoreChange, type LoreKind, type LoreUse } from "../../shared/schemas/lore";
import { loreLine } from "../ai/context-block";

/** The lorebook's share of the prompt (about 1,000 tokens). */
export const LORE_BUDGET_CHARS = 4_000;
/** How much of the story's end counts as 'recent text'. */
export const RECENT_TEXT_CHARS = 6_000;

export interface LoreCandidate {
  id: number;
  kind: LoreKind;
  name: string;
  keys: string[];
  description: string;
  /** How the description reads from a chapter on (issue 32), ordered by chapter. */
  changes?: readonly LoreChange[];
  /** 'story', 'series: <title>' or 'canon pack: <fandom>'. */
  source: string;
}

export interface ChosenLore extends LoreUse {
  id: number;
  description: string;
}

export interface LoreSelection {
  chosen: ChosenLore[];
  /** Entries that matched but did not fit the budget. */
  leftOut: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
const words = (text: string) => (text.normalize("NFKC").toLowerCase().match(WORD) ?? []) as string[];

// NOTE: the lorebook cache hands back the same entry objects while nothing changed, so their keys are split once.
const keyWords = new WeakMap<LoreCandidate, { key: string; words: string[] }[]>();
function keysOf(entry: LoreCandidate) {
  let keys = keyWords.get(entry);
  if (!keys) {
    keys = [entry.name, ...entry.keys].map((key) => ({ key, words: words(key) })).filter((k) => k.words.length > 0);
    keyWords.set(entry, keys);
  }
  return keys;
}

/** The words of a text in order, and where each word occurs. */
class WordIndex {
  readonly at = new Map<string, number[]>();
  constructor(readonly words: string[]) {
    words.forEach((word, i) => {
      const list = this.at.get(word);
      if (list) list.push(i);
      else this.at.set(word, [i]);
    });
  }

  /** The index of the last word of the key's last occurrence, or -1. */
  lastEnd(key: string[]): number {
    const starts = this.at.get(key[0]!);
    if (!starts) return -1;
    for (let s = starts.length - 1; s >= 0; s--) {
      const start = starts[s]!;
      let k = 1;
      while (k < key.length && this.words[start + k] === key[k]) k++;
      if (k === key.length) return start + key.length - 1;
    }
    return -1;
  }
}

export function selectLore(
  entries: readonly LoreCandidate[],
  text: { story: string; request: string; chapter?: number | null },
  budget = LORE_BUDGET_CHARS,
): LoreSelection {
  const chapter = text.chapter ?? null;
  const recent = text.story.length > RECENT_TEXT_CHARS ? text.story.slice(-RECENT_TEXT_CHARS) : text.story;
  const storyWords = words(recent);
  // The request is read as if it came after the story: its mentions are the most recent. The empty word between
  // them keeps a key from matching across the two.
  const index = new WordIndex([...storyWords, "", ...words(text.request)]);
  const matched: { entry: LoreCandidate; key: string; at: number }[] = [];
  for (const entry of entries) {
    let best: { key: string; at: number } | null = null;
    for (const { key, words: keyWords } of keysOf(entry)) {
      const at = index.lastEnd(keyWords);
      if (at >= 0 && (!best || at > best.at)) best = { key, at };
    }
    if (best) matched.push({ entry, ...best });
  }
  matched.sort((a, b) => b.at - a.at || a.entry.name.localeCompare(b.entry.name));

  const chosen: ChosenLore[] = [];
  let used = 0;
  for (const { entry, key, at } of matched) {
    // The entry as it stands at the chapter Marin writes in.
    const description = descriptionAt(entry, chapter);
    const cost = loreLine({ ...entry, description }).length + 1;
    if (used + cost > budget) continue;
    used += cost;
    chosen.push({
      id: entry.id,
      name: entry.name,
      kind: entry.kind,
      description,
      source: entry.source,
      key,
      where: at > storyWords.length ? "request" : "story",
    });
  }
  return { chosen, leftOut: matched.length - chosen.length };
}
