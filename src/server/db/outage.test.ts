// An outage between the app and PostgreSQL, staged with a TCP proxy on 127.0.0.1: while the database is
// down or hung, API requests answer 503 with a clear message (promptly) and /readyz answers 503;
// once it is back, the same app serves again without a restart.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type TestContext, createTestApp, send } from "../test/app";
import { TEST_DATABASE_URL } from "../test/database";
import { createVerifiedUserWithSession } from "../test/factories";
import { createScratchDatabase, type ScratchDatabase } from "../test/postgres";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy";
import { openDatabase } from "./client";
import { DB_UNAVAILABLE } from "./unavailable";

describe.skipIf(!TEST_DATABASE_URL)("[postgres] a database outage", () => {
  let scratch: ScratchDatabase;
  let proxy: TcpProxy;
  let ctx: TestContext;
  let headers: { cookie: string };
  const listStories = () => send(ctx.app, "GET", "/api/stories", undefined, headers);
  const ready = () => ctx.app.inject({ url: "/readyz" });

  beforeAll(async () => {
    scratch = await createScratchDatabase(TEST_DATABASE_URL!);
    const direct = new URL(scratch.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(scratch.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const database = await openDatabase({
      kind: "postgres",
      url: proxied.toString(),
      poolSize: 4,
      connectTimeoutMs: 1000,
      queryTimeoutMs: 1500,
    });
    ctx = await createTestApp("postgres", { database });
    ({ headers } = await createVerifiedUserWithSession(database.db));
  });
  afterEach(() => proxy.setState("up"));
  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.close();
    await proxy?.close();
    await scratch?.drop();
  });

  it("answers 503 while the database is down and serves again when it is back", async () => {
    expect((await Promise.all([listStories(), listStories()])).map((r) => r.statusCode)).toEqual([200, 200]);
    proxy.setState("down");
    for (let i = 0; i < 3; i++) {
      const response = await listStories();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ...DB_UNAVAILABLE, requestId: expect.any(String) });
    }
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({
      code: "DB_UNAVAILABLE",
      checks: { database: { ok: false }, migrations: { ok: false }, email: { ok: true } },
    });

    proxy.setState("up");
    expect((await listStories()).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(200);
  });

  it("answers 503 within seconds, not never, while the database stops answering", async () => {
    expect((await Promise.all([listStories(), listStories()])).map((r) => r.statusCode)).toEqual([200, 200]);
    proxy.setState("hang");
    const started = Date.now();
    const responses = await Promise.all([listStories(), listStories(), listStories(), listStories(), listStories()]);
    expect(responses.map((r) => r.statusCode)).toEqual([503, 503, 503, 503, 503]);
    expect(responses[0]!.json()).toEqual({ ...DB_UNAVAILABLE, requestId: expect.any(String) });
    expect((await ready()).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(8000);

    proxy.setState("up");
    expect((await listStories()).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(200);
  });
});
