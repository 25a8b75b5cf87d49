import fs from "node:fs";
import { join, resolve, sep } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { copyOfPgliteTemplate } from "../test/database";
import { DataDirLockedError, openDatabase } from "./client";
import { exposedEntries } from "./private-data-dir";

// NOTE: copies of the run's migrated directory: the lock is under test here, not the migrations (a fresh directory
// costs ~4 CPU-seconds of them per open; the journeys' server and the template itself start from empty ones).

describe("the PGlite data directory lock", () => {
  it("refuses a second opener of the same directory until the first closes", async () => {
    const dataDir = copyOfPgliteTemplate();
    const first = await openDatabase({ kind: "pglite", dataDir });
    const second = openDatabase({ kind: "pglite", dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`The data directory ${dataDir} is in use by another FicForge process`);
    // Refused before it looks inside: walking the files of a database that is shutting down met a vanished
    // postmaster.pid (ENOENT) and ended the second start with a stack trace instead of this message.
    const looked = vi.spyOn(fs, "lstatSync");
    try {
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
      const inside = looked.mock.calls.filter(([path]) => resolve(String(path)).startsWith(resolve(dataDir) + sep));
      expect(inside).toEqual([]);
    } finally {
      looked.mockRestore();
    }
    await first.close();
    const third = await openDatabase({ kind: "pglite", dataDir });
    await third.ping();
    await third.close();
  }, 180_000);
});

describe("a stale lock", () => {
  it("is taken over when its owner process is gone", async () => {
    const { writeFileSync } = await import("node:fs");
    const dataDir = copyOfPgliteTemplate();
    // PID 2^22 + 1 is above Linux's pid_max ceiling, so no process can own it.
    writeFileSync(join(dataDir, "ficforge.lock"), JSON.stringify({ pid: 4_194_305, token: "x" }));
    const database = await openDatabase({ kind: "pglite", dataDir });
    await database.close();
  }, 180_000);
});

describe("the privacy walk", () => {
  it("passes over an entry that vanishes between its directory's listing and its lstat", () => {
    const dataDir = copyOfPgliteTemplate();
    const listed = vi.spyOn(fs, "readdirSync").mockImplementationOnce(() => ["postmaster.pid"] as never);
    try {
      expect(exposedEntries(dataDir)).toEqual(expect.any(Array));
      expect(listed).toHaveBeenCalled();
    } finally {
      listed.mockRestore();
    }
  });
});
