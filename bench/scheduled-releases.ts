// What scheduled chapters cost (issue 31 section 3). Every uncached reader build now asks whether chapters are held
// back (one indexed lookup), and a held story's text is cut before them (split into chapters, as the chapter pages
// do). This times the uncached read view and public page of a 100,000-word, 30-chapter work with nothing held against
// the same work with its last chapter held, the lookup alone, the worker's run when nothing is due (every 15 s on
// every instance), and releasing 100 due chapters.
//   npx tsx bench/scheduled-releases.ts --database-url postgres://postgres@127.0.0.1:5432/<scratch db> [--runs 200]
import { parseArgs } from "node:util";
import { syncStoryChapters } from "../src/server/chapters/sync-chapters";
import { heldFrom } from "../src/server/chapters/held-from";
import { openDatabase } from "../src/server/db/client";
import { scheduledReleases, stories, users } from "../src/server/db/schema";
import { createDiskStorage } from "../src/server/images/storage/disk";
import { buildPublicPage } from "../src/server/public-page/routes";
import { buildReadView } from "../src/server/reading/read-story";
import { releaseDue } from "../src/server/scheduling/release";
import { formatMs, printTable } from "./lib/table";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "200" }, "database-url": { type: "string" } },
});
const RUNS = Number(values.runs);
const url = values["database-url"];
if (!url) console.warn("No --database-url: measuring PGlite in memory.");

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)]!;
async function times(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite" });
const { db } = database;
const storage = createDiskStorage(mkdtempSync(join(tmpdir(), "ff-bench-")));
const tag = Date.now() % 1e8;
const [writer] = await db
  .insert(users)
  .values({ username: `sr${tag}`, email: `sr${tag}@example.test`, emailVerified: true })
  .returning();

const WORDS = ["tide", "harbour", "lantern", "storm", "quiet", "rope", "gull", "salt", "night", "shore"];
const paragraph = (seed: number) =>
  `<p>${Array.from({ length: 110 }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(" ")}.</p>`;
const content = Array.from(
  { length: 30 },
  (_, c) => `<h2>Chapter ${c + 1}</h2>${Array.from({ length: 30 }, (_, p) => paragraph(c * 31 + p)).join("")}`,
).join("");
const now = new Date();
const work = (title: string) => ({
  authorId: writer!.id,
  title,
  description: "A work for the scheduling bench.",
  content,
  published: true,
  publishedAt: now,
});
const [plain, held] = await db
  .insert(stories)
  .values([work(`Plain ${tag}`), work(`Held ${tag}`)])
  .returning();
await db
  .insert(scheduledReleases)
  .values({ storyId: held!.id, at: new Date(now.getTime() + 86_400_000), chapters: [30] });
await syncStoryChapters(db, plain!.id, now);
await syncStoryChapters(db, held!.id, now);

const rows: string[][] = [];
const measure = async (name: string, fn: () => Promise<unknown>) => {
  const xs = await times(fn);
  rows.push([name, formatMs(quantile(xs, 0.5)), formatMs(quantile(xs, 0.99))]);
};
const appUrl = "http://localhost:3000";
await measure("heldFrom lookup (nothing held)", () => heldFrom(db, plain!.id));
await measure("heldFrom lookup (chapter 30 held)", () => heldFrom(db, held!.id));
await measure("read view, nothing held", () => buildReadView(db, plain!.id));
await measure("read view, chapter 30 held (cut)", () => buildReadView(db, held!.id));
await measure("public page, nothing held", () => buildPublicPage(db, appUrl, plain!.id));
await measure("public page, chapter 30 held (cut)", () => buildPublicPage(db, appUrl, held!.id));
await measure("worker run, nothing due", () => releaseDue(db, storage, new Date()));

// 100 due releases of 100 small published works, released by one run.
const small = await db
  .insert(stories)
  .values(
    Array.from({ length: 100 }, (_, i) => ({
      ...work(`Small ${i} ${tag}`),
      content: "<h2>Chapter 1</h2><p>One.</p><h2>Chapter 2</h2><p>Two.</p>",
    })),
  )
  .returning();
await db
  .insert(scheduledReleases)
  .values(small.map((s) => ({ storyId: s.id, at: new Date(now.getTime() - 1000), chapters: [2] })));
const started = performance.now();
const released = await releaseDue(db, storage, new Date());
const ms = performance.now() - started;
rows.push([
  `one run releasing ${released.length} due chapters`,
  formatMs(ms),
  `${formatMs(ms / released.length)} each`,
]);

console.log(
  `${url ? "PostgreSQL" : "PGlite"}, ${RUNS} runs each, uncached builds; the work: 30 chapters, 99,000 words`,
);
printTable(["what", "p50", "p99"], rows);
await database.close();
