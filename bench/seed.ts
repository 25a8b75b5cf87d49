// Seeds a database with bench data.
//   npx tsx bench/seed.ts [--stories 10000] [--users N] [--seed 1] [--database-url postgres://...]
//                         [--data-dir bench/.data/pglite] [--reset] [--free-tags N] [--short-content] [--vacuum]
// On PostgreSQL (--database-url) rows stream through COPY (bench/lib/copy-seed.ts: a million works in minutes, with
// every derived column filled and the archive's named shapes); on PGlite through seedBench's batched inserts.
import { createDiskStorage } from "../src/server/images/storage/disk";
import { existsSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { lockDataDir } from "../src/server/db/data-dir-lock";
import { copySeed } from "./lib/copy-seed";
import { seedBench } from "./lib/seed-bench";
import { formatInt, printTable } from "./lib/table";

export { BENCH_PASSWORD, type SeedOptions, type SeedResult, seedBench } from "./lib/seed-bench";

const DEFAULT_DATA_DIR = "bench/.data/pglite";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      stories: { type: "string", default: "10000" },
      users: { type: "string" },
      drafts: { type: "string" },
      covers: { type: "string" },
      seed: { type: "string", default: "1" },
      "database-url": { type: "string" },
      "data-dir": { type: "string", default: DEFAULT_DATA_DIR },
      reset: { type: "boolean", default: false },
      "free-tags": { type: "string" },
      "short-content": { type: "boolean" },
      vacuum: { type: "boolean", default: false },
    },
  });
  const number = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number (got "${value}")`);
    return n;
  };
  const options = {
    stories: number("stories", values.stories),
    users: number("users", values.users),
    drafts: number("drafts", values.drafts),
    covers: number("covers", values.covers),
    seed: number("seed", values.seed),
  };
  const url = values["database-url"];
  const dataDir = values["data-dir"];
  if (values.reset && !url && existsSync(dataDir)) {
    // Never wipe a directory a running FicForge holds: taking (and dropping) its lock throws if one does.
    lockDataDir(dataDir)();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const opening = performance.now();
  const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite", dataDir });
  const where = url ? `PostgreSQL ${new URL(url).pathname.slice(1)}` : `PGlite ${dataDir}`;
  console.log(`${where}: opened and migrated in ${Math.round(performance.now() - opening)} ms`);
  try {
    if (values.reset && url) {
      // NOTE: only with --reset: empties every table that hangs off users, tags, images and free-form tags.
      await database.db.execute(sql`truncate table users, tags, images, free_tags restart identity cascade`);
    }
    const cpuBefore = process.cpuUsage();
    if (url) {
      const seeded = await copySeed(url, database.db, createDiskStorage(`${dataDir}/images`), {
        ...options,
        stories: options.stories ?? 10_000,
        freeTags: number("free-tags", values["free-tags"]),
        shortContent: values["short-content"],
        vacuum: values.vacuum,
        onPhase: (phase, ms) => console.log(`  ${phase}: ${formatInt(ms)} ms`),
        onProgress: (done, total) => {
          if (done % 100_000 === 0 && done > 0) console.log(`    ${formatInt(done)} of ${formatInt(total)} stories`);
        },
      });
      printTable(
        ["table", "rows"],
        Object.entries(seeded.rows).map(([name, n]) => [name, formatInt(n)]),
      );
      const rows = Object.values(seeded.rows).reduce((a, b) => a + b, 0);
      const cpu = process.cpuUsage(cpuBefore);
      console.log(
        `seeded ${formatInt(rows)} rows in ${(seeded.ms / 1000).toFixed(1)} s; peak RSS ${Math.round(seeded.peakRss / 1048576)} MB; ` +
          `stories.tag_keys ${seeded.tagKeys ? "written" : "absent (not written)"} ` +
          `(this process used ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU; load average ${loadavg()[0]?.toFixed(1)})`,
      );
      return;
    }
    const result = await seedBench(database.db, createDiskStorage(`${dataDir}/images`), {
      ...options,
      onPhase: (phase, ms) => console.log(`  ${phase}: ${formatInt(ms)} ms`),
    });
    const { ms, ...counts } = result;
    printTable(
      ["table", "rows"],
      Object.entries(counts).map(([name, n]) => [name, formatInt(n)]),
    );
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    // NOTE: on PGlite the database runs in this process, so CPU time shows the cost even on a busy machine.
    const cpu = process.cpuUsage(cpuBefore);
    console.log(
      `seeded ${formatInt(rows)} rows in ${(ms / 1000).toFixed(1)} s ` +
        `(this process used ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU; load average ${loadavg()[0]?.toFixed(1)})`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
