// What the gift and related-work lines cost the views that show them (issue 30 section 3). They are computed when
// the reader's view and the public page are built (both cached), so a cached read pays nothing; this times the
// uncached builds of a work with no lines against one with 10 recipients and 10 links (and an original listing 50
// approved works), and the query a published save now runs to drop the linked works' caches (linkedWorksOf).
//   npx tsx bench/gifts-lines.ts --database-url postgres://postgres@127.0.0.1:5432/<scratch db> [--runs 300]
import { parseArgs } from "node:util";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { relatedWorks, stories, storyGifts, users } from "../src/server/db/schema";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { linkedWorksOf } from "../src/server/gifts/views";
import { createDevOutbox } from "../src/server/mail/mailer";
import { buildPublicPage } from "../src/server/public-page/routes";
import { buildReadView } from "../src/server/reading/read-story";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "300" }, "database-url": { type: "string" } },
});
const RUNS = Number(values.runs);
const url = values["database-url"];
if (!url) console.warn("No --database-url: measuring PGlite in memory.");

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)]!;
async function times(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await fn();
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
const config = loadConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000", SEED_DEMO: "false" });
const deps = await createDeps(config, database, { mailer: createDevOutbox(), now: () => new Date() });
const app = await buildApp(deps, { logger: false });
await app.ready();

const tag = Date.now() % 1e8;
const people = await db
  .insert(users)
  .values(
    Array.from({ length: 12 }, (_, i) => ({
      username: `gl${tag}_${i}`,
      email: `gl${tag}_${i}@example.test`,
      emailVerified: true,
    })),
  )
  .returning();
const [writer, other] = [people[0]!, people[1]!];
const work = (authorId: number, title: string) => ({
  authorId,
  title,
  description: "A work for the gifts bench.",
  content: "<p>Once upon a time, a lantern.</p>".repeat(40),
  published: true,
  publishedAt: new Date(),
});
const [plain, gifted, original] = await db
  .insert(stories)
  .values([work(writer.id, `Plain ${tag}`), work(writer.id, `Gifted ${tag}`), work(other.id, `Original ${tag}`)])
  .returning();
const originals = await db
  .insert(stories)
  .values(Array.from({ length: 9 }, (_, i) => work(other.id, `Source ${i} ${tag}`)))
  .returning();
await db.insert(storyGifts).values(people.slice(2).map((p) => ({ storyId: gifted!.id, userId: p.id })));
await db
  .insert(relatedWorks)
  .values([
    { storyId: gifted!.id, relatedStoryId: original!.id, relation: "inspired-by", position: 0 },
    ...originals.map((o, i) => ({ storyId: gifted!.id, relatedStoryId: o.id, relation: "remix-of", position: i + 1 })),
  ]);
// 50 works listed on the original (approved).
const followers = await db
  .insert(stories)
  .values(Array.from({ length: 50 }, (_, i) => work(writer.id, `After ${i} ${tag}`)))
  .returning();
await db.insert(relatedWorks).values(
  followers.map((f) => ({
    storyId: f.id,
    relatedStoryId: original!.id,
    relation: "inspired-by",
    approvedAt: new Date(),
  })),
);

const rows: string[][] = [];
const measure = async (name: string, fn: () => Promise<unknown>) => {
  const xs = await times(fn);
  rows.push([name, formatMs(quantile(xs, 0.5)), formatMs(quantile(xs, 0.99))]);
};
const appUrl = config.APP_URL;
await measure("read view, no lines", () => buildReadView(db, plain!.id));
await measure("read view, 10 gifts + 10 links", () => buildReadView(db, gifted!.id));
await measure("read view, original with 50 inspired", () => buildReadView(db, original!.id));
await measure("public page, no lines", () => buildPublicPage(db, appUrl, plain!.id));
await measure("public page, 10 gifts + 10 links", () => buildPublicPage(db, appUrl, gifted!.id));
await measure("public page, original with 50 inspired", () => buildPublicPage(db, appUrl, original!.id));
await measure("linkedWorksOf (published save), no links", () => linkedWorksOf(db, plain!.id));
await measure("linkedWorksOf, original with 50 inspired", () => linkedWorksOf(db, original!.id));
console.log(`${url ? "PostgreSQL" : "PGlite"}, ${RUNS} runs each, uncached builds`);
printTable(["build", "p50", "p99"], rows);
await app.close();
await database.close();
