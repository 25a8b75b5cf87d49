// Once per test run, one migrated template per database, so no test database runs the migrations itself
// (docs/decisions/0003-test-databases.md): a PGlite data directory on disk that each test database copies, and,
// when TEST_DATABASE_URL is set, a PostgreSQL database that each scratch database is created from.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statfsSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { TestProject } from "vitest/node";
import { MIGRATIONS_DIR, openDatabase } from "../db/client";
import { createScratchDatabase, dropScratchDatabasesOf, type ScratchDatabase } from "./postgres";

const require = createRequire(import.meta.url);

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

/**
 * A migrated PGlite data directory, kept in the temp directory under a hash of the migrations and PGlite's version.
 * Built in a directory of its own and renamed into place, so concurrent runs never see half of one.
 */
async function pgliteTemplate(): Promise<string> {
  // NOTE: the package exports no package.json; it sits above the resolved entry (dist/index.js).
  const entry = require.resolve("@electric-sql/pglite");
  const version = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")).version;
  const path = join(tmpdir(), `ficforge-pglite-template-${migrationsHash()}-${version}`);
  if (!existsSync(path)) {
    const partial = `${path}.${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    const database = await openDatabase({ kind: "pglite", dataDir: partial });
    await database.close();
    try {
      renameSync(partial, path);
    } catch {
      // Another run got there first with the same migrations.
      rmSync(partial, { recursive: true, force: true });
    }
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

/**
 * Where this run's PGlite copies go: the shared-memory tmpfs when it has room, else the temp directory. Each suite
 * copies 40 MB and removes it at its end; on this machine's ext4 /tmp under load a copy took 0.4–0.7 s and the
 * removal 1.8–2.7 s, on /dev/shm 0.16–0.4 s and 0.05–0.2 s. A container's default /dev/shm (64 MB) is too small,
 * so it is used only with 2 GB free (at most one copy per worker lives at a time, plus removals under way).
 */
function copiesParent(): string {
  try {
    const shm = statfsSync("/dev/shm");
    if (shm.bavail * shm.bsize >= 2 * 1024 ** 3) return "/dev/shm";
  } catch {
    // No /dev/shm (not Linux).
  }
  return tmpdir();
}

interface Templates {
  pglite: string;
  pgliteCopies: string;
  postgres?: ScratchDatabase;
}

async function makeTemplates(): Promise<Templates> {
  // NOTE: as src/server/test/database.ts reads it; that module needs a test worker (vitest's inject).
  const adminUrl = process.env.TEST_DATABASE_URL || undefined;
  const [pglite, postgres] = await Promise.allSettled([
    pgliteTemplate(),
    adminUrl ? postgresTemplate(adminUrl) : undefined,
  ]);
  if (pglite.status === "rejected" || postgres.status === "rejected") {
    if (postgres.status === "fulfilled") await postgres.value?.drop();
    throw pglite.status === "rejected" ? pglite.reason : (postgres as PromiseRejectedResult).reason;
  }
  // The copies of this run's PGlite databases live here, so a crashed test leaves nothing behind the run.
  return {
    pglite: pglite.value,
    postgres: postgres.value,
    pgliteCopies: mkdtempSync(join(copiesParent(), "ficforge-test-dbs-")),
  };
}

// NOTE: vitest calls this once per project (vitest.config.ts has two); they share one set of templates.
const run = globalThis as { ficforgeTemplates?: Promise<Templates>; ficforgeProjects?: number };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  run.ficforgeProjects = (run.ficforgeProjects ?? 0) + 1;
  run.ficforgeTemplates ??= makeTemplates();
  const templates = await run.ficforgeTemplates;
  project.provide("pgliteTemplate", templates.pglite);
  project.provide("pgliteCopies", templates.pgliteCopies);
  project.provide("postgresTemplate", templates.postgres?.name ?? "");
  return async () => {
    run.ficforgeProjects = (run.ficforgeProjects ?? 1) - 1;
    if (run.ficforgeProjects > 0) return;
    run.ficforgeTemplates = undefined;
    rmSync(templates.pgliteCopies, { recursive: true, force: true });
    if (templates.postgres) {
      // The suites' scratch databases were left for now (createScratchDatabase with the run's tag): drop them together.
      await Promise.all([
        dropScratchDatabasesOf(process.env.TEST_DATABASE_URL!, templates.postgres.name),
        templates.postgres.drop(),
      ]);
    }
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (its database in pglite/) that each test database copies. */
    pgliteTemplate: string;
    /** Where this run's copies go; removed at the end of the run. */
    pgliteCopies: string;
    /**
     * The migrated PostgreSQL database scratch databases copy; empty without TEST_DATABASE_URL. Also their names'
     * start: the run drops `${postgresTemplate}_…` at its end.
     */
    postgresTemplate: string;
  }
}
