// What one anonymous oversized or deeply nested JSON body costs the app: answer, time, memory, event-loop stall.
//   npx tsx bench/request-limits.ts [--database-url postgres://...]
// Each attack runs against a fresh app process (bench/servers/app-server.ts); its peak RSS (VmHWM from
// /proc, reset just before the attack; Linux only) is that attack's alone. While the attack is in flight, /healthz is probed every 5 ms;
// the slowest probe is how long the event loop was blocked.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startServerProcess } from "./lib/ipc";
import { formatInt, formatMs, printTable } from "./lib/table";
import type { AppServerOptions, AppServerReady } from "./servers/app-server";

const { values } = parseArgs({ options: { "database-url": { type: "string" } } });

const nested = (bytes: number) => "[".repeat(bytes / 2) + "]".repeat(bytes / 2);
const ATTACKS: { name: string; path: string; body: string }[] = [
  { name: "login, 11.9 MB nested", path: "/api/login", body: nested(11.9 * 1024 * 1024) },
  { name: "login, 60 KB nested", path: "/api/login", body: nested(60 * 1024) },
  { name: "register, 11.9 MB nested", path: "/api/register", body: nested(11.9 * 1024 * 1024) },
  {
    name: "login, valid",
    path: "/api/login",
    body: JSON.stringify({ email: "nobody@example.com", password: "Wrong-pass1!" }),
  },
];

function post(port: number, path: string, body: string): Promise<{ status: number | string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    // NOTE: a server that answers 413 from Content-Length may close before the whole body is written.
    req.on("error", (error) => resolve({ status: (error as NodeJS.ErrnoException).code ?? "error", ms: 0 }));
    req.end(body);
  });
}

function probeLoop(port: number): { stop(): Promise<number> } {
  let running = true;
  let worst = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.arrayBuffer());
      worst = Math.max(worst, performance.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return worst;
    },
  };
}

const procKb = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

const rows: string[][] = [];
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
for (const attack of ATTACKS) {
  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-limits-"));
  const app = await startServerProcess<AppServerReady>(new URL("./servers/app-server.ts", import.meta.url), {
    dataDir,
    databaseUrl: values["database-url"],
    stories: 0,
    seed: 1,
  } satisfies AppServerOptions);
  try {
    const port = app.ready.port;
    await post(port, "/api/login", "{}"); // warm the route once, so its first-use cost is not counted
    // NOTE: "5" resets the peak (VmHWM) to the current RSS, so start-up's own peak is not counted.
    writeFileSync(`/proc/${app.pid}/clear_refs`, "5");
    const rssBefore = procKb(app.pid, "VmRSS");
    const probes = probeLoop(port);
    await new Promise((r) => setTimeout(r, 50));
    const answer = await post(port, attack.path, attack.body);
    const worstProbe = await probes.stop();
    const peak = procKb(app.pid, "VmHWM");
    rows.push([
      attack.name,
      String(answer.status),
      formatMs(answer.ms),
      formatMs(worstProbe),
      `${formatInt(rssBefore / 1024)} MB`,
      `${formatInt(peak / 1024)} MB`,
      `+${formatInt((peak - rssBefore) / 1024)} MB`,
    ]);
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
printTable(["attack", "status", "answer", "worst /healthz", "RSS before", "peak RSS", "growth"], rows);
