// The signed-in budget measured from outside, as someone trying a fresh clone would: `npm start` (PGlite in a new
// data directory, demo data, the dev outbox), one account signed up, verified and signed in over HTTP, then
// autocannon with that account's cookies on Discover's four newest and a demo story's read, against a bare
// node:http server answering the same bytes in the same run.
//   npm run build && npx tsx bench/signed-in-outside.ts [--connections 10] [--warmup 2] [--duration 8] [--rounds 3]
//                                                      [--env KEY=VALUE ...]
// `--env` adds to the server's environment (e.g. LOG_LEVEL=silent), to find what differs from bench/run.ts.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type ServerProcess, startServerProcess } from "./lib/ipc";
import { runLoad } from "./lib/load";
import { formatInt, formatMs, printTable } from "./lib/table";
import { waitForHealthz } from "./lib/wait-healthy";
import type { BareServerOptions } from "./servers/bare-server";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    duration: { type: "string", default: "8" },
    rounds: { type: "string", default: "3" },
    env: { type: "string", multiple: true, default: [] },
  },
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** CPU microseconds (user + system) of a process and its descendants: npm, its shell and the node server. */
function treeCpu(root: number): number {
  const ticks = 1_000_000 / 100; // NOTE: USER_HZ is 100 on Linux.
  const stats = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
        return { pid: Number(pid), ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) * ticks };
      } catch {
        return undefined;
      }
    })
    .filter((s) => s !== undefined);
  const inTree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stats) if (inTree.has(s.ppid) && !inTree.has(s.pid)) grew = inTree.add(s.pid) !== undefined;
  }
  return stats.filter((s) => inTree.has(s.pid)).reduce((sum, s) => sum + s.cpu, 0);
}

/** Signs a new account up, follows its verification link from the dev outbox and signs in: the cookies it holds. */
async function signUpAndIn(base: string): Promise<string> {
  const email = `outside${Date.now()}@example.com`;
  const password = "Outside-pass1!";
  const json = { "content-type": "application/json" };
  const registered = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: `out${Date.now() % 1e7}`, email, password }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as { to: string; text: string }[];
  const link = /https?:\/\/\S*verify-email\?token=[\w-]+/.exec(outbox.find((m) => m.to === email)?.text ?? "")?.[0];
  if (!link) throw new Error("no verification link in the dev outbox");
  const verified = await fetch(`${base}/api/verify-email${link.slice(link.indexOf("?"))}`, { redirect: "manual" });
  if (verified.status !== 302) throw new Error(`verify-email: ${verified.status}`);
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function main(): Promise<void> {
  const connections = Number(values.connections);
  const rounds = Math.max(1, Number(values.rounds));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "ff-outside-"));
  const extraEnv = Object.fromEntries(
    values.env.map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
  );
  const env = { ...process.env, NODE_ENV: "", PORT: String(port), DATA_DIR: dataDir, ...extraEnv };
  console.log(
    `npm start on ${base}${values.env.length ? ` with ${values.env.join(" ")}` : ""}; load average ${loadavg()[0]!.toFixed(2)}`,
  );
  const app = spawn("npm", ["start"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  let bare: ServerProcess<{ port: number }> | undefined;
  try {
    await waitForHealthz(base, app);
    // NOTE: the maintenance jobs' first run (5 s after start) records the demo stories' chapters and empties the read
    // cache; a read answered before it lists no chapters, so the measured bytes are the ones after it.
    await new Promise((r) => setTimeout(r, 10_000));
    const cookie = await signUpAndIn(base);
    const newest = (await (await fetch(`${base}/api/published-stories?limit=4`)).json()) as { id: number }[];
    const storyId = newest[0]?.id;
    if (!storyId) throw new Error("no demo story on Discover");
    const paths = { discover: "/api/published-stories?limit=4", read: `/api/stories/${storyId}/read` };
    const captured = await Promise.all(
      Object.entries(paths).map(async ([name, path]) => {
        await fetch(base + path, { headers: { cookie } }).then((r) => r.arrayBuffer());
        const response = await fetch(base + path, { headers: { cookie } });
        const body = Buffer.from(await response.arrayBuffer());
        if (!response.ok) throw new Error(`${name}: ${response.status} ${body}`);
        return { name, path, body, contentType: response.headers.get("content-type") ?? "" };
      }),
    );
    bare = await startServerProcess<{ port: number }>(new URL("./servers/bare-server.ts", import.meta.url), {
      routes: Object.fromEntries(
        captured.map((c) => [c.path, { contentType: c.contentType, body: c.body.toString("base64") }]),
      ),
    } satisfies BareServerOptions);
    const rows: string[][] = [];
    for (const c of captured) {
      const targets = [
        { url: `http://127.0.0.1:${bare.ready.port}${c.path}`, cpu: () => bare!.call<number>("cpu") },
        { url: base + c.path, cpu: async () => treeCpu(app.pid!) },
      ];
      const load = (url: string, duration: number) =>
        runLoad({ url, connections, duration, headers: { cookie }, expectBody: c.body.toString() });
      for (let round = 1; round <= rounds; round++) {
        const measured = [];
        for (const target of targets) {
          await load(target.url, Number(values.warmup));
          const before = await target.cpu();
          const result = await load(target.url, Number(values.duration));
          measured.push({ ...result, cpuPerRequest: ((await target.cpu()) - before) / result.requests });
        }
        const [bareResult, appResult] = measured as [(typeof measured)[0], (typeof measured)[0]];
        rows.push([
          c.name,
          String(round),
          formatInt(bareResult.rps),
          formatMs(bareResult.p99),
          formatInt(appResult.rps),
          formatMs(appResult.p50),
          formatMs(appResult.p99),
          `${Math.round((100 * appResult.rps) / bareResult.rps)}%`,
          `${Math.round(bareResult.cpuPerRequest)} µs`,
          `${Math.round(appResult.cpuPerRequest)} µs`,
          formatInt(c.body.length),
        ]);
      }
    }
    printTable(
      [
        "case",
        "round",
        "bare req/s",
        "bare p99",
        "app req/s",
        "app p50",
        "app p99",
        "app/bare",
        "bare CPU/req",
        "app CPU/req",
        "bytes",
      ],
      rows,
    );
    for (const name of Object.keys(paths)) {
      const ratios = rows.filter((r) => r[0] === name).map((r) => Number.parseInt(r[7]!, 10));
      console.log(`${name}: median app/bare ${median(ratios)}% over ${ratios.length} round(s)`);
    }
    console.log(`load average at the end ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await bare?.stop();
    if (app.pid) process.kill(-app.pid, "SIGTERM");
    await new Promise((r) => app.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
