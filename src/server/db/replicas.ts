// Read replicas (DATABASE_READ_URL, decision 0065): reads a route marks as replica-safe go to a streaming replica
// that is up, within the lag bound, and (for a reader who just wrote) past that reader's write; anything else goes
// to the primary. A periodic probe keeps each replica's state, so choosing costs no query.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";
import type { Db } from "./client";
import { SESSION_OPTIONS } from "./session-options";

/** A WAL position ("16/B374D848") as a number, so positions compare. */
export function parseLsn(lsn: string): bigint | undefined {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  return match ? (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`) : undefined;
}

export interface ReplicaOptions {
  urls: string[];
  /** A replica further behind than this is skipped. */
  maxLagMs: number;
  /** How often each replica (and the primary's position) is probed. */
  probeMs: number;
  poolSize: number;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
  onConnectionError?: (error: Error) => void;
}

export interface ReplicaState {
  /** Host and port only: the URL's password stays out of /metrics and logs. */
  name: string;
  up: boolean;
  /** How far behind the primary it was at the last probe (ms, to the probe's precision), when up. */
  lagMs?: number;
}

export interface ReadReplicas {
  /** A replica's Db for a read that may be stale by up to the lag bound but not older than `after`; else undefined. */
  pick(after?: bigint): Db | undefined;
  /** Probes every replica now (the timer does it every probeMs). */
  probe(): Promise<void>;
  states(): ReplicaState[];
  close(): Promise<void>;
}

// NOTE: connection failures (refused, reset, the server shutting down, a pool that cannot connect, a server that
// stopped answering) mean "this replica is away": the read is answered by the primary instead, and the replica is
// skipped until a probe finds it back. A query cancelled by a recovery conflict (40001: replay needed the rows it
// read) is asked of the primary too, but the replica stays in use. Any other error (a statement timeout, a bug) is
// the query's own and is thrown as the primary would.
const AWAY_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P02", "57P03", "08006"]);
const AWAY_MESSAGES =
  /Connection terminated|Connection ended|timeout exceeded when trying to connect|Query read timeout/;
const RECOVERY_CONFLICT = "40001";
const isAway = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return (code !== undefined && AWAY_CODES.has(code)) || AWAY_MESSAGES.test(message ?? "");
};

interface Replica {
  name: string;
  pool: pg.Pool;
  db: Db;
  up: boolean;
  replayed: bigint;
  lagMs: number;
}

/** The primary's WAL position over the last probes: a replica's lag is how long ago the primary was where it is. */
interface Sample {
  at: number;
  lsn: bigint;
}

const PROBE = "select pg_is_in_recovery() as recovery, coalesce(pg_last_wal_replay_lsn(), '0/0')::text as replayed";

export function openReplicas(primary: pg.Pool, options: ReplicaOptions): ReadReplicas {
  const replicas = options.urls.map((url) => openReplica(url, primary, options));
  const samples: Sample[] = [];
  let next = 0;
  let probing: Promise<void> | undefined;

  const lagOf = (replayed: bigint, now: number): number => {
    // The oldest sample the replica has not reached: it is at least that far behind. Behind even the oldest one
    // kept, it may be any amount behind (a replica catching up from an old backup, just after this instance
    // started): counted as past the bound until it reaches a sample.
    const behind = samples.find((sample) => sample.lsn > replayed);
    if (!behind) return 0;
    return behind === samples[0] && samples.length > 1
      ? Math.max(now - behind.at, options.maxLagMs + 1)
      : now - behind.at;
  };

  async function probeOnce(): Promise<void> {
    const now = Date.now();
    // NOTE: the position written out, which an idle replica reaches; the insert position can sit past a page
    // header that no record fills yet (0/3000028 against a replica's 0/3000000), which would read as lag forever.
    const { rows } = await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
    samples.push({ at: now, lsn: parseLsn(rows[0]!.lsn)! });
    // Enough history to tell "behind by more than the bound" from "behind by a little".
    while (samples.length > 2 && now - samples[1]!.at > options.maxLagMs + options.probeMs) samples.shift();
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          const { rows: state } = await replica.pool.query<{ recovery: boolean; replayed: string }>(PROBE);
          replica.replayed = parseLsn(state[0]!.replayed) ?? 0n;
          replica.lagMs = lagOf(replica.replayed, now);
          // NOTE: a promoted replica (no longer in recovery) is a second primary: never read from it.
          replica.up = state[0]!.recovery;
        } catch {
          replica.up = false;
        }
      }),
    );
  }

  const probe = () => {
    probing ??= probeOnce()
      .catch(() => {
        // The primary is away: the replicas' lag is unknown, so none is used until a probe succeeds.
        for (const replica of replicas) replica.up = false;
      })
      .finally(() => {
        probing = undefined;
      });
    return probing;
  };
  const timer = setInterval(() => void probe(), options.probeMs);
  timer.unref();

  return {
    pick(after) {
      for (let i = 0; i < replicas.length; i++) {
        const replica = replicas[(next + i) % replicas.length]!;
        if (!replica.up || replica.lagMs > options.maxLagMs) continue;
        if (after !== undefined && replica.replayed < after) continue;
        next = (next + i + 1) % replicas.length;
        return replica.db;
      }
      return undefined;
    },
    probe,
    states: () => replicas.map(({ name, up, lagMs }) => (up ? { name, up, lagMs } : { name, up })),
    async close() {
      clearInterval(timer);
      await probing;
      await Promise.all(replicas.map((replica) => replica.pool.end()));
    },
  };
}

function openReplica(url: string, primary: pg.Pool, options: ReplicaOptions): Replica {
  const { hostname, port } = new URL(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: Math.min(options.connectTimeoutMs, 2_000),
    statement_timeout: options.queryTimeoutMs,
    query_timeout: options.queryTimeoutMs + 1_000,
    options: SESSION_OPTIONS,
    keepAlive: true,
  });
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", (error) => options.onConnectionError?.(error)));
  const replica: Replica = {
    name: `${hostname}:${port || 5432}`,
    pool,
    db: undefined as never,
    up: false,
    replayed: 0n,
    lagMs: 0,
  };
  // Reads only: a read that finds the replica away is asked of the primary (the same statement, nothing written).
  const query = (async (...args: Parameters<pg.Pool["query"]>) => {
    try {
      return await Reflect.apply(pool.query, pool, args);
    } catch (error) {
      const conflict = (error as { code?: string }).code === RECOVERY_CONFLICT;
      if (!conflict && !isAway(error)) throw error;
      if (!conflict) replica.up = false;
      return await Reflect.apply(primary.query, primary, args);
    }
  }) as pg.Pool["query"];
  // NOTE: drizzle calls pool.query for each statement, and pool.connect only for a transaction (none on reads).
  const routed = Object.assign(Object.create(pool) as pg.Pool, { query, connect: pool.connect.bind(pool) });
  replica.db = drizzle(routed, { schema }) as unknown as Db;
  return replica;
}
