// Issue 30's budget: a series of 200 works renders its public page (/series/{id}-{slug}) uncached under 50 ms at p99 on
// PostgreSQL. The real app in this process (app.inject), the read cache dropped before every request, so each answer
// is built: the series, its 200 works as cards (tags, labels, AI badge) and the HTML, packed in brotli and gzip too.
// Also times the build alone (buildSeriesPage) and the cached answer, for scale. Seeds its own writer and works beside
// whatever the database holds (`--others` unrelated published stories first, so the indexes are not trivially small).
//   npx tsx bench/series-page.ts --database-url postgres://postgres@127.0.0.1:5432/<scratch db> [--works 200] [--runs 200]
import { parseArgs } from "node:util";
import { seriesPath } from "../src/shared/routes";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { series, seriesWorks, stories, users } from "../src/server/db/schema";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { createDevOutbox } from "../src/server/mail/mailer";
import { buildSeriesPage } from "../src/server/series/page-routes";
import { replaceStoryTags } from "../src/server/stories/story-tags";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    works: { type: "string", default: "200" },
    others: { type: "string", default: "5000" },
    runs: { type: "string", default: "200" },
    "database-url": { type: "string" },
  },
});
const WORKS = Number(values.works);
const OTHERS = Number(values.others);
const RUNS = Number(values.runs);
const url = values["database-url"];
if (!url) console.warn("No --database-url: measuring PGlite in memory (the budget is PostgreSQL's).");

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)]!;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite" });
const { db } = database;
const config = loadConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000", SEED_DEMO: "false" });
const deps = await createDeps(config, database, { mailer: createDevOutbox(), now: () => new Date() });
const app = await buildApp(deps, { logger: false });
await app.ready();

const tag = Date.now() % 1e8;
const [writer] = await db
  .insert(users)
  .values({ username: `series_${tag}`, email: `series${tag}@example.test`, emailVerified: true })
  .returning();
const story = (i: number, authorId: number) => ({
  authorId,
  title: `Part ${i} of the long road ${tag}`,
  description:
    `Chapter ${i} of a long walk along the copper road, where the caravans stop at every well and every town has a story to trade. `.repeat(
      2,
    ),
  content: `<p>Story ${i}.</p>`,
  themes: ["slow-burn"],
  characters: { lead: [], supporting: [], description: "" },
  moods: { romance: 50 },
  fandoms: ["Original Work"],
  published: true,
  publishedAt: new Date(Date.now() - i * 60_000),
  wordCount: 1_000 + i,
  aiWordCount: i % 3 === 0 ? 300 : 0,
  warnings: ["No Archive Warnings Apply"],
  contentRating: "teen",
});
for (let start = 0; start < OTHERS; start += 1000) {
  const n = Math.min(1000, OTHERS - start);
  await db.insert(stories).values(Array.from({ length: n }, (_, i) => story(start + i, writer!.id)));
}
const works = await db
  .insert(stories)
  .values(Array.from({ length: WORKS }, (_, i) => story(i + 1, writer!.id)))
  .returning({ id: stories.id });
for (const [i, w] of works.entries()) {
  await replaceStoryTags(db, w.id, ["Drama", "Romance", `road ${i % 7}`, `caravan ${i % 11}`, "slow burn"]);
}
const title = `The Copper Road ${tag}`;
const [made] = await db.insert(series).values({ ownerId: writer!.id, title, description: "A long road." }).returning();
await db.insert(seriesWorks).values(works.map((w, i) => ({ seriesId: made!.id, storyId: w.id, position: i + 1 })));
if (database.kind === "postgres") await db.execute("analyze");

const path = seriesPath(made!.id, title);
const first = await app.inject({ method: "GET", url: path });
if (first.statusCode !== 200) throw new Error(`GET ${path} answered ${first.statusCode}`);
const cards = (first.body.match(/<li class="work">/g) ?? []).length;
if (cards !== WORKS) throw new Error(`the page lists ${cards} works, not ${WORKS}`);

const uncached: number[] = [];
const built: number[] = [];
const cached: number[] = [];
for (let i = 0; i < 20; i++) {
  app.readCache.invalidateDiscover();
  await app.inject({ method: "GET", url: path, headers: { "accept-encoding": "br" } });
}
for (let i = 0; i < RUNS; i++) {
  app.readCache.invalidateDiscover();
  uncached.push(await timed(() => app.inject({ method: "GET", url: path, headers: { "accept-encoding": "br" } })));
  built.push(await timed(() => buildSeriesPage(db, config.APP_URL, made!.id)));
  cached.push(await timed(() => app.inject({ method: "GET", url: path, headers: { "accept-encoding": "br" } })));
}

console.log(
  `${database.kind}: a series of ${WORKS} works (${first.body.length.toLocaleString("en-US")} bytes of HTML), ${RUNS} runs`,
);
printTable(
  ["measure", "p50", "p99", "max"],
  [
    ["GET page, uncached (budget: p99 < 50 ms)", uncached],
    ["buildSeriesPage alone", built],
    ["GET page, cached", cached],
  ].map(([name, xs]) => [
    name as string,
    formatMs(quantile(xs as number[], 0.5)),
    formatMs(quantile(xs as number[], 0.99)),
    formatMs(Math.max(...(xs as number[]))),
  ]),
);

await app.close();
await database.close();
