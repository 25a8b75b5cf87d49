// The data directory is private: 0700 directories and 0600 files, even though PGlite chmods what it creates to 0666.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { copyOfPgliteTemplate } from "../test/database";
import { openDatabase } from "./client";
import { exposedEntries } from "./private-data-dir";

const scratch = mkdtempSync(join(tmpdir(), "ficforge-private-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("opens PGlite in a directory no one else can read, fixing what an older version left open", async () => {
  // An install from before (the run's migrated database, copied): everything world-writable, as PGlite left it.
  const dataDir = copyOfPgliteTemplate();
  for (const name of readdirSync(dataDir, { recursive: true, encoding: "utf8" })) {
    const path = join(dataDir, name);
    chmodSync(path, statSync(path).isDirectory() ? 0o777 : 0o666);
  }
  mkdirSync(join(dataDir, "images"), { recursive: true });
  chmodSync(dataDir, 0o777);
  writeFileSync(join(dataDir, "images", "cover.webp"), "x");
  chmodSync(join(dataDir, "images", "cover.webp"), 0o666);

  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.db.execute("create table private_check (secret text)");
    await database.db.execute("insert into private_check values ('hash')");
    expect(exposedEntries(dataDir)).toEqual([]);
  } finally {
    await database.close();
  }
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  expect(statSync(join(dataDir, "images", "cover.webp")).mode & 0o777).toBe(0o600);
  // WAL, heap files, the lock: nothing under the directory lets group or others in after the database wrote to it.
  expect(exposedEntries(dataDir)).toEqual([]);

  // Paths outside a data directory keep the mode they ask for.
  const elsewhere = join(scratch, "public.txt");
  writeFileSync(elsewhere, "x", { mode: 0o644 });
  chmodSync(elsewhere, 0o644);
  expect(statSync(elsewhere).mode & 0o777).toBe(0o644);
});
