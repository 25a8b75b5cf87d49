// Throwaway PostgreSQL clusters for tests that need a server of their own: a primary and its streaming replica
// (pg_basebackup -R), on free ports in a temporary directory, run as the postgres user when the test runs as root
// (initdb refuses root). Debian's binaries: /usr/lib/postgresql/<version>/bin.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";

const VERSIONS = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort().reverse() : [];
/** The newest installed server's bin directory, or undefined when no server binaries are installed. */
export const PG_BIN = VERSIONS.map((v) => `/usr/lib/postgresql/${v}/bin`).find((bin) => existsSync(`${bin}/initdb`));

const asRoot = process.getuid?.() === 0;
const postgresUser = asRoot ? spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }) : undefined;

function run(tool: string, args: string[]): string {
  const [command, all] = asRoot
    ? ["runuser", ["-u", "postgres", "--", join(PG_BIN!, tool), ...args]]
    : [join(PG_BIN!, tool), args];
  return execFileSync(command as string, all as string[], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export interface Cluster {
  port: number;
  dir: string;
  url(database?: string): string;
  start(): void;
  /** `immediate` is a crash as far as clients see: connections cut, no checkpoint. */
  stop(mode?: "fast" | "immediate"): void;
}

// NOTE: durability off (a test's data is thrown away), small memory, and only 127.0.0.1 and a socket in the
// cluster's own directory: nothing another cluster on this machine uses.
const SETTINGS = [
  "listen_addresses='127.0.0.1'",
  "fsync=off",
  "synchronous_commit=off",
  "full_page_writes=off",
  "shared_buffers=16MB",
  "max_connections=60",
  "wal_level=replica",
  "max_wal_senders=4",
  "hot_standby=on",
  "hot_standby_feedback=on",
];

function cluster(root: string, name: string, port: number): Cluster {
  const dir = join(root, name);
  return {
    port,
    dir,
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () =>
      void run("pg_ctl", ["start", "-w", "-D", dir, "-l", join(root, `${name}.log`), "-o", `-p ${port} -k ${root}`]),
    stop: (mode = "fast") => void run("pg_ctl", ["stop", "-w", "-D", dir, "-m", mode]),
  };
}

export interface ClusterSet {
  primary: Cluster;
  /** Makes the replica from the primary as it is now (start it yourself). */
  makeReplica(): Cluster;
  /** Stops both and removes the directory. */
  remove(): void;
}

/** A started primary with wal_level=replica in a fresh temporary directory. */
export async function startPrimary(): Promise<ClusterSet> {
  if (!PG_BIN) throw new Error("PostgreSQL's server binaries are not installed");
  const root = mkdtempSync(join(tmpdir(), "ff-cluster-"));
  if (postgresUser?.status === 0) {
    const uid = Number(postgresUser.stdout.trim());
    chownSync(root, uid, statSync(root).gid);
  }
  const primary = cluster(root, "primary", await freePort());
  const started: Cluster[] = [];
  run("initdb", ["-D", primary.dir, "-U", "postgres", "--auth=trust", "-N"]);
  // NOTE: appended, not `initdb -c` (PostgreSQL 16 and later only); the replica copies the file.
  appendFileSync(join(primary.dir, "postgresql.conf"), `\n${SETTINGS.join("\n")}\n`);
  primary.start();
  started.push(primary);
  const replicaPort = await freePort();
  return {
    primary,
    makeReplica() {
      const replica = cluster(root, "replica", replicaPort);
      run("pg_basebackup", [
        "-h",
        "127.0.0.1",
        "-p",
        String(primary.port),
        "-U",
        "postgres",
        "-D",
        replica.dir,
        "-R",
        "-X",
        "stream",
        "-c",
        "fast",
      ]);
      started.push(replica);
      return replica;
    },
    remove() {
      for (const each of started.reverse()) {
        try {
          each.stop("immediate");
        } catch {
          // already stopped
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
