// The collection page's list query (issue 33: a collection of 10,000 works answers under 50 ms at p99, uncached, on
// PostgreSQL). Seeds once: 10,000 published works in one collection among 40,000 others, with ratings, languages,
// AI labels and tags spread over them; then runs the page's query (ids and count, then the cards) with each filter
// set, 200 times each, and prints the median and p99.
//   npx tsx bench/collection-page.ts --database-url postgres://postgres@127.0.0.1:5432/<db>
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { findCollection } from "../src/server/collections/access";
import { CollectionPageQuery, loadCollectionWorks } from "../src/server/collections/page-query";

const { values } = parseArgs({ options: { "database-url": { type: "string" }, runs: { type: "string" } } });
const url = values["database-url"];
if (!url) throw new Error("--database-url is required");
const RUNS = Number(values.runs ?? 200);
const NAME = "bench_ten_thousand";

const database = await openDatabase({ kind: "postgres", url });
const { db } = database;

if (!(await findCollection(db, NAME))) {
  const started = performance.now();
  await db.execute(sql`insert into users (email, username, password, email_verified)
    select 'bench-col-' || g || '@example.com', 'bench_col_' || g, 'x', true from generate_series(1, 200) g`);
  await db.execute(sql`
    insert into stories (title, description, content, author_id, published, published_at, rating, content_rating,
      language, ai_declaration, word_count, like_count)
    select 'Bench work ' || g, 'A work for the bench.', '',
      (select min(id) from users where username like 'bench_col_%') + (g % 200), true,
      now() - (g || ' minutes')::interval, 'general',
      (array['general', 'teen', 'general', 'not-rated'])[1 + g % 4],
      (array['en', 'en', 'fr', 'de', 'ja'])[1 + (g / 5) % 5],
      (array['none', 'none', 'none', 'assisted', 'generated'])[1 + (g / 25) % 5],
      500 + (g::bigint * 7919) % 9000, (g::bigint * 104729) % 300
    from generate_series(1, 50000) g`);
  await db.execute(sql`update stories set tag_keys = array[(array['fluff', 'angst', 'hurt/comfort', 'au'])[1 + id % 4],
      (array['yuletide', 'romance', 'friendship'])[1 + id % 3]]::text[] where title like 'Bench work %'`);
  await db.execute(sql`insert into collections (name, title, owner_id)
    select ${NAME}, 'Ten thousand works', min(id) from users where username like 'bench_col_%'`);
  await db.execute(sql`insert into collection_maintainers (collection_id, user_id, role)
    select c.id, c.owner_id, 'owner' from collections c where c.name = ${NAME}`);
  // Every fifth bench work is in the collection (10,000 of 50,000), a few still waiting.
  await db.execute(sql`insert into collection_items (collection_id, story_id, state)
    select (select id from collections where name = ${NAME}), s.id,
      case when s.id % 97 = 0 then 'pending' else 'approved' end
    from stories s where s.title like 'Bench work %' and s.id % 5 = 0`);
  await db.execute(sql`vacuum analyze`);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const collection = (await findCollection(db, NAME))!;
const [{ n } = { n: 0 }] = (
  (await db.execute(
    sql`select count(*)::int as n from collection_items where collection_id = ${collection.id} and state = 'approved'`,
  )) as unknown as { rows: { n: number }[] }
).rows;
console.log(`collection ${NAME}: ${n} approved works`);

const CASES: Record<string, Record<string, string>> = {
  "no filter (newest)": {},
  "page 25": { page: "25" },
  "tag=Fluff": { tag: "Fluff" },
  "tag=Fluff,Yuletide + rating=teen": { tag: "Fluff,Yuletide", rating: "teen" },
  "ai=none + language=fr": { ai: "none", language: "fr" },
  "sort=likes + rating=general": { sort: "likes", rating: "general" },
  "sort=words + tag=Angst + ai=assisted": { sort: "words", tag: "Angst", ai: "assisted" },
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const all: number[] = [];
for (const [label, raw] of Object.entries(CASES)) {
  const query = CollectionPageQuery.parse(raw);
  await loadCollectionWorks(db, collection.id, query);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await loadCollectionWorks(db, collection.id, query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  console.log(`${label.padEnd(40)} median ${pct(times, 50).toFixed(1)} ms  p99 ${pct(times, 99).toFixed(1)} ms`);
}
all.sort((a, b) => a - b);
console.log(`${"all cases".padEnd(40)} median ${pct(all, 50).toFixed(1)} ms  p99 ${pct(all, 99).toFixed(1)} ms`);
await database.close();
