// `npm run backup -- [--out DIR]`: a consistent snapshot of the database.
//   PGlite: through the running app's admin socket (PGlite allows one process), or, when the app is stopped, by
//   opening DATA_DIR under its lock; writes DIR/ficforge-YYYYMMDDTHHMMSSZ.tar.gz (default DIR: DATA_DIR/backups).
//   PostgreSQL (DATABASE_URL): runs pg_dump --format=custom into DIR/ficforge-….dump.
// `npm run restore -- FILE --data-dir NEW_DIR`: opens a PGlite snapshot as a new, empty data directory.
// Exit codes: 0 done, 1 failed, 2 usage, 3 refused (a non-empty restore target).
import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs, promisify } from "node:util";
import { loadConfig, readDotEnv } from "../env";
import { adminSocketPath, sendAdminCommand } from "./admin-socket";
import { RestoreRefusedError, restoreSnapshot, writeSnapshot } from "../db/backup";
import { DataDirLockedError, openDatabase } from "../db/client";

const USAGE = `Usage:
  npm run backup -- [--out DIR]
  npm run restore -- FILE --data-dir NEW_DIR`;

async function backup(out: string | undefined): Promise<number> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    const dir = resolve(out ?? "backups");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(
      dir,
      `ficforge-${new Date()
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d+Z$/, "Z")}.dump`,
    );
    await promisify(execFile)("pg_dump", ["--format=custom", "--no-owner", "--file", file, config.DATABASE_URL]);
    console.log(`Backup written to ${file} (pg_dump, custom format: restore with pg_restore).`);
    return 0;
  }
  const dir = resolve(out ?? join(config.DATA_DIR, "backups"));
  const answer = await sendAdminCommand(adminSocketPath(config.DATA_DIR), { command: "backup", dir }, 600_000);
  if (answer) {
    if (!answer.ok) {
      console.error(answer.error);
      return 1;
    }
    console.log(`${answer.message} Taken by the running app.`);
    return 0;
  }
  const database = await openDatabase({ kind: "pglite", dataDir: config.DATA_DIR });
  try {
    const written = await writeSnapshot(() => database.snapshot!(), dir);
    console.log(`Backup written to ${written.path} (${written.bytes} bytes). The app was not running.`);
  } finally {
    await database.close();
  }
  return 0;
}

async function run(): Promise<number> {
  readDotEnv();
  const [mode, ...args] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: "string" }, "data-dir": { type: "string" } },
  });
  if (mode === "backup" && positionals.length === 0) return backup(values.out);
  if (mode === "restore" && positionals.length === 1 && values["data-dir"]) {
    await restoreSnapshot(positionals[0]!, values["data-dir"]);
    console.log(`Restored into ${values["data-dir"]}. Start FicForge with DATA_DIR=${values["data-dir"]}.`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof RestoreRefusedError) {
      console.error(error.message);
      process.exit(3);
    }
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message} Its admin socket did not answer: is the app still starting?`);
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exit(1);
  },
);
