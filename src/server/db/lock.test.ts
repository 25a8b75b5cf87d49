import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyOfPgliteTemplate } from "../test/database";
import { DataDirLockedError, openDatabase } from "./client";

// NOTE: copies of the run's migrated directory: the lock is under test here, not the migrations (a fresh directory
// costs ~4 CPU-seconds of them per open; the journeys' server and the template itself start from empty ones).

describe("the PGlite data directory lock", () => {
  it("refuses a second opener of the same directory until the first closes", async () => {
    const dataDir = copyOfPgliteTemplate();
    const first = await openDatabase({ kind: "pglite", dataDir });
    const second = openDatabase({ kind: "pglite", dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`The data directory ${dataDir} is in use by another FicForge process`);
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
