// Canon packs at their limits (decision 0043): copying a full pack (500 entries) into a writer's own, listing the
// packs of a writer at the limit (100 packs, 200 stories), and browsing among 1,000 published packs. Medians of runs.
//   npx tsx bench/canon.ts [--database-url postgres://.../scratch_db] [--runs 7]
import { parseArgs } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { CANON_LIMITS } from "../src/shared/schemas/canon";
import { copyPack } from "../src/server/canon/copy-pack";
import { listOwnPacks } from "../src/server/canon/packs";
import { browsePublishedPacks } from "../src/server/canon/visibility";
import { openDatabase } from "../src/server/db/client";
import { canonPacks, users } from "../src/server/db/schema";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: { "database-url": { type: "string" }, runs: { type: "string", default: "7" } },
});
const url = values["database-url"];
const RUNS = Number(values.runs);
const database = url ? await openDatabase({ kind: "postgres", url }) : await openDatabase({ kind: "pglite" });
const db = database.db;

const user = async (name: string) =>
  (
    await db
      .insert(users)
      .values({ username: name, email: `${name}@example.test` })
      .returning()
  )[0]!;
const owner = await user("bench_owner");
const writer = await user("bench_writer");

// The owner: 100 packs, the first full (500 entries), every one published with 10 entries at least; 900 more
// published packs by 900 others. The writer: 100 packs and 200 stories in 100 fandoms.
await db.execute(sql`
  insert into canon_packs (owner_id, fandom, published_at)
  select ${owner.id}, 'Fandom ' || i, now() - (i || ' minutes')::interval from generate_series(1, 100) i`);
await db.execute(sql`
  insert into users (username, email) select 'bench_other_' || i, 'bench_other_' || i || '@example.test'
  from generate_series(1, 900) i`);
await db.execute(sql`
  insert into canon_packs (owner_id, fandom, published_at)
  select id, 'Fandom ' || (id % 100 + 1), now() from users where username like 'bench_other_%'`);
await db.execute(sql`
  insert into lore_entries (canon_pack_id, kind, name, keys, description)
  select p.id, 'character', 'Name ' || i, array['Alias ' || i, 'Other ' || i], repeat('Lore text. ', 80)
  from canon_packs p, generate_series(1, 10) i where p.published_at is not null`);
const [full] = await db
  .select({ id: canonPacks.id })
  .from(canonPacks)
  .where(and(eq(canonPacks.ownerId, owner.id), eq(canonPacks.fandom, "Fandom 1")));
await db.execute(sql`
  insert into lore_entries (canon_pack_id, kind, name, keys, description)
  select ${full!.id}, 'place', 'Place ' || i, array['Spot ' || i], repeat('Lore text. ', 80)
  from generate_series(11, ${CANON_LIMITS.entriesPerPack}) i`);
await db.execute(sql`
  insert into canon_packs (owner_id, fandom) select ${writer.id}, 'Fandom ' || i from generate_series(1, 100) i`);
await db.execute(sql`
  insert into stories (title, content, author_id, fandoms)
  select 'Story ' || i, '<p>x</p>', ${writer.id}, jsonb_build_array('Fandom ' || (i % 100 + 1), 'Other ' || i)
  from generate_series(1, 200) i`);
if (url) await db.execute(sql`analyze`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(run: (i: number) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return median(times);
}

const copiers = await Promise.all(Array.from({ length: RUNS }, (_, i) => user(`bench_copier_${i}`)));
const rows = [
  ["copy a pack of 500 entries", await timed((i) => copyPack(db, copiers[i]!.id, full!.id, new Date()))],
  ["list 100 own packs, 200 stories", await timed(() => listOwnPacks(db, writer.id))],
  ["browse one fandom (1,000 published)", await timed(() => browsePublishedPacks(db, writer.id, "fandom 7"))],
  ["browse every fandom (first 50)", await timed(() => browsePublishedPacks(db, writer.id, undefined))],
] as const;
console.log(`${url ? "PostgreSQL" : "PGlite (in memory)"}, median of ${RUNS} runs`);
printTable(
  ["operation", "median"],
  rows.map(([name, ms]) => [name, formatMs(ms)]),
);
await database.close();
