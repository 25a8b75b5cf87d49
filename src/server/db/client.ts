// Opens the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both run the same drizzle migrations.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { keepDataDirPrivate } from "./private-data-dir";
import { lockDataDir } from "./data-dir-lock";
import { type ListenHandlers, type Listener, listenForNotifications } from "./notifications";
import { openReplicas, type ReadReplicas } from "./replicas";
import { SESSION_OPTIONS } from "./session-options";
import * as schema from "./schema";

export { DataDirLockedError } from "./data-dir-lock";
export { DataDirExposedError } from "./private-data-dir";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs a cheap query; throws when the database is unreachable. */
  ping(): Promise<void>;
  /** PostgreSQL only: LISTEN on a dedicated connection that reconnects (notifications.ts). PGlite is one process. */
  listen?(channel: string, handlers: ListenHandlers): Listener;
  /** PGlite only: a consistent snapshot of the data directory as a gzipped tarball (db/backup.ts). */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections in use, queries waiting and connections open (/metrics). */
  pool?(): { inUse: number; waiting: number; total: number };
  /** PostgreSQL with DATABASE_READ_URL: the streaming replicas reads may go to (replicas.ts, decision 0065). */
  replicas?: ReadReplicas;
  /** PostgreSQL only: the primary's current WAL position, for read-your-writes (http/read-your-writes.ts). */
  walPosition?(): Promise<string>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions =
  | ({ kind: "postgres" } & PostgresOptions)
  /** dataDir undefined = in memory (tests); template = a dumped, already migrated data directory. */
  | { kind: "pglite"; dataDir?: string; template?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "postgres" ? openPostgres(options) : openPglite(options.dataDir, options.template);
}

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  /** How long to wait for a new connection before answering 503. */
  connectTimeoutMs?: number;
  /** How long a query may wait for the server's answer (a hung server or network) before it fails. */
  queryTimeoutMs?: number;
  /** Told about connections the server or the network ended (the pool drops them and opens new ones). */
  onConnectionError?: (error: Error) => void;
  /**
   * A direct connection to the primary (not through a transaction-pooling PgBouncer) for what needs a session of
   * its own: LISTEN and the migrations' advisory lock. Defaults to `url`.
   */
  directUrl?: string;
  /** Streaming replicas for reads that may go to one (DATABASE_READ_URL). */
  readUrls?: string[];
  /** A replica further behind than this is skipped (ms). */
  replicaMaxLagMs?: number;
  /** How often the replicas are probed (ms). */
  replicaProbeMs?: number;
}

// NOTE: one fixed key for "migrating FicForge"; advisory locks are per database, so one server can host several.
const MIGRATION_LOCK_KEY = 7_461_906_313;

async function openPostgres(options: PostgresOptions): Promise<Database> {
  const { url, poolSize = 10, connectTimeoutMs = 5_000, queryTimeoutMs = 30_000, onConnectionError } = options;
  const directUrl = options.directUrl ?? url;
  // NOTE: a session-level advisory lock through a transaction pooler would be taken on one server connection and
  // released (or not) on another: the migrations take it on the direct connection.
  await migratePostgres(directUrl, connectTimeoutMs);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    // The server cancels a runaway statement first; the client-side timeout covers a server that stops answering.
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + 1_000,
    options: SESSION_OPTIONS,
    keepAlive: true,
  });
  // NOTE: without these listeners an 'error' event from a lost connection, idle in the pool or checked out
  // between two queries of a transaction, would end the process. The pool's own event only repeats, for
  // idle clients, what the client's listener has already reported.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", (error) => onConnectionError?.(error)));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // NOTE: readiness answers promptly even when the server hangs (query_timeout is missing from pg's types).
  const ping: pg.QueryConfig = { text: "select 1", ...{ query_timeout: Math.min(connectTimeoutMs, 3_000) } };
  const replicas = options.readUrls?.length
    ? openReplicas(pool, {
        urls: options.readUrls,
        maxLagMs: options.replicaMaxLagMs ?? 5_000,
        probeMs: options.replicaProbeMs ?? 1_000,
        poolSize,
        connectTimeoutMs,
        queryTimeoutMs,
        onConnectionError,
      })
    : undefined;
  await replicas?.probe();
  return {
    db,
    kind: "postgres",
    ping: async () => void (await pool.query(ping)),
    listen: (channel, handlers) => listenForNotifications(directUrl, channel, handlers, { connectTimeoutMs }),
    replicas,
    // NOTE: the insert position: with synchronous_commit off the commit may not be written out yet, and the
    // written position would then be before it.
    walPosition: async () =>
      (await pool.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn")).rows[0]!.lsn,
    close: async () => {
      await replicas?.close();
      await pool.end();
    },
    pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount, total: pool.totalCount }),
  };
}

/** Runs the migrations on one dedicated connection holding an advisory lock, so instances starting together take turns. */
async function migratePostgres(url: string, connectTimeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  // NOTE: a lost connection here already fails the query in flight; the event must not end the process too.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client) as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      // Ending the session would release it too; a failed unlock must not hide the migration's own error.
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
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
  try {
    if (dataDir) {
      // NOTE: locked before anything walks the directory: a second start while the first still shuts down (PGlite
      // removing its postmaster.pid) is refused with the lock's message instead of failing on a vanished file.
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      release = lockDataDir(dataDir);
      keepDataDirPrivate(dataDir);
    }
    // NOTE: the database lives in DATA_DIR/pglite; the lock sits beside it, where PGlite never touches it.
    const client = new PGlite(dataDir ? join(dataDir, "pglite") : undefined, {
      loadDataDir: template,
      // Search's typo tolerance (reading/search.ts, migration 0023).
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: "pglite",
      ping: async () => void (await client.query("select 1")),
      snapshot: () => snapshotPglite(client),
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

/**
 * The data directory as a gzipped tarball, taken between transactions: PGlite's transaction lock (every query, exec
 * and transaction takes it, drizzle's transactions included) is held while dumpDataDir reads the files, so nothing
 * is half done in them. A checkpoint first writes the pages out, so opening the copy has little WAL to replay.
 */
async function snapshotPglite(client: PGlite): Promise<Blob> {
  await client.exec("checkpoint");
  // NOTE: _runExclusiveTransaction is that lock; dumpDataDir itself only takes the query lock, which is free here.
  const exclusive = client as unknown as { _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T> };
  return exclusive._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
}
