// Gift exchange matching (issue 33 section 2): 1,000 generated sign-ups matched end to end (read the sign-ups, the
// munkres solver in its worker thread, write the proposed pairs), several runs; also the solver alone on the main
// thread, and the longest event-loop stall while a run goes on (the worker keeps it short). Budget: under 10 s.
//   npx tsx bench/exchange-matching.ts [--participants 1000] [--runs 5] [--database-url postgres://…]
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { runMatching } from "../src/server/collections/exchange-matching";
import { matchingView } from "../src/server/collections/exchange-matching";
import { solveMatching } from "../src/server/collections/matching-solver";
import { openDatabase } from "../src/server/db/client";
import { collections, exchangeSignups, giftExchanges, users } from "../src/server/db/schema";
import { formatInt, formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    participants: { type: "string", default: "1000" },
    runs: { type: "string", default: "5" },
    "database-url": { type: "string" },
  },
});
const N = Number(values.participants);
const RUNS = Number(values.runs);
const url = values["database-url"];
if (!url) console.warn("No --database-url: measuring PGlite in memory.");

// A seeded generator, so every run matches the same sign-ups.
let seed = 33;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = (pool: string[], k: number) => [
  ...new Set(Array.from({ length: k }, () => pool[Math.floor(random() * pool.length)]!)),
];
// Popular fandoms are popular: the first few are drawn far more often (squared uniform).
const fandoms = Array.from({ length: 60 }, (_, i) => `Fandom ${i}`);
const skewed = (k: number) => [
  ...new Set(Array.from({ length: k }, () => fandoms[Math.floor(random() ** 2 * fandoms.length)]!)),
];
const characters = Array.from({ length: 400 }, (_, i) => `Character ${i}`);
const choices = (f: number, c: number) => ({ fandoms: skewed(f), characters: pick(characters, c), relationships: [] });

const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite" });
const { db } = database;
const tag = Date.now() % 1e8;
const people = await db
  .insert(users)
  .values(Array.from({ length: N }, (_, i) => ({ username: `xm${tag}_${i}`, email: `xm${tag}_${i}@example.test` })))
  .returning({ id: users.id });
const [collection] = await db
  .insert(collections)
  .values({ name: `bench_${tag}`, title: "Bench exchange", ownerId: people[0]!.id })
  .returning();
const now = new Date();
await db.insert(giftExchanges).values({
  collectionId: collection!.id,
  signupOpensAt: new Date(now.getTime() - 3 * 86_400_000),
  signupClosesAt: new Date(now.getTime() - 86_400_000),
  dueAt: new Date(now.getTime() + 86_400_000),
  rules: { minFandomMatch: 1, minCharacterMatch: 0 },
});
const signups = people.map((p) => ({
  collectionId: collection!.id,
  userId: p.id,
  offers: choices(4, 8),
  requests: choices(2, 4),
}));
for (let i = 0; i < signups.length; i += 500) await db.insert(exchangeSignups).values(signups.slice(i, i + 500));

const solveTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  solveMatching(signups, { minFandomMatch: 1, minCharacterMatch: 0 });
  solveTimes.push(performance.now() - start);
}

const runTimes: number[] = [];
const stalls: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const start = performance.now();
  await runMatching(db, collection!, now);
  runTimes.push(performance.now() - start);
  delay.disable();
  stalls.push(delay.max / 1e6);
}
const view = await matchingView(db, collection!);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);

console.log(`${formatInt(N)} participants, ${RUNS} runs (${url ? "PostgreSQL" : "PGlite"})`);
printTable(
  ["measure", "median", "max"],
  [
    ["matching end to end (worker)", formatMs(median(runTimes)), formatMs(max(runTimes))],
    ["solver alone (main thread)", formatMs(median(solveTimes)), formatMs(max(solveTimes))],
    ["longest event-loop stall during a run", formatMs(median(stalls)), formatMs(max(stalls))],
  ],
);
console.log(
  `matched pairs: ${formatInt(view.pairs.length)} of ${formatInt(N)}; unmatched participants: ${formatInt(view.unmatched.length)}; overlap total: ${formatInt(view.overlapTotal)}`,
);
await database.close();
