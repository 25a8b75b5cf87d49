// The built server's memory (RSS from /proc/<pid>/status), idle and under load, on PGlite and on PostgreSQL.
//   npx tsx bench/memory.ts [--db pglite|postgres|both] [--connections 50] [--seconds 15]
//                           [--postgres-url postgres://postgres@127.0.0.1:5432/postgres] [--root DIR]
// Per database: a first start creates, migrates and seeds the demo; the second start is measured: idle, after a
// writer signs up and saves a few stories with a cover, and while autocannon loads typical endpoints.
// --root runs another build (a directory with dist/ and node_modules), e.g. an older commit for "before".
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import sharp from "sharp";
import { formatInt, printTable } from "./lib/table";
import { waitForHealthz } from "./lib/wait-healthy";
import { longStoryHtml } from "./lib/long-story";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    connections: { type: "string", default: "50" },
    seconds: { type: "string", default: "15" },
    "postgres-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    root: { type: "string", default: fileURLToPath(new URL("..", import.meta.url)) },
    // NOTE: node flags for the server only (e.g. V8 flags to compare), not for the load generator.
    "node-flags": { type: "string", default: "" },
  },
});
const PORT = 3800 + (process.pid % 90);
const BASE = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

/** VmRSS and VmHWM (peak) in kB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? 0);
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  // NOTE: the server runs as `npm start` runs it (its environment and node flags), minus npm and the build check.
  const start = JSON.parse(readFileSync(join(values.root, "package.json"), "utf8")).scripts.start as string;
  const command = start.replace(/\bnode\b/, `"${process.execPath}" ${values["node-flags"]}`);
  const child = spawn("/bin/sh", ["-c", `exec env ${command}`], {
    cwd: values.root,
    env: {
      ...process.env,
      ...env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: BASE,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealthz(BASE, child);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function api(method: string, path: string, body?: unknown, cookie = ""): Promise<Response> {
  const response = await fetch(BASE + path, {
    method,
    redirect: "manual",
    headers: { origin: BASE, cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 400)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** A writer signs up through the API, follows the dev outbox's link, signs in and saves a few stories. */
async function writeStories(): Promise<{ cookie: string; storyIds: number[]; coverPath: string }> {
  const email = `memory_${process.pid}@bench.ficforge.local`;
  const password = "Bench-pass1!";
  await api("POST", "/api/register", { username: `mem${process.pid % 100000}`, email, password });
  const outbox = (await (await api("GET", "/api/dev/outbox")).json()) as { to: string; text: string }[];
  const link = outbox.find((m) => m.to === email)?.text.match(/https?:\/\/\S+verify-email\S*/)?.[0];
  if (!link) throw new Error("no verification link in the dev outbox");
  await api("GET", new URL(link).pathname + new URL(link).search);
  const login = await api("POST", "/api/login", { email, password });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const content = longStoryHtml(40_000);
  const storyIds: number[] = [];
  for (let i = 0; i < 5; i++) {
    const story = (await (await api("POST", "/api/stories", { title: `Story ${i}`, content }, cookie)).json()) as {
      id: number;
    };
    storyIds.push(story.id);
  }
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#7a5" } })
    .jpeg()
    .toBuffer();
  const withCover = await api(
    "PATCH",
    `/api/stories/${storyIds[0]}`,
    { coverImage: `data:image/jpeg;base64,${jpeg.toString("base64")}` },
    cookie,
  );
  const coverPath = ((await withCover.json()) as { coverImage: string }).coverImage;
  return { cookie, storyIds, coverPath };
}

async function load(pid: number, cookie: string, storyIds: number[], coverPath: string) {
  const paths = [
    "/healthz",
    "/api/user",
    "/api/stories",
    ...storyIds.map((id) => `/api/stories/${id}`),
    coverPath,
    "/",
  ];
  let peakDuringLoad = 0;
  const sampler = setInterval(() => {
    peakDuringLoad = Math.max(peakDuringLoad, memory(pid).rss);
  }, 200);
  const result = await autocannon({
    url: BASE,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: paths.map((path) => ({ method: "GET", path, headers: { cookie } })),
  });
  clearInterval(sampler);
  // NOTE: counted, not fatal: on a loaded machine the old build's slow reads time out, and its memory still counts.
  const failed = result.errors + result.timeouts + result.non2xx;
  return {
    peakDuringLoad,
    rps: result.requests.average,
    latency: `${result.latency.p50} / ${result.latency.p99} ms`,
    failed: `${failed}/${result.requests.total}`,
  };
}

async function measure(kind: "pglite" | "postgres"): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-memory-"));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const admin = new pg.Client({ connectionString: values["postgres-url"] });
  const database = `ficforge_memory_${process.pid}`;
  if (kind === "postgres") {
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(values["postgres-url"]);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  try {
    await stop(await startServer(env)); // create, migrate, seed the demo stories
    const child = await startServer(env);
    try {
      await sleep(3000);
      const idle = memory(child.pid!).rss;
      const written = await writeStories();
      await sleep(1000);
      const afterWrites = memory(child.pid!).rss;
      const { peakDuringLoad, rps, latency, failed } = await load(
        child.pid!,
        written.cookie,
        written.storyIds,
        written.coverPath,
      );
      await sleep(3000);
      const after = memory(child.pid!);
      return [
        kind,
        mb(idle),
        mb(afterWrites),
        mb(peakDuringLoad),
        mb(after.rss),
        mb(after.peak),
        formatInt(rps),
        latency,
        failed,
      ];
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === "postgres") {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }
}

async function main(): Promise<void> {
  console.log(`load average ${loadavg()[0]?.toFixed(2)}, build in ${values.root}`);
  const kinds = values.db === "both" ? (["pglite", "postgres"] as const) : [values.db as "pglite" | "postgres"];
  const rows: string[][] = [];
  for (const kind of kinds) rows.push(await measure(kind));
  console.log(
    `\n${values.connections} connections for ${values.seconds} s over healthz, user, list, 5 stories, cover, /`,
  );
  printTable(
    ["database", "idle", "after writes", "peak in load", "after load", "VmHWM", "req/s", "p50 / p99", "failed"],
    rows,
  );
  console.log(`load average now ${loadavg()[0]?.toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
