// PostgreSQL ends the app's connections (pg_terminate_backend, as an operator or a restart does):
// the process lives, the request that lost its query answers 503, and the next one succeeds.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestContext, createTestApp, send } from "../test/app";
import { TEST_DATABASE_URL } from "../test/database";
import { createVerifiedUserWithSession } from "../test/factories";
import { createScratchDatabase, type ScratchDatabase, terminateBackends } from "../test/postgres";
import { openDatabase } from "./client";
import { DB_UNAVAILABLE, isDatabaseUnavailable } from "./unavailable";

describe.skipIf(!TEST_DATABASE_URL)("[postgres] losing database connections", () => {
  const adminUrl = TEST_DATABASE_URL!;
  let scratch: ScratchDatabase;
  let ctx: TestContext;
  let headers: { cookie: string };
  const listStories = () => send(ctx.app, "GET", "/api/stories", undefined, headers);

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl);
    const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
    ctx = await createTestApp("postgres", { database });
    ({ headers } = await createVerifiedUserWithSession(database.db));
  });
  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.close();
    await scratch?.drop();
  });

  it("survives the termination of its idle connections and serves the next request", async () => {
    // Several requests at once leave several idle connections in the pool.
    const warm = await Promise.all(Array.from({ length: 4 }, listStories));
    expect(warm.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await terminateBackends(adminUrl, scratch.name)).toBeGreaterThan(1);
    expect((await listStories()).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: "/readyz" })).statusCode).toBe(200);
  });

  it("fails a query cut off while it runs as unavailable, and the next one succeeds", async () => {
    await Promise.all(Array.from({ length: 3 }, listStories));
    // NOTE: then() right away: a drizzle query only starts when it is awaited.
    const sleeping = ctx.database.db.execute(sql`select pg_sleep(30)`).then(
      () => undefined,
      (e: unknown) => e,
    );
    await waitForActiveQuery(adminUrl, scratch.name, "pg_sleep");
    await terminateBackends(adminUrl, scratch.name);
    const error = await sleeping;
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((await listStories()).statusCode).toBe(200);
  });

  it("survives losing a connection checked out for a transaction", async () => {
    const transaction = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // The connection now sits checked out, idle in its transaction, when the server ends it.
      await terminateBackends(adminUrl, scratch.name);
      await tx.execute(sql`select 1`);
    });
    const error = await transaction.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((await listStories()).statusCode).toBe(200);
  });

  it("answers only 200s and 503s when its connections are ended under load, and recovers", async () => {
    const load = Array.from({ length: 40 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 5));
      return (await listStories()).statusCode;
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await terminateBackends(adminUrl, scratch.name);
    const statuses = await Promise.all(load);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await listStories()).statusCode).toBe(200);
  });

  it("answers a request whose connection is terminated mid-query with 503 and a clear message", async () => {
    // Another session holds a lock the request needs, so the request is surely in flight when its backend dies. (The
    // stories table: the signed-in session itself may come from the session cache, decision 0035, without a query.)
    const locker = new pg.Client({ connectionString: scratch.url });
    await locker.connect();
    try {
      const { rows } = await locker.query<{ pid: number }>("select pg_backend_pid() as pid");
      const lockerPid = rows[0]!.pid;
      await locker.query("begin; lock table stories in access exclusive mode");
      const inFlight = listStories();
      await waitForActiveQuery(adminUrl, scratch.name, "stories", lockerPid);
      await terminateBackends(adminUrl, scratch.name, [lockerPid]);
      const response = await inFlight;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ...DB_UNAVAILABLE, requestId: expect.any(String) });
    } finally {
      await locker.end();
    }
    expect((await listStories()).statusCode).toBe(200);
  });
});

async function waitForActiveQuery(adminUrl: string, name: string, text: string, exceptPid = 0): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; attempt < 250; attempt++) {
      const { rowCount } = await admin.query(
        "select 1 from pg_stat_activity where datname = $1 and state = 'active' and pid <> $2 and query like $3",
        [name, exceptPid, `%${text}%`],
      );
      if (rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no active query like ${text}`);
  } finally {
    await admin.end();
  }
}
