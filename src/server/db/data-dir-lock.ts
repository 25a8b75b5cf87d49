// An exclusive lock on the PGlite data directory. PGlite has no lock of its own, and two processes
// on one directory silently lose writes.
// NOTE: the lock file names its owner's PID and is stale only when that process is gone. A heartbeat
// lock (mtime refreshed on a timer) was tried first: PGlite's first start blocks the event loop for
// longer than any sensible stale threshold, so a second opener took over a live lock.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function ownerOf(path: string): number | undefined {
  try {
    const pid = Number(JSON.parse(readFileSync(path, "utf8")).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws DataDirLockedError; answers the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, "ficforge.lock");
  const token = `${process.pid}:${Date.now()}:${Math.random()}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify({ pid: process.pid, token, since: new Date().toISOString() }), { flag: "wx" });
      const release = () => {
        try {
          if (JSON.parse(readFileSync(path, "utf8")).token === token) rmSync(path);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return () => {
        process.removeListener("exit", release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = ownerOf(path);
      if (owner !== undefined && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another FicForge process (pid ${owner}). Stop that process first, or set DATA_DIR to another directory.`,
        );
      }
      // The owner is gone (a crash or kill -9): the lock is stale.
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
