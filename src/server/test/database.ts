// Test databases: PGlite in memory always; a fresh PostgreSQL database when TEST_DATABASE_URL is set. Both start
// from the run's migrated templates (global-setup.ts), so opening one runs no migration.
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { createScratchDatabase } from "./postgres";

export type DbKind = "pglite" | "postgres";

/** The server's admin URL; each test file makes its own databases there. Unset: PostgreSQL tests skip. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export const DB_KINDS: DbKind[] = TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

let template: Blob | undefined;
function pgliteTemplate(): Blob {
  template ??= new Blob([readFileSync(inject("pgliteTemplate"))]);
  return template;
}

export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === "pglite") return openDatabase({ kind: "pglite", template: pgliteTemplate() });
  const scratch = await createScratchDatabase(TEST_DATABASE_URL!, inject("postgresTemplate") || undefined);
  const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
