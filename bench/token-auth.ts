// Issue 34's budget: a bearer-token request costs within 5% of a cookie request on the signed-in read path
// (GET /api/stories/{id}/read, the route bench/cases.ts's read-signed-in measures). The real app in process on
// PostgreSQL (an empty database; PGlite when no URL), development config, no log, one reader with a session and a read token; rounds of N injected requests alternate
// cookie and bearer, each request timed, and the clock moves a minute after each round, so every bearer round pays what a token using
// up its window pays: the limit's leases, its last-use write and a fresh window.
//   createdb bench_tokens && npx tsx bench/token-auth.ts --database-url postgres://…/bench_tokens [--rounds 20] [--requests 250]
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { createSession, SESSION_COOKIE } from "../src/server/accounts/sessions";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { createDevOutbox } from "../src/server/mail/mailer";
import { createApiToken } from "../src/server/api-tokens/tokens";
import { createClock, TEST_APP_URL } from "../src/server/test/app";
import { createStory, createUser } from "../src/server/test/factories";
import { TOKEN_RATE_LIMIT } from "../src/server/api-tokens/policy";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "20" },
    requests: { type: "string", default: "250" },
    "database-url": { type: "string" },
  },
});
const rounds = Number(values.rounds);
// NOTE: under the token's limit, so a round measures serving, not refusing.
const perRound = Math.min(Number(values.requests), TOKEN_RATE_LIMIT.requests - 1);

const database = values["database-url"]
  ? await openDatabase({ kind: "postgres", url: values["database-url"] })
  : await openDatabase({ kind: "pglite" });
const clock = createClock();
const config = loadConfig({
  NODE_ENV: "development",
  APP_URL: TEST_APP_URL,
  SEED_DEMO: "false",
  PUBLIC_READS_PER_MINUTE: "1000000",
});
const deps = await createDeps(config, database, { mailer: createDevOutbox(), now: clock.now });
const app = await buildApp(deps, { logger: false });
await app.ready();
const { db } = database;
const author = await createUser(db, { emailVerified: true, username: "benchauthor" });
const reader = await createUser(db, { emailVerified: true, username: "benchreader" });
const story = await createStory(db, {
  authorId: author.id,
  title: "The Crow Keeper",
  content: "<p>Snow had closed the pass.</p>".repeat(60),
  published: true,
  publishedAt: clock.now(),
});
const { token: sessionToken } = await createSession(db, reader.id, clock.now());
const { token } = await createApiToken(db, reader.id, { name: "bench", scopes: ["read"] }, clock.now());
const url = `/api/stories/${story.id}/read`;
const headers = {
  cookie: { cookie: `${SESSION_COOKIE}=${sessionToken}` },
  bearer: { authorization: `Bearer ${token}` },
} as const;

/** One round: each request's time, then the clock a window on. */
async function round(kind: keyof typeof headers): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < perRound; i++) {
    const at = performance.now();
    const res = await app.inject({ method: "GET", url, headers: headers[kind] });
    times.push(performance.now() - at);
    if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
  }
  clock.advance(TOKEN_RATE_LIMIT.windowSeconds * 1000);
  return times;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const times = { cookie: [] as number[], bearer: [] as number[] };
/** Each pair of rounds' ratio of medians: the machine's drift over the run (JIT, GC, neighbours) cancels within a pair. */
const pairRatios: number[] = [];
await round("cookie");
await round("bearer");
for (let r = 0; r < rounds; r++) {
  // Alternating which goes first, so neither always follows the other's garbage.
  const order = r % 2 === 0 ? (["cookie", "bearer"] as const) : (["bearer", "cookie"] as const);
  const pair = { cookie: [] as number[], bearer: [] as number[] };
  for (const kind of order) pair[kind] = await round(kind);
  for (const kind of order) times[kind].push(...pair[kind]);
  pairRatios.push(median(pair.bearer) / median(pair.cookie));
}
const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
const rows = (["cookie", "bearer"] as const).map((kind) => [
  kind,
  formatMs(median(times[kind])),
  formatMs(mean(times[kind])),
  `${rounds} × ${perRound}`,
]);
printTable(["auth", "median per request", "mean per request", "rounds × requests"], rows);
console.log(`bearer / cookie, medians: ${(median(times.bearer) / median(times.cookie)).toFixed(3)} (budget 1.05)`);
console.log(`bearer / cookie, median of ${rounds} paired rounds' ratios: ${median(pairRatios).toFixed(3)}`);
console.log(`bearer / cookie, means: ${(mean(times.bearer) / mean(times.cookie)).toFixed(3)}`);
await app.close();
await database.close();
