// Two instances behind nginx against one (issue 19, decision 0038): the built server on a scratch PostgreSQL
// database with a few published stories, loaded through deploy/nginx.conf with one upstream and with two, and the
// one instance directly for reference. Story read and Discover, signed out and signed in, 50 connections.
//   npx tsx bench/two-instances.ts --database-url postgres://postgres@127.0.0.1:5432/postgres [--duration 10]
// The database URL names the server (and an administrator's database); a scratch database is made and dropped.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openDatabase } from "../src/server/db/client";
import { localNginxConf } from "../src/server/deploy/nginx-conf";
import { createStory, createUser, createVerifiedUserWithSession } from "../src/server/test/factories";
import { freePort } from "../src/server/test/free-port";
import { createScratchDatabase } from "../src/server/test/postgres";
import autocannon from "autocannon";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string", default: process.env.TEST_DATABASE_URL },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
  },
});
if (!values["database-url"]) throw new Error("--database-url (or TEST_DATABASE_URL) is required: PostgreSQL");
const ROOT = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(join(ROOT, "dist/server/main.js"))) throw new Error("run `npm run build` first");
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);

const children: ChildProcess[] = [];
const cleanup: Array<() => unknown> = [];
/** autocannon's numbers for one run; errors are counted, not thrown (a shared machine can reset a connection). */
async function load(url: string, connections: number, duration: number, headers?: Record<string, string>) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

async function ready(url: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

function startInstance(port: number, databaseUrl: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ["--max-semi-space-size=8", "--heap-growing-percent=20", "dist/server/main.js"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: "127.0.0.1",
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        SHUTDOWN_DRAIN_MS: "0",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  children.push(child);
  return ready(`http://127.0.0.1:${port}/readyz`);
}

async function startNginx(ports: [number, number?]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "ficforge-bench-nginx-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const listen = await freePort();
  writeFileSync(join(dir, "nginx.conf"), localNginxConf(dir, listen, ports));
  const nginx = spawn(
    existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx",
    ["-c", join(dir, "nginx.conf"), "-p", dir, "-e", join(dir, "error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  children.push(nginx);
  await ready(`http://127.0.0.1:${listen}/healthz`);
  return `http://127.0.0.1:${listen}`;
}

try {
  const scratch = await createScratchDatabase(values["database-url"]);
  cleanup.push(() => scratch.drop());
  const [portA, portB] = [await freePort(), await freePort()];
  await startInstance(portA, scratch.url);
  await startInstance(portB, scratch.url);
  const setup = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 1 });
  const author = await createUser(setup.db, { username: "benchpen" });
  const stories = [];
  for (let i = 0; i < 4; i++) {
    stories.push(await createStory(setup.db, { authorId: author.id, published: true, publishedAt: new Date() }));
  }
  const reader = await createVerifiedUserWithSession(setup.db, { username: "benchread" });
  await setup.close();
  const targets: Array<[string, string]> = [
    ["one instance, direct", `http://127.0.0.1:${portA}`],
    ["nginx → one instance", await startNginx([portA])],
    ["nginx → two instances", await startNginx([portA, portB])],
  ];
  const paths: Array<[string, string]> = [
    ["story read", `/api/stories/${stories[0]!.id}/read`],
    ["Discover (4 stories)", "/api/published-stories?sort=new&limit=20"],
  ];
  const rows: string[][] = [];
  for (const signedIn of [false, true]) {
    for (const [pathName, path] of paths) {
      for (const [name, base] of targets) {
        const headers = signedIn ? reader.headers : undefined;
        // NOTE: a short warm-up fills both instances' read caches, so the run measures serving, not the first query.
        await load(`${base}${path}`, 10, 1, headers);
        const result = await load(`${base}${path}`, CONNECTIONS, DURATION, headers);
        rows.push([
          `${pathName}${signedIn ? ", signed in" : ""}`,
          name,
          String(Math.round(result.rps)),
          formatMs(result.p50),
          formatMs(result.p99),
          `${result.failed} / ${result.total}`,
        ]);
      }
    }
  }
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")} (a shared machine: other work runs beside it)`,
  );
  printTable(["route", "target", "req/s", "p50", "p99", "failed / requests"], rows);
} finally {
  for (const child of children) child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const step of cleanup.reverse()) await step();
}
