// Benchmarks the app against a bare Node http server that answers the same bytes from memory.
//   npx tsx bench/run.ts [case ...] [--duration 10] [--connections 50[,10]] [--warmup 2] [--rounds 1]
//                        [--pipelining 1] [--stories N] [--seed 1] [--database-url postgres://...] [--json file]
//                        [--cpu-prof DIR] [--paired]
// --paired with two cases: the app alone, their rounds alternating (A B, B A, …), and the median of each pair's
// ratios (B over A) of CPU per request and of requests a second: drift over the run cancels within a pair.
// Each server runs in its own process; autocannon runs in this one. See bench/README.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type BenchCase, CASES, type PreparedCase } from "./cases";
import { type ServerProcess, startServerProcess } from "./lib/ipc";
import { type LoadResult, runLoad } from "./lib/load";
import { formatInt, formatMs, printTable } from "./lib/table";
import type { AppServerOptions, AppServerReady } from "./servers/app-server";
import type { BareRoute, BareServerOptions } from "./servers/bare-server";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "2" },
    pipelining: { type: "string", default: "1" },
    rounds: { type: "string", default: "1" },
    stories: { type: "string" },
    "database-url": { type: "string" },
    seed: { type: "string", default: "1" },
    json: { type: "string" },
    "cpu-prof": { type: "string" },
    paired: { type: "boolean", default: false },
  },
});

function numberFlag(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number (got "${value}")`);
  return n;
}

function selectCases(filters: string[]): BenchCase[] {
  const selected =
    filters.length === 0
      ? CASES.filter((c) => !c.onlyByName)
      : // NOTE: "=read" names exactly one case ("read" also picks read-uncounted and read-signed-in).
        CASES.filter((c) => filters.some((f) => (f.startsWith("=") ? c.name === f.slice(1) : c.name.includes(f))));
  if (selected.length === 0) {
    throw new Error(`no case matches ${filters.join(", ")}; cases: ${CASES.map((c) => c.name).join(", ")}`);
  }
  return selected;
}

interface Target {
  name: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  contentType: string;
}

/** Asks the app for the case's answer once: the bare server will serve exactly these bytes. */
async function capture(baseUrl: string, benchCase: BenchCase, prepared: PreparedCase): Promise<Target> {
  const path = prepared.path ?? benchCase.path;
  const headers = prepared.headers ?? {};
  const response = await fetch(baseUrl + path, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${benchCase.name}: GET ${path} answered ${response.status}: ${body}`);
  return { name: benchCase.name, path, headers, body, contentType: response.headers.get("content-type") ?? "" };
}

const duration = numberFlag("duration", values.duration);
const warmup = numberFlag("warmup", values.warmup);
const rounds = Math.max(1, numberFlag("rounds", values.rounds));
const pipelining = Math.max(1, numberFlag("pipelining", values.pipelining));

/**
 * Bare, then app, `rounds` times; each keeps its best round. On a shared machine other processes
 * steal CPU in bursts, and the best round is the one they disturbed least.
 */
interface Measured extends LoadResult {
  /** Server CPU time (user + system) per request, microseconds. */
  cpuPerRequest: number;
}

/** `seconds` of load on `server` with the target's request. */
const load = (server: Server, target: Target, connections: number, seconds: number) =>
  runLoad({
    url: server.url + target.path,
    connections,
    pipelining,
    duration: seconds,
    headers: target.headers,
    expectBody: target.body.toString(),
  });

/** One measured run: the load's figures and the server's CPU time per request. */
async function measuredRun(server: Server, target: Target, connections: number): Promise<Measured> {
  const cpuBefore = await server.process.call<number>("cpu");
  const result = await load(server, target, connections, duration);
  const cpu = (await server.process.call<number>("cpu")) - cpuBefore;
  return { ...result, cpuPerRequest: cpu / Math.max(1, result.requests) };
}

async function measure(target: Target, connections: number, bare: Server, app: Server) {
  const measured = (server: Server) => measuredRun(server, target, connections);
  if (warmup > 0) {
    await load(bare, target, connections, warmup);
    await load(app, target, connections, warmup);
  }
  let bestBare: Measured | undefined;
  let bestApp: Measured | undefined;
  for (let round = 0; round < rounds; round++) {
    const b = await measured(bare);
    const a = await measured(app);
    if (!bestBare || b.rps > bestBare.rps) bestBare = b;
    if (!bestApp || a.rps > bestApp.rps) bestApp = a;
  }
  return { bare: bestBare!, app: bestApp! };
}

interface Server {
  url: string;
  process: ServerProcess<unknown>;
}

interface Result {
  case: string;
  path: string;
  connections: number;
  bare: Measured;
  app: Measured;
  appRss: number;
  bytes: number;
}

