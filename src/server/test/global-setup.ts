// Once per test run, one migrated template per database, so no test file runs the migrations itself
// (docs/decisions/0003-test-databases.md): a PGlite data directory dumped to a tarball that every file loads,
// and, when TEST_DATABASE_URL is set, a PostgreSQL database that every scratch database is created from.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { MIGRATIONS_DIR, openDatabase } from "../db/client";
import { createScratchDatabase, type ScratchDatabase } from "./postgres";

function migrationsHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest("hex").slice(0, 16);
}

async function pgliteTemplate(): Promise<string> {
  const path = join(tmpdir(), `ficforge-pglite-template-${migrationsHash()}.tar`);
  if (!existsSync(path)) {
    const client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir("none");
    await client.close();
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  }
  return path;
}

/** A migrated database on the test server, named for this run; the teardown drops it. */
async function postgresTemplate(adminUrl: string): Promise<ScratchDatabase> {
  const template = await createScratchDatabase(adminUrl);
  // NOTE: the name is the run's own, so runs sharing a server never copy a template another run is migrating.
  const database = await openDatabase({ kind: "postgres", url: template.url, poolSize: 1 });
  await database.close();
  return template;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // NOTE: as src/server/test/database.ts reads it; that module needs a test worker (vitest's inject).
  const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
  const [pglitePath, postgres] = await Promise.all([
    pgliteTemplate(),
    TEST_DATABASE_URL ? postgresTemplate(TEST_DATABASE_URL) : undefined,
  ]);
  project.provide("pgliteTemplate", pglitePath);
  project.provide("postgresTemplate", postgres?.name ?? "");
  return async () => {
    await postgres?.drop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database scratch databases copy; empty without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}
