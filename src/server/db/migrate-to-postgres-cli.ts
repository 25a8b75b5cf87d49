// `npm run migrate-to-postgres -- postgres://user@host:5432/ficforge [--data-dir DIR]`: copies a stopped PGlite
// DATA_DIR into an empty PostgreSQL database (move-to-postgres.ts). Exit codes: 0 copied and verified, 1 failed
// (the target is left as it was: the copy is one transaction), 2 usage, 3 the data directory cannot be used (the app
// is running, or there is no database in it), 4 the target is not empty, 5 copied but the read-back differs.
import { parseArgs } from "node:util";
import { DataDirLockedError } from "./client";
import { loadConfig, readDotEnv } from "../env";
import { MoveRefusedError, moveToPostgres } from "./move-to-postgres";

const USAGE = `Usage: npm run migrate-to-postgres -- postgres://user:password@host:5432/database [--data-dir DIR]
Copies the stopped embedded database in DATA_DIR (default ./data) into an empty PostgreSQL database.`;

async function run(): Promise<number> {
  readDotEnv();
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { "data-dir": { type: "string" }, help: { type: "boolean" } },
  });
  const [url, ...rest] = positionals;
  if (values.help || !url || rest.length > 0 || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(USAGE);
    return 2;
  }
  const dataDir = values["data-dir"] ?? loadConfig().DATA_DIR;
  const target = new URL(url);
  console.log(`Copying ${dataDir} into PostgreSQL ${target.host}${target.pathname}`);
  const report = await moveToPostgres({ dataDir, targetUrl: url, log: (line) => console.log(line) });
  const width = Math.max(...report.tables.map((t) => t.table.length), 5);
  console.log(`\n${"table".padEnd(width)}  ${"rows".padStart(9)}  ${"target".padStart(9)}  checksum`);
  for (const t of report.tables) {
    const same = t.rows === t.targetRows && t.sourceChecksum === t.targetChecksum;
    console.log(
      `${t.table.padEnd(width)}  ${String(t.rows).padStart(9)}  ${String(t.targetRows).padStart(9)}  ${same ? "same" : "DIFFERS"}`,
    );
  }
  const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `\n${report.tables.length} tables, ${rows} rows, ${report.sequences.length} sequences in ${(report.ms / 1000).toFixed(1)} s.`,
  );
  if (!report.ok) {
    console.error("The read-back differs from the source (see DIFFERS above): do not switch to this database.");
    return 5;
  }
  console.log(`Verified. Stop using DATA_DIR and start FicForge with DATABASE_URL=${redact(target)}`);
  return 0;
}

const redact = (url: URL) => {
  const copy = new URL(url);
  if (copy.password) copy.password = "…";
  return copy.toString();
};

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof MoveRefusedError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message} migrate-to-postgres needs the app stopped. Nothing was changed.`);
      process.exit(3);
    }
    console.error(error instanceof Error ? error.message : error);
    console.error(
      "Nothing was copied: a copy cut short is rolled back, so the target holds no FicForge data from this run.",
    );
    process.exit(1);
  },
);
