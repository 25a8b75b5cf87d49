// Issue 31's budget: a PDF of a 100,000-word story in under 5 s and under 200 MB of memory, and a bounded result for
// the worst case (a story at the 2 MB limit with 10,000 scene breaks). Each case runs in a process of its own, which
// builds the book as GET /s/{id}-{slug}/download.pdf does (chapters cut, cover, the pdfkit stream) into a sink that
// only counts bytes, and reports its time, pages and the process's peak RSS (its whole footprint: Node, the modules,
// the fonts and the build). The longest the event loop waited during a build is printed too.
//   npx tsx bench/pdf.ts [--runs 3]
import { execFileSync } from "node:child_process";
import { build } from "esbuild";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { countStoryWords } from "../src/server/content/story-text";
import { pdfStream } from "../src/server/stories/export-pdf";
import { bookChapters } from "../src/server/stories/story-book";
import { solidImage } from "../src/server/test/images";
import { STORY_CONTENT_MAX_BYTES } from "../src/shared/limits";
import { longStoryHtml } from "./lib/long-story";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, child: { type: "string" } },
});
const RUNS = Number(values.runs);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** A story of about `words` words, grown until it has them. */
function storyOf(words: number): string {
  let bytes = words * 6;
  let html = longStoryHtml(bytes);
  while (countStoryWords(html).wordCount < words) {
    bytes *= 1.1;
    html = longStoryHtml(bytes);
  }
  return html;
}

/** Just under the 2 MB limit: one chapter of 10,000 scenes, a short paragraph and a scene break each. */
function sceneBreaks(): string {
  const scene = "<p>She looked back once, and the road was gone.</p><hr>";
  const html = `<h2>Chapter 1</h2>${scene.repeat(10_000)}`;
  // Each scene padded with words until the story nears the limit.
  const pad = Math.floor((STORY_CONTENT_MAX_BYTES - 64 * 1024 - html.length) / 10_000 / 6);
  if (pad > 0) return `<h2>Chapter 1</h2>${`<p>${"word ".repeat(pad)}</p>${scene}`.repeat(10_000)}`;
  return html.length > STORY_CONTENT_MAX_BYTES ? html.slice(0, STORY_CONTENT_MAX_BYTES) : html;
}

/** Just under the 2 MB limit in one paragraph: no block boundary to yield at but the writer's own pieces. */
const oneParagraph = () => `<p>${"word ".repeat(Math.floor((STORY_CONTENT_MAX_BYTES - 64 * 1024) / 5))}</p>`;

const CASES: Record<string, { name: string; html: () => string }> = {
  words: { name: "100,000 words", html: () => storyOf(100_000) },
  breaks: { name: "2 MB, 10,000 scene breaks", html: sceneBreaks },
  paragraph: { name: "2 MB in one paragraph", html: oneParagraph },
};

async function child(kind: string): Promise<void> {
  const html = CASES[kind]!.html();
  const cover = await solidImage("jpeg", 1200, 1800);
  const times: number[] = [];
  let size = 0;
  let pages = 0;
  const rssBefore = process.memoryUsage().rss;
  const cpuStart = process.cpuUsage();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const stream = pdfStream({
      identifier: "urn:ficforge:story:bench",
      title: "Bench",
      authors: ["bench"],
      description: "A long story.",
      rating: "General Audiences",
      tags: ["bench"],
      provenance: null,
      ai: { label: "none", badge: null },
      chapters: bookChapters(html, "Bench"),
      cover: { bytes: cover, mediaType: "image/jpeg" },
      modified: new Date(),
    });
    size = 0;
    let tail = "";
    await pipeline(
      stream,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          tail = (tail + chunk.toString("latin1")).slice(-4096);
          done();
        },
      }),
    );
    times.push(performance.now() - start);
    pages = (size > 0 && Number(/\/Count (\d+)/.exec(tail)?.[1])) || pages;
  }
  delay.disable();
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const { wordCount } = countStoryWords(html);
  const cpu = process.cpuUsage(cpuStart);
  console.log(
    `${CASES[kind]!.name}: ${wordCount.toLocaleString("en-US")} words, ${mb(Buffer.byteLength(html))} HTML -> ${mb(size)} PDF` +
      `\n  ${RUNS} runs: median ${median.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms wall; ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(0)} ms CPU a run` +
      `; longest event-loop wait ${(delay.max / 1e6).toFixed(0)} ms` +
      `\n  RSS before the first build ${mb(rssBefore)}, peak RSS of the process ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
}

if (values.child) await child(values.child);
else {
  // NOTE: the children run plain JavaScript with `npm start`'s flags, as the server does, not through tsx (whose
  // compiler alone would double the footprint measured).
  const bundle = "node_modules/.cache/bench-pdf/pdf.mjs";
  await build({
    entryPoints: [process.argv[1]!],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  const flags = ["--max-semi-space-size=8", "--heap-growing-percent=20"];
  for (const kind of Object.keys(CASES)) {
    process.stdout.write(
      execFileSync(process.execPath, [...flags, bundle, "--child", kind, "--runs", String(RUNS)], {
        encoding: "utf8",
        env: { ...process.env, MALLOC_ARENA_MAX: "2" },
      }),
    );
  }
}
