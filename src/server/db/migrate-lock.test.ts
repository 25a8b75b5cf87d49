// Several instances starting together on a fresh PostgreSQL database take turns in the migrator.
import { describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "../test/database";
import { createScratchDatabase } from "../test/postgres";
import { openDatabase } from "./client";

describe.skipIf(!TEST_DATABASE_URL)("[postgres] migrating", () => {
  it("lets three instances start at once on a fresh database", async () => {
    // NOTE: a few rounds, since an unguarded race does not lose every time.
    for (let round = 0; round < 3; round++) {
      const scratch = await createScratchDatabase(TEST_DATABASE_URL!);
      try {
        const open = () => openDatabase({ kind: "postgres", url: scratch.url, poolSize: 2 });
        const results = await Promise.allSettled([open(), open(), open()]);
        for (const result of results) if (result.status === "fulfilled") await result.value.close();
        expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok", "ok"]);
      } finally {
        await scratch.drop();
      }
    }
  }, 60_000);
});
