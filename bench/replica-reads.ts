// Read replicas (issue 28, decision 0065): where uncached public reads go, and what read-your-writes costs a write.
// Starts its own primary and streaming replica (src/server/test/pg-cluster.ts), seeds published stories, and loads
// the app in this process with and without DATABASE_READ_URL, alternating, `--rounds` times each:
//   - uncached Discover (a different minWords per request, so the read cache never answers), signed out;
//   - new drafts by one signed-in author (each answer also asks the primary its WAL position for the cookie).
// Prints each run and the medians, with the transactions each server committed during the read runs.
//   npx tsx bench/replica-reads.ts [--duration 8] [--rounds 3] [--stories 2000]
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { createDevOutbox } from "../src/server/mail/mailer";
import { createStory, createVerifiedUserWithSession } from "../src/server/test/factories";
import { startPrimary } from "../src/server/test/pg-cluster";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "8" },
    rounds: { type: "string", default: "3" },
    stories: { type: "string", default: "2000" },
  },
});
const DURATION = Number(values.duration);

const clusters = await startPrimary();
try {
  const url = clusters.primary.url();
  const setup = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  const author = await createVerifiedUserWithSession(setup.db, { username: "bench_author" });
  for (let i = 0; i < Number(values.stories); i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        createStory(setup.db, {
          authorId: author.user.id,
          title: `Story ${i + j}`,
          published: true,
          publishedAt: new Date(Date.now() - (i + j) * 60_000),
          wordCount: 500 + (((i + j) * 997) % 90_000),
        }),
      ),
    );
  }
  await setup.db.execute("analyze");
  await setup.close();
  const replica = clusters.makeReplica();
  replica.start();

  const commits = async (server: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    const { rows } = await client.query(
      "select xact_commit::int as n from pg_stat_database where datname = 'postgres'",
    );
    await client.end();
    return rows[0].n as number;
  };

  const run = async (withReplica: boolean) => {
    const database = await openDatabase({
      kind: "postgres",
      url,
      poolSize: 10,
      ...(withReplica ? { readUrls: [replica.url()] } : {}),
    });
    const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", LOG_LEVEL: "silent" });
    const deps = await createDeps(config, database, { mailer: createDevOutbox() });
    const app = await buildApp(deps, { logger: false });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    // NOTE: PostgreSQL reports a backend's counts to pg_stat_database within a second or so, not at once.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));
    await settle();
    const before = [await commits(url), await commits(replica.url())];
    let n = 0;
    const reads = await autocannon({
      url: base,
      connections: 10,
      duration: DURATION,
      requests: [
        {
          method: "GET",
          setupRequest: (request) => ({
            ...request,
            path: `/api/published-stories?sort=new&limit=20&minWords=${1 + ((n++ * 7919) % 80_000)}`,
          }),
        },
      ],
    });
    await settle();
    const after = [await commits(url), await commits(replica.url())];
    const writes = await autocannon({
      url: base,
      connections: 10,
      duration: DURATION,
      requests: [
        {
          method: "POST",
          path: "/api/stories",
          headers: { ...author.headers, origin: config.APP_URL, "content-type": "application/json" },
          body: JSON.stringify({ title: "Bench draft" }),
        },
      ],
    });
    await app.close();
    await database.close();
    return {
      replica: withReplica,
      readRps: Math.round(reads.requests.average),
      readP50: reads.latency.p50,
      readP99: reads.latency.p99,
      readErrors: reads.errors + reads.non2xx,
      primaryTx: after[0]! - before[0]!,
      replicaTx: after[1]! - before[1]!,
      writeRps: Math.round(writes.requests.average),
      writeP50: writes.latency.p50,
      writeP99: writes.latency.p99,
      writeErrors: writes.errors + writes.non2xx,
      load: loadavg()[0]!.toFixed(2),
    };
  };

  const results: Array<Awaited<ReturnType<typeof run>>> = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const withReplica of [false, true]) {
      const result = await run(withReplica);
      console.log(JSON.stringify(result));
      results.push(result);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const withReplica of [false, true]) {
    const mine = results.filter((r) => r.replica === withReplica);
    const of = (key: keyof (typeof mine)[number]) => median(mine.map((r) => Number(r[key])));
    console.log(
      `${withReplica ? "with replica   " : "primary only   "} reads ${of("readRps")} req/s p50 ${of("readP50")} ms ` +
        `p99 ${of("readP99")} ms (primary ${of("primaryTx")} tx, replica ${of("replicaTx")} tx) | ` +
        `drafts ${of("writeRps")} req/s p50 ${of("writeP50")} ms p99 ${of("writeP99")} ms`,
    );
  }
} finally {
  clusters.remove();
}
