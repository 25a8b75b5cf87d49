// Opens the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both run the same drizzle migrations.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export { DataDirLockedError } from "./data-dir-lock";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs a cheap query; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** dataDir undefined = in memory (tests); template = a dumped, already migrated data directory. */
  | { kind: "pglite"; dataDir?: string; template?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "postgres"
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.template);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: "postgres",
    ping: async () => void (await pool.query("select 1")),
    close: () => pool.end(),
  };
}

// NOTE: PGlite runs one backend inside this process, and initdb's defaults size its shared memory for a server
// with 100 connections: 128 MB of shared_buffers alone, touched at start. The data files are read through the
// operating system's page cache anyway, so a small buffer pool costs little speed and saves ~130 MB of RSS
// (bench/memory.ts). Passed at start, so a data directory is never changed by them.
const PGLITE_SETTINGS = ["shared_buffers=16MB", "max_connections=8", "maintenance_work_mem=16MB"].flatMap((s) => [
  "-c",
  s,
]);

async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  let release: (() => void) | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
  }
  try {
    // NOTE: the database lives in DATA_DIR/pglite; the lock sits beside it, where PGlite never touches it.
    const client = new PGlite(dataDir ? join(dataDir, "pglite") : undefined, {
      loadDataDir: template,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: "pglite",
      ping: async () => void (await client.query("select 1")),
      close: async () => {
        await client.close();
        release?.();
      },
    };
  } catch (error) {
    release?.();
    throw error;
  }
}
