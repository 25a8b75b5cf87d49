// Growing out of the embedded database (issue 19 §5): `npm run migrate-to-postgres` copies a stopped PGlite
// DATA_DIR into an empty PostgreSQL database and changes nothing when run twice, against a database that is not
// empty or while the app holds DATA_DIR; `npm run backup` snapshots PGlite while the app runs, pg_dump PostgreSQL,
// and each restores into an app that reads the story back.
import { execFile, execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { seedBench } from "../../../bench/lib/seed-bench";
import { createDiskStorage } from "../images/storage/disk";
import { startAdminSocket } from "../admin/admin-socket";
import { createTestApp } from "../test/app";
import { copyOfPgliteTemplate, TEST_DATABASE_URL } from "../test/database";
import { createStory } from "../test/factories";
import { createScratchDatabase } from "../test/postgres";
import { type Entry, entryArgs } from "../test/built";
import { RestoreRefusedError, restoreSnapshot } from "./backup";
import { type Database, DataDirLockedError, openDatabase } from "./client";
import { MoveRefusedError, moveToPostgres, verifyCopy } from "./move-to-postgres";
import { images, stories } from "./schema";

const quiet = { info: () => {}, warn: () => {} };

async function cli(script: Entry, args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== "DATABASE_URL" && key !== "DATA_DIR"),
  );
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...entryArgs(script), ...args], {
      env: { ...clean, ...env },
      timeout: 90_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** The story as the app serves it to a signed-out reader. */
async function readThroughApp(database: Database, id: number) {
  const { app } = await createTestApp(database.kind, { database });
  try {
    const response = await app.inject({ method: "GET", url: `/api/stories/${id}/read` });
    return { status: response.statusCode, title: (response.json() as { title?: string }).title };
  } finally {
    await app.close();
  }
}

async function tableRows(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where relkind = 'r' and nspname in ('public', 'drizzle') order by 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of rows) {
      const schema = name === "__drizzle_migrations" ? "drizzle" : "public";
      counts[name] = Number((await client.query(`select count(*) as n from ${schema}."${name}"`)).rows[0].n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** What the planner believes each table holds (pg_class.reltuples, set by ANALYZE). */
async function plannerRows(url: string, names: string[]): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; n: number }>(
      "select relname as name, reltuples::int as n from pg_class where relname = any($1) and relkind = 'r'",
      [names],
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.n]));
  } finally {
    await client.end();
  }
}

