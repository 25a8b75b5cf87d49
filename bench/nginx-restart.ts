// Issue 19, section 2 (decision 0038, 0045): two built instances on one scratch PostgreSQL database behind
// deploy/nginx.conf, loaded by autocannon for 30 s (reads, Discover, signed-in reads and new drafts, a write nginx
// must never send twice) while one instance is restarted (--rolling: then the other too): SIGTERM (drain, /readyz
// 503, in-flight requests finish, exit 0), then started again. The CI test (src/server/deploy/nginx.test.ts) does the same for 6 s with one
// restart; this is the 30 s, run by hand. Prints the counts and fails on any lost request.
//   npx tsx bench/nginx-restart.ts --database-url postgres://postgres@127.0.0.1:5432/postgres [--duration 30] [--rolling]
// The database URL names the server (and an administrator's database); a scratch database is made and dropped.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { instanceEnv, localNginxConf } from "../src/server/deploy/nginx-conf";
import { createStory, createUser, createVerifiedUserWithSession } from "../src/server/test/factories";
import { freePort } from "../src/server/test/free-port";
import { createScratchDatabase } from "../src/server/test/postgres";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string", default: process.env.TEST_DATABASE_URL },
    duration: { type: "string", default: "30" },
    connections: { type: "string", default: "10" },
    rolling: { type: "boolean", default: false },
  },
});
if (!values["database-url"]) throw new Error("--database-url (or TEST_DATABASE_URL) is required: PostgreSQL");
const ROOT = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(join(ROOT, "dist/server/main.js"))) throw new Error("run `npm run build` first");
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
/** deploy/nginx.conf's `fail_timeout` for each app server. */
const FAIL_TIMEOUT_MS = 5_000;

interface Instance {
  child: ChildProcess;
  exited: Promise<number | null>;
}
const children: ChildProcess[] = [];
const cleanup: Array<() => unknown> = [];

function startInstance(port: number, databaseUrl: string, appUrl: string): Instance {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: ROOT,
    env: instanceEnv(port, databaseUrl, appUrl),
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return { child, exited: new Promise((resolve) => child.on("exit", (code) => resolve(code))) };
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<number> {
  const started = performance.now();
  while (!(await check().catch(() => false))) {
    if (performance.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return performance.now() - started;
}
const readyz = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const scratch = await createScratchDatabase(values["database-url"]);
  cleanup.push(() => scratch.drop());
  const [portA, portB, portProxy] = [await freePort(), await freePort(), await freePort()];
  const proxy = `http://127.0.0.1:${portProxy}`;
  const ports = [portA, portB] as const;
  const instances = ports.map((port) => startInstance(port, scratch.url, proxy));
  for (const port of ports) await until(`instance on ${port}`, readyz(port));

  const dir = mkdtempSync(join(tmpdir(), "ficforge-bench-restart-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "nginx.conf"), localNginxConf(dir, portProxy, [portA, portB]));
  const nginx = spawn(
    existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx",
    ["-c", join(dir, "nginx.conf"), "-p", dir, "-e", join(dir, "error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  children.push(nginx);
  await until("nginx", async () => (await fetch(`${proxy}/healthz`)).ok, 5_000);

  const setup = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 1 });
  const author = await createUser(setup.db, { username: "restartpen" });
  const story = await createStory(setup.db, { authorId: author.id, published: true, publishedAt: new Date() });
  const writer = await createVerifiedUserWithSession(setup.db, { username: "restartwr" });
  await setup.close();
  const signedIn = { cookie: writer.cookie };
  const json = { ...signedIn, "content-type": "application/json", origin: proxy };

  const load = autocannon({
    url: proxy,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      { method: "GET", path: `/api/stories/${story.id}/read` },
      { method: "GET", path: "/api/published-stories?sort=new&limit=20" },
      { method: "GET", path: `/api/stories/${story.id}/read`, headers: signedIn },
      // Not idempotent: nginx must never send one twice (each would make another draft).
      { method: "POST", path: "/api/stories", headers: json, body: JSON.stringify({ title: "Under load" }) },
    ],
  });

  // A is restarted a third of the way in (as the issue asks: one instance); with --rolling, B after it, once nginx
  // has had A back for longer than fail_timeout (5 s in deploy/nginx.conf). Without that wait the second drain
  // starts while nginx still counts A as failed from its restart, and nginx answers 502 "no live upstreams".
  const started = performance.now();
  const restarts: string[][] = [];
  const order = values.rolling ? [0, 1] : [0];
  for (const i of order) {
    const port = ports[i]!;
    if (i === 0) await sleep(started + (DURATION * 1000) / 3 - performance.now());
    else await sleep(FAIL_TIMEOUT_MS + 1_000);
    const signalled = performance.now();
    instances[i]!.child.kill("SIGTERM");
    const code = await instances[i]!.exited;
    const down = performance.now() - signalled;
    instances[i] = startInstance(port, scratch.url, proxy);
    const back = await until(`instance on ${port} back`, readyz(port));
    restarts.push([
      i === 0 ? "A" : "B",
      `${formatMs(signalled - started)}`,
      `exit ${code}`,
      formatMs(down),
      formatMs(back),
    ]);
  }
  const result = await load;
  const log = readFileSync(join(dir, "access.log"), "utf8").split("\n");
  const posts = log.filter((line) => line.includes('"POST /api/stories HTTP'));
  const check = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 1 });
  const drafts = (await check.db.execute(
    sql`select count(*)::int as n from stories where title = 'Under load'`,
  )) as unknown as { rows: { n: number }[] };
  await check.close();

  console.log(
    `\n${CONNECTIONS} connections for ${DURATION} s through nginx to two instances, ${values.rolling ? "each" : "one"} restarted; ` +
      `load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}\n`,
  );
  printTable(["instance", "SIGTERM at", "exit", "SIGTERM → exit", "start → ready"], restarts);
  console.log("");
  printTable(
    ["requests", "req/s", "p50", "p99", "errors", "timeouts", "non-2xx", "resets", "POSTs logged", "drafts made"],
    [
      [
        String(result.requests.total),
        String(Math.round(result.requests.average)),
        formatMs(result.latency.p50),
        formatMs(result.latency.p99),
        String(result.errors),
        String(result.timeouts),
        String(result.non2xx),
        String(result.resets),
        String(posts.length),
        String(drafts.rows[0]?.n),
      ],
    ],
  );
  // What nginx answered, by request and status (the access log's "METHOD path" and status).
  const answers = new Map<string, number>();
  for (const line of log) {
    const match = /"(\w+) ([^ ?]+)[^"]*" (\d{3}) /.exec(line);
    if (!match) continue;
    const key = `${match[1]} ${match[2]!.replace(/\/\d+\//, "/{id}/")} ${match[3]}`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
  }
  console.log("");
  printTable(
    ["nginx answered", "count"],
    [...answers].sort().map(([key, n]) => [key, String(n)]),
  );
  const lost = result.errors + result.timeouts + result.non2xx + result.resets;
  if (lost > 0) {
    console.log(readFileSync(join(dir, "error.log"), "utf8").slice(-2000));
    process.exitCode = 1;
  }
} finally {
  for (const child of children) child.kill("SIGTERM");
  await sleep(500);
  for (const step of cleanup.reverse()) await step();
}