function printResults(results: Result[]): void {
  printTable(
    [
      "case",
      "conns",
      "bare req/s",
      "p50",
      "p99",
      "app req/s",
      "p50",
      "p99",
      "app/bare",
      "bare CPU/req",
      "app CPU/req",
      "app RSS",
      "bytes",
    ],
    results.map((r) => [
      r.case,
      String(r.connections),
      formatInt(r.bare.rps),
      formatMs(r.bare.p50),
      formatMs(r.bare.p99),
      formatInt(r.app.rps),
      formatMs(r.app.p50),
      formatMs(r.app.p99),
      `${((r.app.rps / r.bare.rps) * 100).toFixed(0)}%`,
      `${Math.round(r.bare.cpuPerRequest)} µs`,
      `${Math.round(r.app.cpuPerRequest)} µs`,
      `${Math.round(r.appRss / 1024 / 1024)} MB`,
      formatInt(r.bytes),
    ]),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** --paired: the two targets' rounds alternate on the app alone; each pair gives B/A ratios. */
async function measurePaired([a, b]: Target[], connections: number, app: Server): Promise<void> {
  const measured = (target: Target) => measuredRun(app, target, connections);
  for (const target of [a!, b!]) await measured(target);
  const cpuRatios: number[] = [];
  const rpsRatios: number[] = [];
  const rows: string[][] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [a!, b!] : [b!, a!];
    const got = new Map<Target, Measured>();
    for (const target of order) got.set(target, await measured(target));
    const [ma, mb] = [got.get(a!)!, got.get(b!)!];
    cpuRatios.push(mb.cpuPerRequest / ma.cpuPerRequest);
    rpsRatios.push(mb.rps / ma.rps);
    rows.push([
      String(round + 1),
      formatInt(ma.rps),
      `${ma.cpuPerRequest.toFixed(1)} µs`,
      formatInt(mb.rps),
      `${mb.cpuPerRequest.toFixed(1)} µs`,
    ]);
  }
  console.log(
    `\n${duration} s per run, ${rounds} pairs at ${connections} connections, load average now ${loadavg()[0]?.toFixed(2)}`,
  );
  printTable(["pair", `${a!.name} req/s`, "CPU/req", `${b!.name} req/s`, "CPU/req"], rows);
  console.log(
    `${b!.name} / ${a!.name}, median of the pairs: CPU per request ${median(cpuRatios).toFixed(3)}, requests a second ${median(rpsRatios).toFixed(3)}`,
  );
}

async function main(): Promise<void> {
  const cases = selectCases(positionals);
  if (values.paired && cases.length !== 2) throw new Error(`--paired compares two cases (got ${cases.length})`);
  const connectionCounts = values.connections.split(",").map((c) => numberFlag("connections", c));
  const stories = values.stories ? numberFlag("stories", values.stories) : cases.some((c) => c.seeded) ? 10_000 : 0;
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}`;
  console.log(`${machine}, load average ${loadavg()[0]?.toFixed(2)}`);
  for (const c of cases) console.log(`  ${c.name}: ${c.about}`);

  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-bench-"));
  let app: ServerProcess<AppServerReady> | undefined;
  let bare: ServerProcess<{ port: number }> | undefined;
  try {
    app = await startServerProcess<AppServerReady>(new URL("./servers/app-server.ts", import.meta.url), {
      dataDir,
      databaseUrl: values["database-url"],
      stories,
      seed: numberFlag("seed", values.seed),
    } satisfies AppServerOptions);
    const seeded = app.ready.seeded ? `, ${formatInt(app.ready.seeded.stories)} stories seeded` : "";
    const where = values["database-url"] ? "PostgreSQL" : `PGlite in ${dataDir}`;
    console.log(`app ready in ${formatInt(app.ready.startMs)} ms${seeded} (${where})`);
    const appUrl = `http://127.0.0.1:${app.ready.port}`;

    const targets: Target[] = [];
    for (const c of cases)
      targets.push(await capture(appUrl, c, await app.call<PreparedCase>("setup", { name: c.name })));
    const routes: Record<string, BareRoute> = Object.fromEntries(
      targets.map((t) => [t.path, { contentType: t.contentType, body: t.body.toString("base64") }]),
    );
    if (values.paired) {
      for (const connections of connectionCounts) {
        await measurePaired(targets, connections, { url: appUrl, process: app as ServerProcess<unknown> });
      }
      return;
    }
    bare = await startServerProcess(new URL("./servers/bare-server.ts", import.meta.url), {
      routes,
    } satisfies BareServerOptions);
    const bareUrl = `http://127.0.0.1:${bare.ready.port}`;

    const results: Result[] = [];
    for (const connections of connectionCounts) {
      for (const target of targets) {
        console.log(`${target.name} at ${connections} connections...`);
        const benchCase = CASES.find((c) => c.name === target.name);
        await app.call("counting", { enabled: benchCase?.readCounting !== false });
        await app.call("readLimit", { enabled: benchCase?.readLimit !== false });
        const profileDir = values["cpu-prof"];
        if (profileDir) await app.call("profileStart");
        const { bare: b, app: a } = await measure(
          target,
          connections,
          { url: bareUrl, process: bare as ServerProcess<unknown> },
          { url: appUrl, process: app as ServerProcess<unknown> },
        );
        if (profileDir) {
          mkdirSync(profileDir, { recursive: true });
          await app.call("profileStop", { file: join(profileDir, `${target.name}-${connections}.cpuprofile`) });
        }
        const appRss = await app.call<number>("rss");
        results.push({
          case: target.name,
          path: target.path,
          connections,
          bare: b,
          app: a,
          appRss,
          bytes: target.body.length,
        });
      }
    }
    console.log(`\n${duration} s per run, best of ${rounds} round(s), load average now ${loadavg()[0]?.toFixed(2)}`);
    printResults(results);
    if (values.json) {
      const report = { at: new Date().toISOString(), machine, duration, rounds, loadavg: loadavg(), results };
      writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
    }
  } finally {
    await bare?.stop();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
