// Reads while the start-up backfills run (issue 28 §1, decision 0071). On PostgreSQL: seeds `--stories` published
// works (bench/lib/seed-bench.ts, which leaves search text, ratings, word counts and chapters for the jobs to fill)
// unless the database holds bench data already, then puts the backfilled columns back to what the seeder leaves, so
// every run has the same work. Then, with `--readers` loops sending uncached Discover requests through the whole app
// (inject; a tag to exclude that no story has, new each request, so the read cache never answers; sorts rotate):
//   1. reads alone, for `--seconds`;
//   2. reads while every maintenance job runs at once, as after a start (until the last job has finished);
//   3. reads alone again, on the backfilled catalogue;
//   4. the jobs again with nothing left to do (each run's duration: an index probe or a walk).
// Prints read p50/p99/max of each phase and each job's duration. With --backfill-seconds, a backfill still running
// then is left (what remains is counted) and the bench ends after phase 2.
//   createdb -h 127.0.0.1 -U postgres backfill_bench
//   npx tsx bench/backfill-reads.ts --database-url postgres://postgres@127.0.0.1:5432/backfill_bench
//   [--stories 50000] [--readers 10] [--gap-ms 100] [--seconds 15] [--backfill-seconds 3600]
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { eq, sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { stories } from "../src/server/db/schema";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { createDiskStorage } from "../src/server/images/storage/disk";
import { createDevOutbox } from "../src/server/mail/mailer";
import { maintenanceJobs } from "../src/server/maintenance-jobs";
import { hasBenchData, seedBench } from "./lib/seed-bench";
import { formatInt, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    stories: { type: "string", default: "50000" },
    readers: { type: "string", default: "10" },
    "gap-ms": { type: "string", default: "100" },
    seconds: { type: "string", default: "15" },
    "backfill-seconds": { type: "string", default: "3600" },
    "images-dir": { type: "string", default: "bench/.data/backfill-images" },
  },
});
const url = values["database-url"];
if (!url) throw new Error("--database-url postgres://… (a scratch database) is required");
const READERS = Number(values.readers);
const GAP_MS = Number(values["gap-ms"]);
const SECONDS = Number(values.seconds);
const CAP_SECONDS = Number(values["backfill-seconds"]);
const load = () => loadavg()[0]!.toFixed(1);

const database = await openDatabase({ kind: "postgres", url });
const { db } = database;
const imageStorage = createDiskStorage(values["images-dir"]);
if (!(await hasBenchData(db))) {
  console.log(`seeding ${formatInt(Number(values.stories))} stories…`);
  const seeded = await seedBench(db, imageStorage, { stories: Number(values.stories) });
  console.log(`seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
}
const resetting = performance.now();
// NOTE: what the seeder leaves (and a catalogue from before these columns were derived on write has): no search
// text or tags, no word counts, no featured scores, no chapters. Statistics are then gathered, as the seeder and
// the migrations should: this bench measures the backfills, not a planner without statistics.
// (On a client of its own: at 200,000 works these take longer than the pool's statement timeout.)
const setup = new pg.Client({ connectionString: url });
await setup.connect();
await setup.query(`update stories set search_text = null, search_tags = null, word_count = null,
  ai_word_count = null, featured_score = 0`);
await setup.query("delete from story_chapters");
await setup.query("vacuum analyze");
await setup.end();
const [{ n: storyCount } = { n: 0 }] = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(stories)
  .where(eq(stories.published, true));
console.log(
  `${formatInt(storyCount)} published stories, backfilled columns reset in ${((performance.now() - resetting) / 1000).toFixed(1)} s`,
);

const config = loadConfig({
  NODE_ENV: "production",
  SEED_DEMO: "false",
  LOG_LEVEL: "silent",
  // Production requires an SMTP server; nothing is sent (no email worker, the dev mailer).
  SMTP_URL: "smtp://127.0.0.1:25",
});
const deps = await createDeps(config, database, { mailer: createDevOutbox(), imageStorage });
const app = await buildApp(deps, { logger: false });
await app.ready();

const SORTS = ["new", "featured", "updated", "likes"] as const;
let sent = 0;
/** Reader loops until stopped; answers each request's milliseconds. Any non-200 stops the bench. */
function startReaders() {
  const ms: number[] = [];
  let running = true;
  const pause = () => new Promise((resolve) => setTimeout(resolve, GAP_MS));
  const reader = async () => {
    while (running) {
      const n = ++sent;
      const started = performance.now();
      const res = await app.inject({
        method: "GET",
        url: `/api/published-stories?sort=${SORTS[n % SORTS.length]}&limit=20&exclude=nosuchtag${n}`,
      });
      ms.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`Discover answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      await pause();
    }
  };
  const loops = Promise.all(Array.from({ length: READERS }, reader));
  const started = performance.now();
  return {
    async stop() {
      running = false;
      await loops;
      return summarize(ms, performance.now() - started);
    },
  };
}

