// Ranked search (reading/search.ts) on a seeded PostgreSQL database (run bench/seed.ts first):
//   npx tsx bench/search.ts --database-url postgres://.../db [--requests 200] [--connections 10]
// Fills search_text and search_tags of seeded stories in batches (the seeder writes neither), then, uncached (every
// request a different query), p50/p99 of sort=relevance search at `connections` for 1-, 2- and 3-word queries and
// misspelt titles, authors and tags, each with one EXPLAIN (ANALYZE, BUFFERS).
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../src/server/db/client";
import { openDatabase } from "../src/server/db/client";
import * as schema from "../src/server/db/schema";
import { discoverPage } from "../src/server/reading/discover";
import { DiscoverQuery } from "../src/shared/schemas/reading";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    requests: { type: "string", default: "200" },
    connections: { type: "string", default: "10" },
  },
});
const url = values["database-url"];
if (!url) throw new Error("--database-url is required");
const requests = Number(values.requests);
const connections = Number(values.connections);

// Migrates (migration 0023 adds the column and indexes).
await (await openDatabase({ kind: "postgres", url })).close();
const pool = new pg.Pool({ connectionString: url, max: connections + 1 });

// NOTE: the same text as storySearchText / derivedStoryColumns (title, description, tags, fandoms), set-based in
// batches of 10,000 ids: the seeder's stories have none and the app's row-by-row backfill takes minutes here.
const started = performance.now();
const { rows: top } = await pool.query("select coalesce(max(id), 0) as max from stories");
for (let after = 0; after < Number(top[0].max); after += 10_000) {
  await pool.query(
    `update stories s set search_tags = concat_ws(E'\\n',
       (select string_agg(t.name, E'\\n' order by t.name) from story_tags st join tags t on t.id = st.tag_id
         where st.story_id = s.id),
       (select string_agg(f, E'\\n') from jsonb_array_elements_text(case when jsonb_typeof(s.fandoms) = 'array'
         then s.fandoms else '[]' end) f))
     where s.id > $1 and s.id <= $1 + 10000 and (s.search_text is null or s.search_tags is null)`,
    [after],
  );
  await pool.query(
    `update stories s set search_text = concat_ws(E'\\n', s.title, s.description, nullif(s.search_tags, ''))
     where s.id > $1 and s.id <= $1 + 10000 and s.search_text is null`,
    [after],
  );
  process.stdout.write(".");
}
console.log(`\nfilled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
await pool.query("vacuum analyze stories");
await pool.query("vacuum analyze users");

const sample = async (text: string) => (await pool.query(text)).rows.map((r) => String(r.v));
const titles = await sample("select title as v from stories where published order by random() limit 2000");
const names = await sample("select username as v from users order by random() limit 2000");
const tagList = await sample("select name as v from tags order by random() limit 2000");
const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** One letter dropped from the middle of the longest word (a typo). */
const misspell = (s: string) =>
  words(s)
    .map((w) => (w.length >= 5 ? `${w.slice(0, w.length >> 1)}${w.slice((w.length >> 1) + 1)}` : w))
    .join(" ");
const pick = <T>(list: T[], i: number) => list[(i * 7919) % list.length]!;
const firstWords = (n: number) => (i: number) => {
  const ws = titles.flatMap(words);
  return Array.from({ length: n }, (_, k) => pick(ws, i * n + k)).join(" ");
};
const cases: [string, (i: number) => string][] = [
  ["1 word", firstWords(1)],
  ["2 words", firstWords(2)],
  ["3 words", firstWords(3)],
  ["misspelt title", (i) => misspell(words(pick(titles, i)).slice(0, 3).join(" "))],
  ["misspelt author", (i) => misspell(pick(names, i))],
  ["misspelt tag", (i) => misspell(pick(tagList, i))],
];

const sent: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql, params) => sent.push({ sql, params }) },
}) as unknown as Db;
const page = (q: string) => discoverPage(db, DiscoverQuery.parse({ q, sort: "relevance", limit: "20" }), false);

for (const [label, query] of cases) {
  const times: number[] = [];
  let found = 0;
  let next = 0;
  const wallStart = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < requests; i = next++) {
        const t = performance.now();
        const result = await page(query(i + 1));
        times.push(performance.now() - t);
        if (result.items.length > 0) found++;
      }
    }),
  );
  const wall = performance.now() - wallStart;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  sent.length = 0;
  const example = query(0);
  await page(example);
  const last = sent.at(-1)!;
  const plan = await pool.query(`explain (analyze, buffers) ${last.sql}`, last.params);
  console.log(
    `\n== ${label}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${requests} requests at ${connections} connections ` +
      `(${((requests / wall) * 1000).toFixed(0)}/s), ${found} with results; e.g. "${example}"`,
  );
  for (const row of plan.rows) console.log(row["QUERY PLAN"]);
}
await pool.end();
