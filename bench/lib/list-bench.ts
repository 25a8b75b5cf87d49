// The list bench's run (bench/lists.ts prints it; a test runs it small): the real app in its own process on a
// PostgreSQL database, driven case by case over keep-alive connections with parameters varied per request, its RSS
// sampled from /proc, the read cache's hits read from /metrics, and each case's slowest statements explained.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { READ_CACHE_CHANNEL } from "../../src/server/read-cache/invalidation-bus";
import { deriveStoryColumns } from "./derive-columns";
import { LIST_CASES, type ListCase } from "./list-cases";
import { ensureListTargets, type ListTargets } from "./list-targets";
import { type CapturedStatement, explainStatement, isPlainRead, type PgCapture, startPgCapture } from "./pg-capture";
import { createRandom, type Random } from "./random";
import { BENCH_PASSWORD } from "./seed-bench";
import { waitForHealthz } from "./wait-healthy";

export interface ListBenchOptions {
  databaseUrl: string;
  /** Case names (default: every case). */
  cases?: string[];
  seconds: number;
  connections: number;
  /** Print the EXPLAIN (ANALYZE, BUFFERS) of each case's statements over `explainMs` (and always its slowest). */
  explain: boolean;
  explainMs?: number;
  /** `built`: dist/server/main.js as `npm start` runs it; `source`: src/server/main.ts through tsx (the test). */
  server: "built" | "source";
  seed?: number;
  log?: (line: string) => void;
}

export interface ListPlan {
  ms: number;
  sql: string;
  values: (string | null)[];
  plan: string;
}

export interface ListCaseResult {
  name: string;
  requests: number;
  /** Answers other than 200, by status ("error" for a failed connection). */
  failures: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  /** Items listed, summed over the 200 answers. */
  rows: number;
  cacheHits: number;
  cacheMisses: number;
  peakRssKb: number;
  plans: ListPlan[];
}

export interface ListBenchResult {
  targets: ListTargets;
  backfillWaitMs: number;
  cases: ListCaseResult[];
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const rssKb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0);

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The app as production runs it: `npm start`'s command line (node flags, malloc settings) or the sources. */
function startApp(options: ListBenchOptions, env: Record<string, string>): ChildProcess {
  const start = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.start as string;
  const command =
    options.server === "built"
      ? `exec env ${start.replace(/\bnode\b/, `"${process.execPath}"`)}`
      : `exec "${process.execPath}" --import tsx src/server/main.ts`;
  return spawn("/bin/sh", ["-c", command], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

interface Answer {
  status: number | "error";
  body: string;
  ms: number;
  setCookie?: string[];
}

function send(
  agent: Agent,
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(`${base}${path}`, { agent, method: init.method ?? "GET", headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const coding = res.headers["content-encoding"];
        const body = coding === "br" ? brotliDecompressSync(raw) : coding === "gzip" ? gunzipSync(raw) : raw;
        resolve({
          status: res.statusCode ?? 0,
          body: body.toString("utf8"),
          ms: performance.now() - started,
          setCookie: res.headers["set-cookie"],
        });
      });
    });
    req.on("error", (error) => resolve({ status: "error", body: String(error), ms: performance.now() - started }));
    req.end(init.body);
  });
}

async function signIn(agent: Agent, base: string, email: string): Promise<string> {
  const answer = await send(agent, base, "/api/login", {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`sign-in as ${email} answered ${answer.status}: ${answer.body}`);
  return (answer.setCookie ?? []).map((c) => c.split(";")[0]).join("; ");
}

async function readCacheCounts(agent: Agent, base: string, token: string): Promise<{ hits: number; misses: number }> {
  const { status, body } = await send(agent, base, "/metrics", { headers: { authorization: `Bearer ${token}` } });
  if (status !== 200) throw new Error(`/metrics answered ${status}`);
  const sample = (name: string) => Number(body.match(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m"))?.[1] ?? 0);
  return { hits: sample("ficforge_read_cache_hits_total"), misses: sample("ficforge_read_cache_misses_total") };
}

/** Until the start-up backfills (ratings and search text, word counts) are done: the bench measures reads alone. */
async function waitForBackfills(db: pg.Pool, log: (line: string) => void): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { rows } = await db.query<{ left: number }>(
      `select count(*)::int "left" from stories where search_text is null or search_tags is null or word_count is null`,
    );
    if (rows[0]!.left === 0) return Date.now() - started;
    log(`waiting for the app's start-up backfills: ${rows[0]!.left} stories left`);
    await sleep(5000);
  }
}

interface Run {
  options: ListBenchOptions;
  agent: Agent;
  base: string;
  targets: ListTargets;
  cookies: Record<"follower" | "liker", string>;
  db: pg.Pool;
  r: Random;
}

/** One request of `c`, after telling the app (as another instance would) that Discover changed, for cached pages. */
async function ask(run: Run, c: ListCase): Promise<Answer> {
  if (c.cachedPage) await run.db.query("select pg_notify($1, 'bench d')", [READ_CACHE_CHANNEL]);
  const headers: Record<string, string> = { "accept-encoding": "gzip, br" };
  if (c.as) headers.cookie = run.cookies[c.as];
  return send(run.agent, run.base, c.path(run.r, run.targets), { headers });
}

async function load(
  run: Run,
  c: ListCase,
  pid: number,
): Promise<Omit<ListCaseResult, "cacheHits" | "cacheMisses" | "plans">> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let rows = 0;
  let peakRssKb = rssKb(pid);
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, rssKb(pid));
  }, 200);
  const deadline = performance.now() + run.options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const answer = await ask(run, c);
      latencies.push(answer.ms);
      if (answer.status === 200) rows += c.rows(answer.body);
      else failures[String(answer.status)] = (failures[String(answer.status)] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: run.options.connections }, worker));
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  return {
    name: c.name,
    requests: latencies.length,
    failures,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    rows,
    peakRssKb: Math.max(peakRssKb, rssKb(pid)),
  };
}