function summarize(ms: number[], wallMs: number) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { n: sorted.length, rps: sorted.length / (wallMs / 1000), p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

const jobs = maintenanceJobs(deps, app.readCache);
type JobRun = { name: string; ms?: number; result?: string };
/** Every job at once, as after a start; fills in each job's duration and result as it finishes. */
function runJobs(runs: JobRun[]) {
  const started = performance.now();
  return Promise.all(
    jobs.map(async (job) => {
      const run: JobRun = { name: job.name };
      runs.push(run);
      // NOTE: as the maintenance runner does, a failed run is reported, not fatal (the app retries it later).
      const result = await job.run().then(
        (value) => JSON.stringify(value) ?? "",
        (error: unknown) =>
          `failed: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}`,
      );
      Object.assign(run, { ms: performance.now() - started, result });
    }),
  );
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fixed = (x: number) => x.toFixed(1);
const phases: Array<[string, ReturnType<typeof summarize>, string]> = [];
const printPhases = () =>
  printTable(
    ["phase", "reads", "req/s", "p50 ms", "p99 ms", "max ms", "load"],
    phases.map(([name, s, l]) => [name, formatInt(s.n), fixed(s.rps), fixed(s.p50), fixed(s.p99), fixed(s.max), l]),
  );

let readers = startReaders();
await sleep(SECONDS * 1000);
phases.push(["reads alone, before", await readers.stop(), load()]);

readers = startReaders();
const backfill: JobRun[] = [];
const backfillStarted = performance.now();
const finished = await Promise.race([runJobs(backfill).then(() => true), sleep(CAP_SECONDS * 1000).then(() => false)]);
const backfillMs = performance.now() - backfillStarted;
phases.push([
  `reads during the backfill${finished ? "" : ` (its first ${CAP_SECONDS} s)`}`,
  await readers.stop(),
  load(),
]);
if (!finished) {
  // NOTE: the jobs cannot be stopped; what is left is counted and the process ends.
  printPhases();
  const [left] = await db
    .select({
      unrated: sql<number>`count(*) filter (where search_text is null or search_tags is null)::int`,
      uncounted: sql<number>`count(*) filter (where word_count is null)::int`,
      withoutChapters: sql<number>`count(*) filter (where published and not exists
        (select 1 from story_chapters c where c.story_id = stories.id))::int`,
    })
    .from(stories);
  console.log(`after ${CAP_SECONDS} s the backfill was still running; left to do: ${JSON.stringify(left)}`);
  printTable(
    ["job", "ms (from the start)", "result"],
    backfill.map((run) => [run.name, run.ms === undefined ? "running" : formatInt(run.ms), run.result ?? ""]),
  );
  process.exit(0);
}

readers = startReaders();
await sleep(SECONDS * 1000);
phases.push(["reads alone, after", await readers.stop(), load()]);

readers = startReaders();
const idle: JobRun[] = [];
await runJobs(idle);
const idleReads = await readers.stop();

printPhases();
console.log(`backfill (every job at once) took ${(backfillMs / 1000).toFixed(1)} s`);
printTable(
  ["job", "backfill ms", "result", "idle run ms", "idle result"],
  backfill.map((run, i) => [run.name, formatInt(run.ms!), run.result!, formatInt(idle[i]!.ms!), idle[i]!.result!]),
);
console.log(
  `reads during the idle runs: ${idleReads.n}, p50 ${fixed(idleReads.p50)} ms, p99 ${fixed(idleReads.p99)} ms`,
);
await app.close();
await database.close();
