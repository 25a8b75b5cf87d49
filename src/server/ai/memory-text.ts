// Story text cut into what the story memory reads: chapters of paragraphs, paragraphs of sentences, sentences of
// words, each word knowing whether it starts its sentence (a capital there says nothing about a name).
import { type StoryBlock, storyBlocks } from "../content/story-text";

export interface Word {
  /** As written, without surrounding punctuation or a possessive 's. */
  text: string;
  lower: string;
  /** First word of its sentence, or of a quotation inside it. */
  start: boolean;
  possessive: boolean;
  /** The punctuation right after the word ('', ',', '.' …). */
  after: string;
}

export interface Sentence {
  text: string;
  words: Word[];
}

export interface Chapter {
  /** The chapter's heading, when it has one. */
  title: string | null;
  paragraphs: Sentence[][];
}

// A sentence ends at . ! ? or … (and any closing quotes or brackets) before a space.
const SENTENCE_END = /(?<=[.!?…]["'”’)\]]*)\s+/;
const OPENING_QUOTE = /^["'“‘([]/;
const WORD = /\S+/g;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

export function splitSentences(paragraph: string): Sentence[] {
  return paragraph
    .split(SENTENCE_END)
    .map((text) => text.trim())
    .filter((text) => text !== "")
    .map((text) => ({ text, words: splitWords(text) }));
}

function splitWords(sentence: string): Word[] {
  const words: Word[] = [];
  let quoteOpened = true;
  for (const [raw] of sentence.matchAll(WORD)) {
    let text = raw.replace(EDGE_PUNCTUATION, "");
    if (text === "") {
      // A lone dash or quote mark: a quotation may open after it.
      if (OPENING_QUOTE.test(raw)) quoteOpened = true;
      continue;
    }
    const possessive = /['’]s$/i.test(text);
    if (possessive) text = text.slice(0, -2);
    const after = /[^\p{L}\p{N}]*$/u.exec(raw)?.[0] ?? "";
    words.push({
      text,
      lower: text.toLowerCase(),
      start: quoteOpened || OPENING_QUOTE.test(raw),
      possessive,
      after: after.replace(/['’]s$/i, ""),
    });
    // After a colon or a closing quotation's comma, a capital may begin a quotation ("he said, 'The …'").
    quoteOpened = /[:—]$/.test(after);
  }
  return words;
}

/** How much story text the memory reads closely: the latest part in full, earlier chapters by their openings. */
export const MEMORY_TEXT_WORDS = 40_000;
/** Paragraphs of a chapter read even when the budget is spent (its summary needs them). */
const OPENING_PARAGRAPHS = 2;

/**
 * Chapters: a level-2 heading or a chapter section starts one; text before the first is a chapter of its own.
 * NOTE: the latest MEMORY_TEXT_WORDS words are read sentence by sentence, earlier chapters only by their first
 * paragraphs, so a novel-length story (2 MB) costs a bounded time, and what is recent weighs most.
 */
export function storyChapters(html: string, budget = MEMORY_TEXT_WORDS): Chapter[] {
  const chapters: { title: string | null; paragraphs: string[] }[] = [];
  for (const block of storyBlocks(html)) {
    const current = chapters.at(-1);
    if (isChapterStart(block)) {
      // A chapter section's own heading names the chapter the section started.
      if (block.tag === "h2" && current && current.paragraphs.length === 0 && current.title === null) {
        current.title = block.text;
      } else {
        chapters.push({ title: block.tag === "h2" ? block.text : null, paragraphs: [] });
      }
    } else if (!/^h\d$/.test(block.tag)) {
      if (!current) chapters.push({ title: null, paragraphs: [] });
      chapters.at(-1)!.paragraphs.push(block.text);
    }
  }
  let left = budget;
  const read: Chapter[] = [];
  for (const chapter of chapters.reverse()) {
    if (chapter.paragraphs.length === 0) continue;
    // Its first paragraphs always; then back from its end while the budget lasts.
    const kept = chapter.paragraphs.map((_, i) => i < OPENING_PARAGRAPHS);
    for (let i = chapter.paragraphs.length - 1; i >= 0 && left > 0; i--) {
      kept[i] = true;
      left -= roughWordCount(chapter.paragraphs[i]!);
    }
    const paragraphs = chapter.paragraphs.filter((_, i) => kept[i]);
    read.unshift({ title: chapter.title, paragraphs: paragraphs.map(splitSentences) });
  }
  return read;
}

const roughWordCount = (text: string) => {
  let n = 1;
  for (let i = text.indexOf(" "); i >= 0; i = text.indexOf(" ", i + 1)) n++;
  return n;
};

const isChapterStart = (block: StoryBlock) => block.tag === "h2" || block.tag === "section";
