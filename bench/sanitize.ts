// What sanitizing on write saves on reads: a 2 MB story served as stored (the new path) against the same story
// stored raw and sanitized on every read (what every read did before), and /healthz while four readers fetch it.
//   npx tsx bench/sanitize.ts [--reads 15] [--seconds 5] [--database-url postgres://...]
// The app runs in its own process (bench/servers/app-server.ts); the readers run in this one.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sanitizeContent } from "../src/server/content/sanitize-content";
import type { PreparedCase } from "./cases";
import { startServerProcess } from "./lib/ipc";
import { longStoryHtml } from "./lib/long-story";
import { formatMs, printTable } from "./lib/table";
import type { AppServerOptions, AppServerReady } from "./servers/app-server";

const { values } = parseArgs({
  options: {
    reads: { type: "string", default: "15" },
    seconds: { type: "string", default: "5" },
    "database-url": { type: "string" },
  },
});
const READS = Number(values.reads);
const SECONDS = Number(values.seconds);
const READERS = 4;

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

async function timedGet(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; body: string }> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return { ms: performance.now() - start, body };
}

/** Sequential reads, one at a time: the time the server spends on one answer (plus loopback transfer). */
async function readTimes(url: string, headers: Record<string, string>): Promise<{ times: number[]; body: string }> {
  let body = "";
  for (let i = 0; i < 2; i++) body = (await timedGet(url, headers)).body;
  const times: number[] = [];
  for (let i = 0; i < READS; i++) times.push((await timedGet(url, headers)).ms);
  return { times, body };
}

/** /healthz polled one request at a time while `readers` clients fetch the story back to back. */
async function healthzUnderReaders(base: string, story: PreparedCase | undefined, readers: number) {
  const until = performance.now() + SECONDS * 1000;
  let reads = 0;
  const reader = async () => {
    while (performance.now() < until && story) {
      await timedGet(base + story.path, story.headers);
      reads++;
    }
  };
  const health: number[] = [];
  const poller = async () => {
    while (performance.now() < until) {
      health.push((await timedGet(`${base}/healthz`)).ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await Promise.all([poller(), ...Array.from({ length: readers }, reader)]);
  return { health, reads };
}

async function main(): Promise<void> {
  console.log(`load average ${loadavg()[0]?.toFixed(2)}`);
  const html = longStoryHtml();
  const sanitizeTimes: number[] = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    sanitizeContent(html);
    sanitizeTimes.push(performance.now() - start);
  }
  console.log(
    `sanitizeContent on ${(Buffer.byteLength(html) / 1024 / 1024).toFixed(2)} MB: median ${formatMs(median(sanitizeTimes.slice(2)))}`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-bench-"));
  const app = await startServerProcess<AppServerReady>(new URL("./servers/app-server.ts", import.meta.url), {
    dataDir,
    databaseUrl: values["database-url"],
    stories: 0,
    seed: 1,
  } satisfies AppServerOptions);
  try {
    const base = `http://127.0.0.1:${app.ready.port}`;
    const current = await app.call<PreparedCase>("setup", { name: "story-2mb" });
    const stale = await app.call<PreparedCase>("setup", { name: "story-2mb-stale" });
    const before = await readTimes(base + stale.path, stale.headers!);
    const after = await readTimes(base + current.path, current.headers!);
    if (JSON.parse(before.body).content !== JSON.parse(after.body).content) {
      throw new Error("the stale and the current story answered different content");
    }
    console.log(`\nGET /api/stories/{id}, ${Buffer.byteLength(after.body)} bytes, ${READS} sequential reads each`);
    printTable(
      ["path", "median", "p90", "min"],
      [
        ["before: sanitized on read", before.times],
        ["after: stored sanitized", after.times],
      ].map(([name, t]) => [
        name as string,
        formatMs(median(t as number[])),
        formatMs(quantile(t as number[], 0.9)),
        formatMs(Math.min(...(t as number[]))),
      ]),
    );

    console.log(`\n/healthz polled every 20 ms for ${SECONDS} s while ${READERS} readers fetch the story`);
    const rows: string[][] = [];
    for (const [name, story, readers] of [
      ["no readers", undefined, 0],
      ["before: sanitized on read", stale, READERS],
      ["after: stored sanitized", current, READERS],
    ] as const) {
      const { health, reads } = await healthzUnderReaders(base, story, readers);
      rows.push([
        name,
        formatMs(median(health)),
        formatMs(quantile(health, 0.99)),
        formatMs(Math.max(...health)),
        String(reads),
      ]);
    }
    printTable(["story reads", "healthz p50", "p99", "max", "story reads done"], rows);
    console.log(`load average now ${loadavg()[0]?.toFixed(2)}`);
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
