// Start to first answer (budget: 2 s once installed): spawns the built server on an existing data directory,
// polls /healthz until it answers 200, stops it, five times; then the same through `npm start` (its prestart
// checks the build stamp first).
//   npx tsx bench/start.ts [--runs 5] [--npm-start true|false] [--database-url postgres://...] [--root DIR]
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    "npm-start": { type: "string", default: "true" },
    "database-url": { type: "string" },
    root: { type: "string", default: fileURLToPath(new URL("..", import.meta.url)) },
  },
});
const RUNS = Number(values.runs);
// Another build (a directory with dist/ and node_modules), e.g. an older commit for "before".
const ROOT = values.root;
const PORT = 3900 + (process.pid % 90);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));
}

/**
 * CPU milliseconds used so far by a process group (live members, and the children they have reaped): on a machine
 * shared with other work the wall time swings with their load, the CPU time much less.
 */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // Fields after "(comm)": state ppid pgrp ... utime(14) stime(15) cutime(16) cstime(17), counted from 1.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

interface StartTime {
  wall: number;
  cpu: number;
}

/** Wall and CPU milliseconds from spawn to the first 200 from /healthz; the whole process group is stopped after. */
async function timeToFirstAnswer(command: string, args: string[], env: Record<string, string>): Promise<StartTime> {
  const started = performance.now();
  // NOTE: its own process group, so `npm start`'s node child is stopped with it.
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "ignore", detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited with ${child.exitCode}`);
      if (await answers(`http://127.0.0.1:${PORT}/healthz`)) {
        return { wall: performance.now() - started, cpu: groupCpuMs(child.pid!) };
      }
      if (performance.now() - started > 60_000) throw new Error("no answer within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    process.kill(-child.pid!, "SIGTERM");
    await exited(child);
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, "dist/server/main.js"))) throw new Error("dist/server/main.js is missing: npm run build");
  console.log(`load average ${loadavg()[0]?.toFixed(2)}`);
  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-start-"));
  const env: Record<string, string> = { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  if (values["database-url"]) env.DATABASE_URL = values["database-url"];
  try {
    // The first start creates the database, migrates and seeds the demo stories: not what is measured.
    const first = await timeToFirstAnswer("node", ["dist/server/main.js"], env);
    console.log(`first start on an empty data directory (create, migrate, seed the demo): ${formatMs(first.wall)}`);
    const rows: string[][] = [];
    const commands: [string, string, string[]][] = [
      ["node dist/server/main.js", "node", ["dist/server/main.js"]],
      ["node --enable-source-maps dist/server/main.js", "node", ["--enable-source-maps", "dist/server/main.js"]],
    ];
    if (values["npm-start"] !== "false") commands.push(["npm start (built, stamp current)", "npm", ["start"]]);
    for (const [name, command, args] of commands) {
      const runs: StartTime[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timeToFirstAnswer(command, args, env));
      const wall = runs.map((r) => r.wall);
      rows.push([
        name,
        formatMs(median(wall)),
        formatMs(Math.min(...wall)),
        formatMs(Math.max(...wall)),
        formatMs(median(runs.map((r) => r.cpu))),
      ]);
    }
    console.log(
      `\nstart to first 200 from /healthz, ${RUNS} runs each (${values["database-url"] ? "PostgreSQL" : "PGlite"})`,
    );
    printTable(["command", "median", "min", "max", "CPU (median)"], rows);
    console.log(`load average now ${loadavg()[0]?.toFixed(2)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
