// The running summary of earlier chapters, without a model: per chapter its first sentence and the sentence that
// names the most characters, every chapter but the latest (the prompt carries the latest part as text), bounded.
import type { Chapter, Sentence } from "./memory-text";

export const SUMMARY_LIMITS = { chars: 1600, sentenceWords: 40, sentencesPerChapter: 2 } as const;

function shorten(sentence: string): string {
  const words = sentence.split(/\s+/);
  return words.length <= SUMMARY_LIMITS.sentenceWords
    ? sentence
    : `${words.slice(0, SUMMARY_LIMITS.sentenceWords).join(" ")} …`;
}

/** Names per word, so a long sentence does not win by length alone. */
function nameDensity(sentence: Sentence, names: ReadonlySet<string>): number {
  const named = sentence.words.filter((w) => names.has(w.text)).length;
  return sentence.words.length === 0 ? 0 : named / Math.sqrt(sentence.words.length);
}

function chapterSummary(chapter: Chapter, names: ReadonlySet<string>, sentences: number): string {
  const all = chapter.paragraphs.flat();
  const picked = new Set<Sentence>(all.slice(0, 1));
  const ranked = all
    .slice(1)
    .map((sentence, i) => ({ sentence, score: nameDensity(sentence, names), i }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  for (const { sentence } of ranked) {
    if (picked.size >= sentences) break;
    picked.add(sentence);
  }
  // In story order.
  return all
    .filter((s) => picked.has(s))
    .map((s) => shorten(s.text))
    .join(" ");
}

function label(chapter: Chapter, index: number): string {
  const title = chapter.title?.trim();
  if (!title) return `Chapter ${index + 1}`;
  return /^(?:chapter|part|prologue|epilogue)\b/i.test(title) ? title : `Chapter ${index + 1} (${title})`;
}

/**
 * One line per earlier chapter ('Chapter 1 (The Map): …'). Over the bound, chapters keep one sentence each; still
 * over, the first chapter and the most recent ones that fit stay, and a line says how many were left out.
 */
export function summarizeChapters(chapters: Chapter[], names: ReadonlySet<string>): string | null {
  const earlier = chapters.slice(0, -1);
  if (earlier.length === 0) return null;
  for (let sentences: number = SUMMARY_LIMITS.sentencesPerChapter; sentences >= 1; sentences--) {
    const lines = earlier.map((c, i) => `${label(c, i)} — ${chapterSummary(c, names, sentences)}`);
    const text = lines.join("\n");
    if (text.length <= SUMMARY_LIMITS.chars) return text;
    if (sentences === 1) return keepWithin(lines);
  }
  return null;
}

function keepWithin(lines: string[]): string {
  const [first, ...rest] = lines;
  const kept: string[] = [];
  let size = first!.length;
  for (const line of [...rest].reverse()) {
    if (size + line.length + 60 > SUMMARY_LIMITS.chars) break;
    kept.unshift(line);
    size += line.length + 1;
  }
  const skipped = rest.length - kept.length;
  const gap = skipped > 0 ? [`(${skipped} chapter${skipped === 1 ? "" : "s"} left out)`] : [];
  return [first!.slice(0, SUMMARY_LIMITS.chars - 60), ...gap, ...kept].join("\n");
}
