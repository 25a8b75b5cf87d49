// Issue 31: what expanding synonyms costs Discover. The same 3 included + 3 excluded tag filter, over tags nobody
// wrangled and over canonical tags with two synonyms each (bench/lib/synonym-bench.ts), answered by the real app in this
// process (app.inject): uncached (the read cache dropped before each request, so the synonym lookup and the query
// run) and cached. The cached path under load is bench/run.ts's `discover-tags` and `discover-synonyms` cases.
//   npx tsx bench/synonyms.ts --database-url postgres://postgres@127.0.0.1:5432/<a seeded db> [--runs 300]
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { type Db, openDatabase } from "../src/server/db/client";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { createDevOutbox } from "../src/server/mail/mailer";
import { expandTags } from "../src/server/tags/synonyms";
import { PLAIN_TAGS_QUERY, SYNONYM_TAGS_QUERY, tagForSynonymBench } from "./lib/synonym-bench";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "300" }, "database-url": { type: "string" } },
});
const RUNS = Number(values.runs);
const url = values["database-url"];
if (!url) throw new Error("--database-url: a database seeded by bench/seed.ts");

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)]!;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const database = await openDatabase({ kind: "postgres", url });
const config = loadConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000", SEED_DEMO: "false" });
const deps = await createDeps(config, database, { mailer: createDevOutbox(), now: () => new Date() });
const app = await buildApp(deps, { logger: false });
await app.ready();
// NOTE: on a connection of its own: the app's pool times out the tagging of half the archive.
const setup = new pg.Client({ connectionString: url });
await setup.connect();
await tagForSynonymBench(drizzle(setup) as unknown as Db);
await setup.query("analyze stories");
await setup.end();

const paths = {
  plain: `/api/published-stories?limit=20&sort=new&${PLAIN_TAGS_QUERY}`,
  synonyms: `/api/published-stories?limit=20&sort=new&${SYNONYM_TAGS_QUERY}`,
};
const counts: Record<string, number> = {};
for (const [name, path] of Object.entries(paths)) {
  const res = await app.inject({ method: "GET", url: path });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  counts[name] = (res.json() as unknown[]).length;
}
const samples = { plainUncached: [], synUncached: [], lookup: [], plainCached: [], synCached: [] } as Record<
  string,
  number[]
>;
const get = (path: string) => app.inject({ method: "GET", url: path });
for (let i = 0; i < 20; i++) {
  app.readCache.invalidateDiscover();
  await get(paths.plain);
  await get(paths.synonyms);
}
for (let i = 0; i < RUNS; i++) {
  app.readCache.invalidateDiscover();
  samples.plainUncached!.push(await timed(() => get(paths.plain)));
  samples.plainCached!.push(await timed(() => get(paths.plain)));
  app.readCache.invalidateDiscover();
  samples.synUncached!.push(await timed(() => get(paths.synonyms)));
  samples.synCached!.push(await timed(() => get(paths.synonyms)));
  const names = ["a", "b", "c", "d", "e", "f"].map((l) => `canon ${l}`);
  samples.lookup!.push(await timed(() => expandTags(database.db, names)));
}

console.log(`PostgreSQL, ${RUNS} runs; page of ${counts.plain} and ${counts.synonyms} works (limit 20, newest first)`);
printTable(
  ["measure", "p50", "p99", "max"],
  [
    ["Discover 3+3 tags, no synonyms, uncached", samples.plainUncached],
    ["Discover 3+3 tags, 2 synonyms each, uncached", samples.synUncached],
    ["expandTags (6 tags) alone", samples.lookup],
    ["Discover 3+3 tags, no synonyms, cached", samples.plainCached],
    ["Discover 3+3 tags, 2 synonyms each, cached", samples.synCached],
  ].map(([name, xs]) => [
    name as string,
    formatMs(quantile(xs as number[], 0.5)),
    formatMs(quantile(xs as number[], 0.99)),
    formatMs(Math.max(...(xs as number[]))),
  ]),
);
await app.close();
await database.close();
