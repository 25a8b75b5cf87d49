// PostgreSQL as an administrator sees it in tests: scratch databases, and killing the app's connections.
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the server of adminUrl: empty, or a copy of `template` (a database nobody is connected to);
 * drop() removes it, closing what is still connected. Its name starts with TEST_DATABASE_PREFIX when set (a shared
 * server's naming rule), "ficforge_t_" otherwise.
 *
 * With `runTag` (a test run's scratch databases, src/server/test/database.ts) the name starts with the tag and drop()
 * only marks it done: the run drops them all together at its end (dropScratchDatabasesOf). One DROP DATABASE waits
 * for a checkpoint of the whole server (0.2–3 s on this machine under load); dropped side by side, the drops share
 * their checkpoints (six took 0.34 s), and no test worker waits for one.
 */
export async function createScratchDatabase(
  adminUrl: string,
  template?: string,
  runTag?: string,
): Promise<ScratchDatabase> {
  const name = `${runTag ? `${runTag}_` : (process.env.TEST_DATABASE_PREFIX ?? "ficforge_t_")}${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ""}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (runTag) return;
      await asAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Drops every database whose name starts with `${runTag}_`, a few at a time; answers how many. */
export async function dropScratchDatabasesOf(adminUrl: string, runTag: string, parallel = 8): Promise<number> {
  const prefix = `${runTag}_`;
  const names = await asAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where left(datname, length($1)) = $1",
      [prefix],
    );
    return rows.map((row) => row.datname);
  });
  const queue = [...names];
  const worker = () =>
    asAdmin(adminUrl, async (admin) => {
      for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
        await admin.query(`drop database if exists "${name}" with (force)`);
      }
    });
  await Promise.all(Array.from({ length: Math.min(parallel, names.length) }, worker));
  return names.length;
}

/**
 * pg_terminate_backend on every connection to the database, as an operator or a server restart does;
 * resolves once the server has closed them all. Returns how many were terminated.
 */
export async function terminateBackends(adminUrl: string, name: string, exceptPids: number[] = []): Promise<number> {
  return asAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and pid <> all($2::int[])",
      [name, exceptPids],
    );
    const pids = rows.map((row) => row.pid);
    await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [pids]);
    for (let attempt = 0; attempt < 100; attempt++) {
      const alive = await admin.query("select 1 from pg_stat_activity where pid = any($1::int[])", [pids]);
      if (alive.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // NOTE: the server has closed the sockets; give the app's side a moment to read the goodbye.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return pids.length;
  });
}