const hasPgDump = (() => {
  try {
    execFileSync("pg_dump", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

if (TEST_DATABASE_URL && !hasPgDump)
  console.warn("pg_dump is not installed here: the pg_dump/pg_restore test is skipped.");

describe("moving to PostgreSQL", () => {
  it.skipIf(!TEST_DATABASE_URL)(
    "copies every table, images included, verified; refuses while the app runs, a second run and another app's database",
    async () => {
      const dataDir = copyOfPgliteTemplate();
      const target = await createScratchDatabase(TEST_DATABASE_URL!);
      const other = await createScratchDatabase(TEST_DATABASE_URL!);
      try {
        const source = await openDatabase({ kind: "pglite", dataDir });
        let story: Awaited<ReturnType<typeof createStory>>;
        let sourceImages: (typeof images.$inferSelect)[];
        try {
          await seedBench(source.db, createDiskStorage(join(dataDir, "images")), {
            stories: 30,
            users: 6,
            covers: 2,
            seed: 3,
          });
          // An image from before decision 0036, its bytes still in the row: bytea travels too.
          const bytes = randomBytes(2048);
          await source.db.insert(images).values({
            id: createHash("sha256").update(bytes).digest("hex"),
            mimeType: "image/png",
            width: 32,
            height: 32,
            data: bytes,
            thumbnail: bytes.subarray(0, 512),
          });
          story = await createStory(source.db, { title: "Moved whole", published: true, publishedAt: new Date() });
          sourceImages = await source.db.select().from(images).orderBy(asc(images.id));
          // The app is running (it holds DATA_DIR): refused, nothing written anywhere.
          await expect(moveToPostgres({ dataDir, targetUrl: target.url })).rejects.toBeInstanceOf(DataDirLockedError);
        } finally {
          await source.close();
        }
        expect(await tableRows(target.url)).toEqual({});

        const moved = await cli("migrate-to-postgres-cli", [target.url, "--data-dir", dataDir], {});
        expect(moved.out).toContain("Verified.");
        expect(moved.code).toBe(0);
        expect(moved.out).not.toContain("DIFFERS");
        expect(moved.out).toMatch(/public\.stories\s+34\s+34\s+same/);
        const after = await tableRows(target.url);
        expect(after).toMatchObject({ stories: 34, users: 11, images: 3 });
        // Statistics were gathered: a table never analyzed has reltuples -1 (the planner's guess for it is blind).
        expect(await plannerRows(target.url, ["stories", "users", "images"])).toEqual({
          stories: 34,
          users: 11,
          images: 3,
        });

        // Twice: refused (exit code 4), the target unchanged.
        // NOTE: in process (a second CLI start costs seconds); the CLI exits with the error's exitCode.
        const again = moveToPostgres({ dataDir, targetUrl: target.url });
        await expect(again).rejects.toMatchObject({
          exitCode: 4,
          message: expect.stringContaining("The target database is not empty: the table public.bookmarks has rows;"),
        });
        expect(await tableRows(target.url)).toEqual(after);

        // Another app's database: refused before FicForge's migrations touch it.
        const client = new pg.Client({ connectionString: other.url });
        await client.connect();
        await client.query("create table invoices (id int)");
        await client.end();
        await expect(moveToPostgres({ dataDir, targetUrl: other.url })).rejects.toThrow(
          new MoveRefusedError(
            "The target database is not empty: it has tables FicForge does not have (public.invoices), so it may be another app's database. migrate-to-postgres copies into an empty database only. Nothing was changed.",
            4,
          ),
        );
        expect(await tableRows(other.url)).toEqual({ invoices: 0 });

        // The app on the target: the story reads back, the images' bytes are equal, and new rows get fresh ids.
        const database = await openDatabase({ kind: "postgres", url: target.url, poolSize: 2 });
        try {
          expect(await readThroughApp(database, story.id)).toEqual({ status: 200, title: "Moved whole" });
          expect(await database.db.select().from(images).orderBy(asc(images.id))).toEqual(sourceImages);
          const next = await createStory(database.db, { authorId: story.authorId });
          expect(next.id).toBe(story.id + 1);
          const [first] = await database.db.select().from(stories).orderBy(asc(stories.id)).limit(1);
          expect(first?.id).toBe(1);
          // The read-back sees a single changed value (the checksum is not just a count).
          await database.db.delete(stories).where(eq(stories.id, next.id));
          await database.db.update(stories).set({ title: "Moved whole!" }).where(eq(stories.id, story.id));
        } finally {
          await database.close();
        }
        const check = await verifyCopy(dataDir, target.url);
        expect(check.ok).toBe(false);
        const differing = check.tables.filter((t) => t.sourceChecksum !== t.targetChecksum || t.rows !== t.targetRows);
        // (The app's read also counted itself: read_marks, read_salts, story_read_days gained rows.)
        expect(differing.map((t) => [t.table, t.rows, t.targetRows])).toContainEqual(["public.stories", 34, 34]);
        expect(differing.map((t) => t.table)).not.toContain("public.images");
      } finally {
        await target.drop();
        await other.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it("npm run backup snapshots PGlite while the app runs; the snapshot restores into a new DATA_DIR that serves the story", async () => {
    const dataDir = copyOfPgliteTemplate();
    const out = mkdtempSync(join(tmpdir(), "ff-backup-"));
    const restored = join(out, "restored");
    const database = await openDatabase({ kind: "pglite", dataDir });
    const socket = await startAdminSocket(dataDir, database.db, () => new Date(), quiet, database.snapshot);
    try {
      const story = await createStory(database.db, { title: "Backed up", published: true, publishedAt: new Date() });
      // Writes keep landing while the backup runs; the snapshot holds whole transactions only.
      const writing = Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          createStory(database.db, { title: `During ${i}`, published: true, publishedAt: new Date() }),
        ),
      );
      const backup = await cli("backup-cli", ["backup", "--out", out], { DATA_DIR: dataDir });
      await writing;
      expect(backup).toMatchObject({ code: 0, out: expect.stringContaining("Taken by the running app.") });
      const [file] = readdirSync(out).filter((name) => name.endsWith(".tar.gz"));
      expect(file).toMatch(/^ficforge-\d{8}T\d{6}Z\.tar\.gz$/);
      expect(await readThroughApp(database, story.id)).toEqual({ status: 200, title: "Backed up" });

      await restoreSnapshot(join(out, file!), restored);
      await expect(restoreSnapshot(join(out, file!), restored)).rejects.toBeInstanceOf(RestoreRefusedError);
      const copy = await openDatabase({ kind: "pglite", dataDir: restored });
      try {
        expect(await readThroughApp(copy, story.id)).toEqual({ status: 200, title: "Backed up" });
      } finally {
        await copy.close();
      }
    } finally {
      await socket.close();
      await database.close();
      rmSync(out, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.skipIf(!TEST_DATABASE_URL || !hasPgDump)(
    "npm run backup on PostgreSQL is a pg_dump that pg_restore brings back into a new database",
    async () => {
      // The run's migrated template: opening it runs no migration.
      const live = await createScratchDatabase(TEST_DATABASE_URL!, inject("postgresTemplate") || undefined);
      const fresh = await createScratchDatabase(TEST_DATABASE_URL!);
      const out = mkdtempSync(join(tmpdir(), "ff-pgdump-"));
      try {
        const database = await openDatabase({ kind: "postgres", url: live.url, poolSize: 2 });
        const story = await createStory(database.db, { title: "Dumped", published: true, publishedAt: new Date() });
        await database.close();
        const backup = await cli("backup-cli", ["backup", "--out", out], { DATABASE_URL: live.url });
        expect(backup).toMatchObject({ code: 0, out: expect.stringContaining("pg_dump") });
        const [file] = readdirSync(out);
        execFileSync("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", fresh.url, join(out, file!)]);
        const restored = await openDatabase({ kind: "postgres", url: fresh.url, poolSize: 2 });
        try {
          expect(await readThroughApp(restored, story.id)).toEqual({ status: 200, title: "Dumped" });
        } finally {
          await restored.close();
        }
      } finally {
        await live.drop();
        await fresh.drop();
        rmSync(out, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
