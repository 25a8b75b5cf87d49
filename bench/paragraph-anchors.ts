// Issue 31: what paragraph comments cost the server. A story's paragraphs are parsed once per saved version
// (server/reading/paragraph-anchors.ts keeps them by version); this measures that parse for a long story (the cost
// of the first comments list or post after a save) and finding anchors again in it (every list after that).
//   npx tsx --expose-gc bench/paragraph-anchors.ts [--words 100000] [--anchors 1000] [--runs 5]
import { parseArgs } from "node:util";
import { countStoryWords } from "../src/server/content/story-text";
import { splitChapters } from "../src/server/chapters/split-chapters";
import { chapterParagraphs, resolveAnchor } from "../src/server/reading/paragraph-anchors";
import { quoteOf } from "../src/shared/paragraphs";
import { longStoryHtml } from "./lib/long-story";

const { values } = parseArgs({
  options: {
    words: { type: "string", default: "100000" },
    anchors: { type: "string", default: "1000" },
    runs: { type: "string", default: "5" },
  },
});
const WORDS = Number(values.words);
const ANCHORS = Number(values.anchors);
const RUNS = Number(values.runs);

let bytes = WORDS * 6;
let html = longStoryHtml(bytes);
while (countStoryWords(html).wordCount < WORDS) {
  bytes *= 1.1;
  html = longStoryHtml(bytes);
}

const gc = (globalThis as { gc?: () => void }).gc;
const parse: number[] = [];
const resolve: number[] = [];
const heap: number[] = [];
const split: number[] = [];
let chapters: string[][] = [];
for (let run = 0; run < RUNS; run++) {
  gc?.();
  const base = process.memoryUsage().heapUsed;
  const start = performance.now();
  chapters = chapterParagraphs(html, Number.MAX_SAFE_INTEGER);
  parse.push(performance.now() - start);
  // For comparison, in the same run: the chapter split alone (every save of a published story runs it too).
  const s0 = performance.now();
  splitChapters(html);
  split.push(performance.now() - s0);
  heap.push((process.memoryUsage().heapUsed - base) / 1_048_576);
  // Anchors spread over the chapters, a third of them moved by two paragraphs, a third on passages that went.
  const anchors = Array.from({ length: ANCHORS }, (_, i) => {
    const chapter = (i % chapters.length) + 1;
    const texts = chapters[chapter - 1]!;
    const paragraph = (i * 7) % Math.max(1, texts.length);
    const quote = i % 3 === 2 ? `gone ${i}` : quoteOf(texts[paragraph] ?? "");
    return { chapter, paragraph: i % 3 === 1 ? paragraph + 2 : paragraph, quote };
  });
  const t = performance.now();
  for (const a of anchors) resolveAnchor(chapters, a.chapter, a.paragraph, a.quote);
  resolve.push(performance.now() - t);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const paragraphs = chapters.reduce((n, c) => n + c.length, 0);
console.log(
  `story: ${countStoryWords(html).wordCount} words, ${(html.length / 1024).toFixed(0)} KB, ${chapters.length} chapters, ${paragraphs} paragraphs`,
);
console.log(`parse (cache miss): median ${median(parse).toFixed(1)} ms, max ${Math.max(...parse).toFixed(1)} ms`);
console.log(`of which the chapter split alone (server/chapters): median ${median(split).toFixed(1)} ms`);
console.log(`heap after parse: median ${median(heap).toFixed(1)} MB (the cached texts and garbage not yet collected)`);
console.log(`find ${ANCHORS} anchors again: median ${median(resolve).toFixed(2)} ms`);
