// Prints PostgreSQL's plans for Discover's queries on a seeded database (run bench/seed.ts first):
//   npx tsx bench/discover-explain.ts --database-url postgres://.../db [--analyze]
// Backfills ratings, search text and featured scores first (the maintenance jobs), then runs each page query once
// through the real code with a logging drizzle, and EXPLAINs exactly the SQL it sent.
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../src/server/db/schema";
import type { Db } from "../src/server/db/client";
import { openDatabase } from "../src/server/db/client";
import { discoverPage } from "../src/server/reading/discover";
import { readerProfile } from "../src/server/reading/for-you";
import { recomputeFeaturedScores } from "../src/server/reading/featured-score";
import { rateUnratedStories } from "../src/server/stories/rate-stories";
import { DiscoverQuery } from "../src/shared/schemas/reading";
import { FILTERED_QUERY, tagSeededStories } from "./lib/tag-bench";

const { values } = parseArgs({ options: { "database-url": { type: "string" }, analyze: { type: "boolean" } } });
const url = values["database-url"];
if (!url) throw new Error("--database-url is required");

const database = await openDatabase({ kind: "postgres", url });
console.log("rated:", await rateUnratedStories(database.db, { batchSize: 500 }));
console.log("featured scores changed:", await recomputeFeaturedScores(database.db, new Date()));
await tagSeededStories(database.db);
await database.close();

const pool = new pg.Pool({ connectionString: url, max: 2 });
// NOTE: vacuum empties the GIN indexes' pending lists the backfill filled (as autovacuum would).
await pool.query("vacuum analyze");
const sent: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql, params) => sent.push({ sql, params }) },
}) as unknown as Db;

async function explain(label: string, run: () => Promise<unknown>) {
  sent.length = 0;
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  const last = sent.at(-1)!;
  const plan = await pool.query(
    `explain (${values.analyze ? "analyze, buffers off, " : ""}costs off) ${last.sql}`,
    last.params,
  );
  console.log(`\n== ${label} (${ms.toFixed(1)} ms through the code)`);
  for (const row of plan.rows) console.log(row["QUERY PLAN"]);
}

const q = (raw: Record<string, string>) => DiscoverQuery.parse(raw);
await explain("new, free reader", () => discoverPage(db, q({}), false));
const first = await discoverPage(db, q({}), false);
await explain("new, page 2 (cursor)", () => discoverPage(db, q({ cursor: first.nextCursor! }), false));
await explain("new, premium with nsfw=1", () => discoverPage(db, q({}), true));
await explain("q=drag (prefix)", () => discoverPage(db, q({ q: "drag" }), false));
await explain("q=the dragon", () => discoverPage(db, q({ q: "the dragon" }), false));
await explain("featured", () => discoverPage(db, q({ sort: "featured" }), false));
await explain("tag=Fantasy", () => discoverPage(db, q({ tag: "Fantasy" }), false));
const filtered = Object.fromEntries(new URLSearchParams(FILTERED_QUERY).entries());
const excludes = new URLSearchParams(FILTERED_QUERY).getAll("exclude");
await explain(FILTERED_QUERY, () => discoverPage(db, q({ ...filtered, exclude: excludes } as never), false));
await explain("exclude=dark, new", () => discoverPage(db, q({ exclude: "dark" } as never), false));
const fandom = (
  await pool.query(
    "select fandoms->>0 as f from stories where published and jsonb_typeof(fandoms) = 'array' and fandoms <> '[]' limit 1",
  )
).rows[0]?.f;
if (fandom) await explain(`fandom=${fandom}`, () => discoverPage(db, q({ fandom }), false));
const reader = (await pool.query("select user_id from likes group by user_id order by count(*) desc limit 1")).rows[0]
  .user_id;
const profile = await readerProfile(db, reader);
await explain(`for-you (user ${reader})`, () => discoverPage(db, q({ sort: "for-you" }), false, profile ?? undefined));
await pool.end();
