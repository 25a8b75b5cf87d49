// /healthz: the process answers. /readyz: this instance can serve (docs/decisions/0037): the database answers a
// query, every migration this build carries is applied, and the email worker (when this process runs one) is alive.
// 503 when any check fails, and while the app closes (Fastify answers 503 to new requests then).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MIGRATIONS_DIR } from "../db/client";
import { DB_UNAVAILABLE } from "../db/unavailable";
import type { AppDeps } from "../types";

export interface Check {
  ok: boolean;
  detail?: string;
}

/** The newest migration this build carries (drizzle records each applied one's `when` as created_at). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * `checkEmail` comes from the email worker's domain (app.ts passes it), so this file names no domain.
 */
export async function healthRoutes(app: FastifyInstance, deps: Pick<AppDeps, "database">, checkEmail: () => Check) {
  const { database } = deps;
  const newest = newestMigration();
  let migrated = false;

  const checkDatabase = async (): Promise<Check> => {
    try {
      await database.ping();
      return { ok: true };
    } catch {
      return { ok: false, detail: "unreachable" };
    }
  };
  const checkMigrations = async (): Promise<Check> => {
    // NOTE: applied migrations never go away while the app runs: once seen, the query is not asked again.
    if (migrated) return { ok: true };
    try {
      const result = await database.db.execute(
        sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
      );
      const rows = (result as unknown as { rows: { last: string | null }[] }).rows;
      const last = Number(rows[0]?.last ?? 0);
      migrated = last >= newest;
      return migrated ? { ok: true } : { ok: false, detail: "pending" };
    } catch {
      return { ok: false, detail: "unknown" };
    }
  };
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    // Shutting down (http/drain.ts): still serving, but proxies and orchestrators should send new work elsewhere.
    if (app.draining) return reply.status(503).send({ status: "draining" });
    const db = await checkDatabase();
    // NOTE: after the ping, so an outage answers as promptly as the ping does (no second query left to time out).
    const migrations = db.ok ? await checkMigrations() : { ok: false, detail: "unknown" };
    const checks = { database: db, migrations, email: checkEmail() };
    if (checks.database.ok && checks.migrations.ok && checks.email.ok) {
      return { status: "ok", database: database.kind, checks };
    }
    // NOTE: a database outage keeps the answer every request gets then (message, code), so monitors and clients see
    // one shape; the checks say which part failed.
    const failure = checks.database.ok
      ? { message: "This instance is not ready to serve.", code: "NOT_READY" }
      : DB_UNAVAILABLE;
    return reply.status(503).send({ ...failure, status: "unavailable", database: database.kind, checks });
  });
}
