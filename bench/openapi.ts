// The API document's budget (issue 34): built in under 200 ms at start and served from memory. Starts the built
// server five times on one data directory, reads the time its start-up log gives for building the document, then
// times GET /api/openapi.json against the last one.
//   npx tsx bench/openapi.ts [--runs 5] [--database-url postgres://...]
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, "database-url": { type: "string" } },
});
const RUNS = Number(values.runs);
const PORT = 3990 + (process.pid % 9);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Starts the server, waits for the document's log line, runs `then` against it, stops it. */
async function start<T>(env: Record<string, string>, then: () => Promise<T>): Promise<{ buildMs: number; result: T }> {
  const child = spawn("node", ["dist/server/main.js"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const buildMs = await new Promise<number>((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        const found = /"openApiBuildMs":(\d+)/.exec(text);
        if (found) resolve(Number(found[1]));
      });
      child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    });
    return { buildMs, result: await then() };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
  }
}

async function main(): Promise<void> {
  if (!existsSync("dist/server/main.js")) throw new Error("dist/server/main.js is missing: npm run build");
  console.log(`load average ${loadavg()[0]?.toFixed(2)}`);
  const dataDir = mkdtempSync(join(tmpdir(), "ficforge-openapi-"));
  const env: Record<string, string> = { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" };
  if (values["database-url"]) env.DATABASE_URL = values["database-url"];
  try {
    await start(env, async () => undefined); // creates, migrates and seeds: not measured
    const builds: number[] = [];
    let serve: { ms: number[]; bytes: number; operations: number } | undefined;
    for (let i = 0; i < RUNS; i++) {
      const last = i === RUNS - 1;
      const { buildMs, result } = await start(env, async () => {
        if (!last) return undefined;
        const ms: number[] = [];
        let body = "";
        for (let n = 0; n < 200; n++) {
          const t = performance.now();
          body = await (await fetch(`http://127.0.0.1:${PORT}/api/openapi.json`)).text();
          ms.push(performance.now() - t);
        }
        const paths = Object.values(JSON.parse(body).paths as Record<string, object>);
        return { ms, bytes: body.length, operations: paths.reduce((n, p) => n + Object.keys(p).length, 0) };
      });
      builds.push(buildMs);
      if (result) serve = result;
    }
    printTable(
      ["measure", "median", "min", "max"],
      [
        [
          `document built at start (${RUNS} starts)`,
          formatMs(median(builds)),
          formatMs(Math.min(...builds)),
          formatMs(Math.max(...builds)),
        ],
        ...(serve
          ? [
              [
                `GET /api/openapi.json (200 requests, ${(serve.bytes / 1024).toFixed(0)} KB, ${serve.operations} operations)`,
                formatMs(median(serve.ms)),
                formatMs(Math.min(...serve.ms)),
                formatMs(Math.max(...serve.ms)),
              ],
            ]
          : []),
      ],
    );
    console.log(`load average now ${loadavg()[0]?.toFixed(2)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