/** The statements one request of `c` ran, the slowest first: every one over explainMs, and always the slowest. */
async function explainCase(run: Run, c: ListCase, capture: PgCapture): Promise<ListPlan[]> {
  let statements: CapturedStatement[] = [];
  // NOTE: a cached page may still be held when the request lands (the drop travels through NOTIFY): asked again.
  for (let tries = 0; tries < 5 && !statements.some(isPlainRead); tries++) {
    if (c.cachedPage || c.explainUncached) {
      await run.db.query("select pg_notify($1, 'bench d')", [READ_CACHE_CHANNEL]);
      await sleep(50 * (tries + 1));
    }
    capture.start();
    await ask(run, { ...c, cachedPage: false });
    statements = capture.stop().sort((a, b) => b.ms - a.ms);
  }
  const threshold = run.options.explainMs ?? 5;
  // NOTE: reads only: the window may also hold a maintenance job's write, which is not the request's.
  const reads = statements.filter(isPlainRead);
  const chosen = reads.filter(
    (s, i) => (i === 0 || s.ms >= threshold) && reads.findIndex((o) => o.sql === s.sql) === i,
  );
  const plans: ListPlan[] = [];
  const client = await run.db.connect();
  try {
    for (const statement of chosen.slice(0, 4)) {
      const plan = await explainStatement(client, statement);
      if (plan) plans.push({ ms: statement.ms, sql: statement.sql, values: statement.values ?? [], plan });
    }
  } finally {
    client.release();
  }
  return plans;
}

export async function runListBench(options: ListBenchOptions): Promise<ListBenchResult> {
  const log = options.log ?? (() => {});
  const chosen = options.cases ? LIST_CASES.filter((c) => options.cases!.includes(c.name)) : LIST_CASES;
  const unknown = options.cases?.filter((name) => !LIST_CASES.some((c) => c.name === name)) ?? [];
  if (unknown.length > 0)
    throw new Error(`no case named ${unknown.join(", ")} (cases: ${LIST_CASES.map((c) => c.name).join(", ")})`);
  // NOTE: a pool: the cached-page cases notify from every load worker at once.
  const db = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  const capture = options.explain ? await startPgCapture(options.databaseUrl) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-lists-"));
  const port = 21_000 + (process.pid % 9_000);
  const base = `http://127.0.0.1:${port}`;
  const token = randomBytes(24).toString("base64url");
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  let child: ChildProcess | undefined;
  try {
    const targets = await ensureListTargets(db);
    if (targets.made.length > 0) log(`made: ${targets.made.join("; ")}`);
    const derived = await deriveStoryColumns(db, log);
    if (derived > 0) log(`derived the rating and search text of ${derived} stories (the app's backfill would)`);
    child = startApp(options, {
      NODE_ENV: "production",
      // NOTE: production requires an SMTP server; reading lists sends no mail.
      SMTP_URL: "smtp://127.0.0.1:2525",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dataDir,
      METRICS_TOKEN: token,
      SHUTDOWN_DRAIN_MS: "0",
      SHUTDOWN_TIMEOUT_MS: "1000",
      // NOTE: the app's queries go through the capturing proxy; LISTEN (the read cache's bus) goes straight.
      DATABASE_URL: capture?.url ?? options.databaseUrl,
      DATABASE_LISTEN_URL: options.databaseUrl,
    });
    await waitForHealthz(base, child, 300_000);
    log("the app answers /healthz");
    const backfillWaitMs = await waitForBackfills(db, log);
    const run: Run = {
      options,
      agent,
      base,
      targets,
      db,
      r: createRandom(options.seed ?? 1),
      cookies: {
        follower: await signIn(agent, base, targets.followingReader.email),
        liker: await signIn(agent, base, targets.likingReader.email),
      },
    };
    const cases: ListCaseResult[] = [];
    for (const c of chosen) {
      const before = await readCacheCounts(agent, base, token);
      const measured = await load(run, c, child.pid!);
      const after = await readCacheCounts(agent, base, token);
      const plans = capture ? await explainCase(run, c, capture) : [];
      cases.push({
        ...measured,
        cacheHits: after.hits - before.hits,
        cacheMisses: after.misses - before.misses,
        plans,
      });
      log(`${c.name}: ${measured.requests} requests, p99 ${measured.p99.toFixed(1)} ms`);
    }
    return { targets, backfillWaitMs, cases };
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    agent.destroy();
    await capture?.close();
    await db.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
