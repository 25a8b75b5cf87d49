// Test databases: PGlite always; a fresh PostgreSQL database when TEST_DATABASE_URL is set. Both start
// from the run's migrated templates (global-setup.ts), so opening one runs no migration.
import { cpSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { createScratchDatabase } from "./postgres";

export type DbKind = "pglite" | "postgres";

/** The server's admin URL; each test file makes its own databases there. Unset: PostgreSQL tests skip. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export const DB_KINDS: DbKind[] = TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * A copy of the run's migrated PGlite data directory, for a DATA_DIR: opening it runs no migration (a fresh
 * directory costs ~4 CPU-seconds more). The run removes it at the end.
 */
export function copyOfPgliteTemplate(): string {
  const dataDir = mkdtempSync(join(inject("pgliteCopies"), "db-"));
  cpSync(inject("pgliteTemplate"), dataDir, { recursive: true });
  return dataDir;
}

/**
 * A copy of the run's migrated PGlite data directory, opened like DATA_DIR is: copying 40 MB of files and opening
 * them measured 0.5 s against 3-4 s for loading the same directory from a tarball into memory.
 */
async function openPgliteCopy(): Promise<Database> {
  const dataDir = copyOfPgliteTemplate();
  const database = await openDatabase({ kind: "pglite", dataDir });
  return {
    ...database,
    async close() {
      await database.close();
      // NOTE: not waited for (the next suite need not wait on the disk); what a worker's exit cuts short, the run's
      // end removes with the rest of its copies.
      void rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === "pglite") return openPgliteCopy();
  const template = inject("postgresTemplate") || undefined;
  // Named for the run, which drops it at its end with the others (createScratchDatabase's runTag).
  const scratch = await createScratchDatabase(TEST_DATABASE_URL!, template, template);
  const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
