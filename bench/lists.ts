// Every list a reader opens, uncached, on a PostgreSQL database seeded by bench/seed.ts (issue 28, decision 0072):
//   npm run bench:lists -- --database-url postgres://postgres@127.0.0.1:5432/lists_200k
//                          [--cases discover-new,tag-page] [--seconds 10] [--connections 10] [--explain]
//                          [--explain-ms 5] [--server built|source]
// The targets it needs (archive-shapes.ts) are found, or made with set-based SQL when the seeder did not make them.
// Budget (issue 28): p99 under 50 ms per case at 10 connections, the app's RSS under 300 MB.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { LIST_CASES } from "./lib/list-cases";
import { type ListBenchResult, runListBench } from "./lib/list-bench";
import { formatInt, formatMs, printTable } from "./lib/table";

const BUDGET = { p99Ms: 50, rssMb: 300 };

export function printListBench(result: ListBenchResult): void {
  const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
  printTable(
    ["case", "requests", "failed", "p50", "p99", "max", "rows/req", "cache hits", "peak RSS", "p99 < 50 ms"],
    result.cases.map((c) => {
      const failed = Object.entries(c.failures).map(([status, n]) => `${n}×${status}`);
      const ok = c.requests - Object.values(c.failures).reduce((a, b) => a + b, 0);
      return [
        c.name,
        formatInt(c.requests),
        failed.join(" ") || "0",
        formatMs(c.p50),
        formatMs(c.p99),
        formatMs(c.max),
        ok > 0 ? (c.rows / ok).toFixed(1) : "-",
        `${c.cacheHits}/${c.cacheHits + c.cacheMisses}`,
        mb(c.peakRssKb),
        c.p99 < BUDGET.p99Ms ? "yes" : "NO",
      ];
    }),
  );
  const hits = result.cases.reduce((n, c) => n + c.cacheHits, 0);
  const lookups = result.cases.reduce((n, c) => n + c.cacheHits + c.cacheMisses, 0);
  const peak = Math.max(...result.cases.map((c) => c.peakRssKb));
  console.log(
    `read cache: ${hits} hits of ${lookups} lookups (${lookups ? ((100 * hits) / lookups).toFixed(1) : "0"}%); ` +
      `peak RSS ${mb(peak)} (budget ${BUDGET.rssMb} MB: ${peak / 1024 < BUDGET.rssMb ? "within" : "OVER"})`,
  );
  for (const c of result.cases) {
    for (const plan of c.plans) {
      console.log(
        `\n=== ${c.name}: ${plan.ms.toFixed(1)} ms in PostgreSQL while measured\n${plan.sql}\n` +
          `-- parameters: ${JSON.stringify(plan.values)}\n\n${plan.plan}`,
      );
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string" },
      cases: { type: "string" },
      seconds: { type: "string", default: "10" },
      connections: { type: "string", default: "10" },
      explain: { type: "boolean", default: false },
      "explain-ms": { type: "string", default: "5" },
      server: { type: "string", default: "built" },
      seed: { type: "string", default: "1" },
    },
  });
  if (!values["database-url"]) {
    throw new Error(`--database-url is required (cases: ${LIST_CASES.map((c) => c.name).join(", ")})`);
  }
  if (values.server !== "built" && values.server !== "source") throw new Error("--server is built or source");
  console.log(
    `load average ${loadavg()[0]?.toFixed(2)}, ${values.connections} connections, ${values.seconds} s per case`,
  );
  const result = await runListBench({
    databaseUrl: values["database-url"],
    cases: values.cases?.split(",").map((c) => c.trim()),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    explain: values.explain,
    explainMs: Number(values["explain-ms"]),
    server: values.server,
    seed: Number(values.seed),
    log: (line) => console.log(`[${(performance.now() / 1000).toFixed(1)} s] ${line}`),
  });
  console.log(`start-up backfills waited for: ${formatInt(result.backfillWaitMs / 1000)} s`);
  printListBench(result);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
