// Issue 20's budget: an EPUB of a 100,000-word story in under 2 s without holding more than the story in memory.
// Builds the book as GET /api/stories/{id}/export?format=epub does (the chapters cut from the document, then the
// streamed zip) into a sink that only counts bytes, and reports the time and the heap's peak above its start.
//   npx tsx --expose-gc bench/epub.ts [--words 100000] [--runs 5]
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { splitChapters } from "../src/server/chapters/split-chapters";
import { epubStream } from "../src/server/epub/epub";
import { solidImage } from "../src/server/test/images";
import { countStoryWords } from "../src/server/content/story-text";
import { longStoryHtml } from "./lib/long-story";

const { values } = parseArgs({
  options: { words: { type: "string", default: "100000" }, runs: { type: "string", default: "5" } },
});
const WORDS = Number(values.words);
const RUNS = Number(values.runs);

// Grow the story until it has the words asked for.
let bytes = WORDS * 6;
let html = longStoryHtml(bytes);
while (countStoryWords(html).wordCount < WORDS) {
  bytes *= 1.1;
  html = longStoryHtml(bytes);
}
const words = countStoryWords(html).wordCount;
const cover = await solidImage("jpeg", 1200, 1800);

const gc = (globalThis as { gc?: () => void }).gc;
const times: number[] = [];
const peaks: number[] = [];
let size = 0;
let chapterCount = 0;
for (let run = 0; run < RUNS; run++) {
  gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const start = performance.now();
  const chapters = splitChapters(html).map((c, i) => ({ title: c.title ?? `Chapter ${i + 1}`, html: c.html }));
  chapterCount = chapters.length;
  size = 0;
  await pipeline(
    epubStream({
      identifier: "urn:ficforge:story:bench",
      title: "Bench",
      author: "bench",
      language: "en",
      modified: new Date(),
      chapterCount: chapters.length,
      chapters,
      cover: { bytes: cover, mediaType: "image/jpeg" },
      subjects: ["bench"],
      rating: "General",
      provenance: "Written with Marin: about 40%",
    }),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
        done();
      },
    }),
  );
  times.push(performance.now() - start);
  clearInterval(sample);
  peaks.push(peak - base);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `story: ${words.toLocaleString("en-US")} words, ${mb(Buffer.byteLength(html))} of HTML, ${chapterCount} chapters`,
);
console.log(
  `epub: ${mb(size)}; ${RUNS} runs: median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
);
console.log(
  `heap above start: median peak ${mb(median(peaks))}, max ${mb(Math.max(...peaks))}${gc ? "" : " (run with --expose-gc for a clean start)"}`,
);
console.log(`peak RSS of the process: ${mb(process.resourceUsage().maxRSS * 1024)}`);
