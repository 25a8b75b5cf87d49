// Two instances behind nginx against one (issue 19, decision 0038): the built server on a scratch PostgreSQL
// database with a few published stories, loaded through deploy/nginx.conf with one upstream and with two, and the
// one instance directly for reference. Story read and Discover, signed out and signed in, and an app-bound draft read,
// 50 connections, with the cores each party used (decision 0049).
//   npx tsx bench/two-instances.ts --database-url postgres://postgres@127.0.0.1:5432/postgres [--duration 10]
// The database URL names the server (and an administrator's database); a scratch database is made and dropped.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
import { insertLongStory, longStoryHtml } from "./lib/long-story";
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
  const kinds = new Map<string, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration, headers }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("reqError", (error: NodeJS.ErrnoException) => {
      const kind = error.code ?? error.message;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    });
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
    why: [
      result.errors && `${result.errors} errors (${[...kinds].map(([kind, n]) => `${n} × ${kind}`).join(", ")})`,
      result.timeouts && `${result.timeouts} timeouts`,
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, { count }]) => `${count} × ${code}`),
    ].filter(Boolean),
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

/** CPU seconds (user + system) a process and its children's threads used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // NOTE: the command name may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine was busy so far (all cores: PostgreSQL and everything else included). */
function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const busy = ticks.slice(0, 8).reduce((sum, n, i) => (i === 3 || i === 4 ? sum : sum + n), 0);
  return busy / 100;
}

/** The pids whose parent is `pid` (nginx's workers). */
function childPids(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]!.split(" ")[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const instancePids: number[] = [];
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
  instancePids.push(child.pid!);
  return ready(`http://127.0.0.1:${port}/readyz`);
}

/** Each nginx's directory (its error log is read at the end when a request failed) and its master's pid, by URL. */
const nginxDirs: string[] = [];
const nginxPids = new Map<string, number>();
async function startNginx(ports: [number, number?]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "ficforge-bench-nginx-"));
  nginxDirs.push(dir);
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
  nginxPids.set(`http://127.0.0.1:${listen}`, nginx.pid!);
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
  // NOTE: app-bound on purpose: a 64 KB draft stored before the current sanitizer is cleaned on every read (~ms of
  // the app's CPU per request, nothing for nginx), so a second instance has work a spare core can take.
  const stale = await insertLongStory(setup.db, longStoryHtml(64 * 1024), 0, "stale");
  await setup.close();
  const targets: Array<[string, string]> = [
    ["one instance, direct", `http://127.0.0.1:${portA}`],
    ["nginx → one instance", await startNginx([portA])],
    ["nginx → two instances", await startNginx([portA, portB])],
  ];
  const routes: Array<[string, string, Record<string, string> | undefined]> = [
    ["story read", `/api/stories/${stories[0]!.id}/read`, undefined],
    ["Discover (4 stories)", "/api/published-stories?sort=new&limit=20", undefined],
    ["story read, signed in", `/api/stories/${stories[0]!.id}/read`, reader.headers],
    ["Discover (4 stories), signed in", "/api/published-stories?sort=new&limit=20", reader.headers],
    ["64 KB draft cleaned on read (app-bound)", stale.path, stale.headers],
  ];
  const rows: string[][] = [];
  const failures: string[] = [];
  for (const [routeName, path, headers] of routes) {
    for (const [name, base] of targets) {
      // NOTE: a short warm-up fills both instances' read caches, so the run measures serving, not the first query.
      await load(`${base}${path}`, 10, 1, headers);
      const workers = childPids(nginxPids.get(base));
      const cpu = () => ({
        bench: process.cpuUsage(),
        nginx: workers.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
        apps: instancePids.map(cpuSeconds),
        machine: machineBusySeconds(),
      });
      const before = cpu();
      const result = await load(`${base}${path}`, CONNECTIONS, DURATION, headers);
      const after = cpu();
      const cores = (seconds: number) => (seconds / DURATION).toFixed(2);
      const bench = process.cpuUsage(before.bench);
      rows.push([
        routeName,
        name,
        String(Math.round(result.rps)),
        formatMs(result.p50),
        formatMs(result.p99),
        `${result.failed} / ${result.total}`,
        cores((bench.user + bench.system) / 1e6),
        cores(after.nginx - before.nginx),
        after.apps.map((seconds, i) => cores(seconds - before.apps[i]!)).join(" + "),
        cores(after.machine - before.machine),
      ]);
      if (result.failed) failures.push(`${routeName}, ${name}: ${result.why.join(", ")}`);
    }
  }
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")} (a shared machine: other work runs beside it)`,
  );
  printTable(
    [
      "route",
      "target",
      "req/s",
      "p50",
      "p99",
      "failed / requests",
      "cores: autocannon",
      "nginx",
      "instances A + B",
      "machine",
    ],
    rows,
  );
  if (failures.length) {
    console.log(`\nfailed requests:\n  ${failures.join("\n  ")}`);
    // What nginx said about them, each message once with its count.
    const said = new Map<string, number>();
    for (const dir of nginxDirs) {
      const log = existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : "";
      for (const line of log.split("\n").filter(Boolean)) {
        const message = line.replace(/^\S+ \S+ \[\w+\] \d+#\d+: \*\d+ /, "").replace(/, client: .*$/, "");
        said.set(message, (said.get(message) ?? 0) + 1);
      }
    }
    for (const [message, count] of said) console.log(`  nginx (${count}×): ${message}`);
  }
} finally {
  for (const child of children) child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const step of cleanup.reverse()) await step();
}
