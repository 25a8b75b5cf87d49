// Issue 31: what a reader's settings cost a public page. The cached page is the same for everyone; a reader whose
// cookie asks for a theme gets those bytes with attributes on <html>, built once per page and settings and kept by
// the page's ETag (src/server/html/reader-variant.ts). Prints, for a short page and for the longest story a page
// can hold (just under 2 MB of text): the first build of a reader's copy (both codings) and a later hit.
//   npx tsx bench/reader-variant.ts
import { performance } from "node:perf_hooks";
import { pageForReader } from "../src/server/html/reader-variant";
import { packPage } from "../src/server/html/send-page";
import { renderPublicPage } from "../src/server/public-page/template";
import type { ReaderSettings } from "../src/shared/schemas/reader-settings";
import { longStoryHtml } from "./lib/long-story";
import { formatMs, printTable } from "./lib/table";

const SEPIA: ReaderSettings = { font: "serif", size: 5, width: "medium", spacing: 2, theme: "sepia", hideTags: false };

function page(body: string, id: number) {
  const html = renderPublicPage({
    id,
    title: "The Crow Keeper",
    description: "Snow closes the pass.",
    authorName: "mara",
    canonicalUrl: `http://localhost:3000/s/${id}-the-crow-keeper`,
    appUrl: "http://localhost:3000",
    cover: null,
    wordCount: 1000,
    readingMinutes: 5,
    aiLabel: "none",
    aiShare: 0,
    chapters: [],
    bodyHtml: body,
    publishedAt: new Date(),
  });
  return packPage(`/s/${id}-the-crow-keeper`, html);
}

const rows: string[][] = [];
let id = 1;
for (const [name, body] of [
  ["short story (2 KB)", "<p>Snow had closed the pass.</p>".repeat(60)],
  ["longest story (~1.9 MB)", longStoryHtml()],
] as const) {
  const misses: number[] = [];
  const hits: number[] = [];
  for (let run = 0; run < 3; run++) {
    const shared = page(body, id++);
    let at = performance.now();
    pageForReader(shared, SEPIA);
    misses.push(performance.now() - at);
    at = performance.now();
    for (let i = 0; i < 200; i++) pageForReader(shared, SEPIA);
    hits.push((performance.now() - at) / 200);
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const shared = page(body, id++);
  rows.push([
    name,
    `${(shared.identity.length / 1024).toFixed(1)} KB`,
    formatMs(median(misses)),
    `${(median(hits) * 1000).toFixed(2)} µs`,
    `${(pageForReader(shared, SEPIA).encoded.br.length - shared.encoded.br.length).toString()} B`,
  ]);
}
printTable(["page", "HTML", "reader's copy, first build", "later hit", "br bytes added"], rows);
