// A new chapter for a story with 100,000 subscribers (issue 28, decision 0066): how long until every notification is
// written and every email queued, and what saves of another story and reads cost meanwhile. The real app (production
// config, no email worker) on PostgreSQL or, without --database-url, PGlite in memory; requests go through the whole
// app stack in this process (inject). Prints the load alone, each round under load, and the save that published.
//   createdb -h 127.0.0.1 -U postgres fanout_bench
//   npx tsx bench/notify-fanout.ts --database-url postgres://postgres@127.0.0.1:5432/fanout_bench
//   [--subscribers 100000] [--rounds 3] [--alone-seconds 5] [--sweep 250:5,1000:0,1000:5,4000:5] [--no-controls]
// After each round the same load runs alone for as long (at most 15 s), a control at the machine's load of the moment.
// The database must be a scratch one (the bench adds its users and stories and leaves them).
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { createDevOutbox } from "../src/server/mail/mailer";
import type { Summary } from "./lib/fanout-load";
import { FAN_OUT_CHUNKS } from "../src/server/community/chunked-fan-out";
import { benchFanOut } from "./lib/notify-fanout";
import { formatInt, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    subscribers: { type: "string", default: "100000" },
    rounds: { type: "string", default: "3" },
    "alone-seconds": { type: "string", default: "5" },
    sweep: { type: "string", default: "" },
    "no-controls": { type: "boolean", default: false },
  },
});
const url = values["database-url"];
const database = url ? await openDatabase({ kind: "postgres", url }) : await openDatabase({ kind: "pglite" });
const config = loadConfig({
  NODE_ENV: "production",
  SEED_DEMO: "false",
  LOG_LEVEL: "silent",
  // Production requires an SMTP server; nothing is sent (the email worker is not started, the mailer is the dev one).
  SMTP_URL: "smtp://127.0.0.1:25",
});
const app = await buildApp(await createDeps(config, database, { mailer: createDevOutbox() }), { logger: false });
await app.ready();
const sweep = values.sweep
  .split(",")
  .filter(Boolean)
  .map((pair) => {
    const [chunkSize, pauseMs] = pair.split(":").map(Number);
    return { chunkSize: chunkSize!, pauseMs: pauseMs ?? 0 };
  });

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
console.log(`database: ${database.kind}, load average before: ${load()}`);
const result = await benchFanOut({
  app,
  db: database.db,
  subscribers: Number(values.subscribers),
  rounds: Number(values.rounds),
  aloneMs: Number(values["alone-seconds"]) * 1000,
  sweep,
  controls: !values["no-controls"],
});
const { seed } = result;
console.log(
  `seeded ${formatInt(seed.subscribers)} subscribers in ${formatInt(seed.seedMs)} ms; each chapter reaches ` +
    `${formatInt(seed.expected.notifications)} (${formatInt(seed.expected.pending)} by email); ` +
    `chunks of ${FAN_OUT_CHUNKS[database.kind].chunkSize}, ${FAN_OUT_CHUNKS[database.kind].pauseMs} ms apart unless named`,
);
const readCells = (r: { reads: Record<string, Summary> }) =>
  ["story", "notifications", "discover"].map((k) => `${r.reads[k]!.p99.toFixed(1)} (${r.reads[k]!.n})`);
const cells = (s: Summary) => [formatInt(s.n), s.p50.toFixed(1), s.p99.toFixed(1), s.max.toFixed(1)];
printTable(
  [
    "phase",
    "ms",
    "written",
    "chunks",
    "gap p50",
    "gap max",
    "saves",
    "save p50",
    "save p99",
    "save max",
    "reads",
    "read p50",
    "read p99",
    "read max",
  ],
  [
    ["saves and reads alone", "", "", "", "", "", ...cells(result.alone.save), ...cells(result.alone.read)],
    ...result.rounds.flatMap((r) => [
      [
        r.name,
        formatInt(r.ms),
        formatInt(r.written),
        formatInt(r.chunks.n),
        r.chunks.gapP50.toFixed(1),
        r.chunks.gapMax.toFixed(1),
        ...cells(r.save),
        ...cells(r.read),
      ],
      ...(r.after
        ? [["  then alone as long", "", "", "", "", "", ...cells(r.after.save), ...cells(r.after.read)]]
        : []),
    ]),
  ],
);
printTable(
  ["read p99 (ms)", "story", "notifications", "discover"],
  [["alone", ...readCells(result.alone)], ...result.rounds.map((r) => [r.name, ...readCells(r)])],
);
console.log(`the saves that published: ${result.publishSaveMs.map((ms) => ms.toFixed(1)).join(", ")} ms`);
console.log(`load average after: ${load()}`);
await app.close();
await database.close();
