// Backups of the embedded database (issue 19 §5): a snapshot of the PGlite data directory as a gzipped tarball,
// taken by whoever holds DATA_DIR (the running app through its admin socket, or `npm run backup` itself when the app
// is stopped), and a restore into a new data directory. PostgreSQL is backed up with pg_dump (README).
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { openDatabase } from "./client";

export interface Snapshot {
  path: string;
  bytes: number;
}

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

/** Writes a snapshot into dir as ficforge-YYYYMMDDTHHMMSSZ.tar.gz (readable by this user only). */
export async function writeSnapshot(snapshot: () => Promise<Blob>, dir: string, now = new Date()): Promise<Snapshot> {
  const target = resolve(dir);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  const bytes = new Uint8Array(await (await snapshot()).arrayBuffer());
  const path = join(target, `ficforge-${stamp(now)}.tar.gz`);
  // Written beside, then renamed: a half-written file never carries the final name.
  const partial = `${path}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, path);
  return { path, bytes: bytes.byteLength };
}

export class RestoreRefusedError extends Error {}

/** Opens a snapshot as the database of a new, empty data directory (running the app's migrations on it). */
export async function restoreSnapshot(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreRefusedError(
      `${dataDir} is not empty. Restore into a new directory, then point DATA_DIR at it. Nothing was changed.`,
    );
  }
  const template = new Blob([await readFile(file)]);
  const database = await openDatabase({ kind: "pglite", dataDir, template });
  await database.close();
}
