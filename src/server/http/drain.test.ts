// The shutdown drain on a bare Fastify app (no database): while draining, reads through a trusted proxy are turned
// away and everything else is served with Connection: close; after the drain the listener is closed, a request in
// flight still finishes, and the cap cuts one that runs too long.
import { request as httpRequest } from "node:http";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { drainAndClose, RESTARTING, registerDrain } from "./drain";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close().catch(() => {});
});

async function started(slowMs: number) {
  const app = Fastify({ trustProxy: "127.0.0.1" });
  apps.push(app);
  registerDrain(app);
  app.get("/read", async () => ({ ok: true }));
  app.post("/write", async () => ({ ok: true }));
  app.get("/slow", async () => {
    await new Promise((resolve) => setTimeout(resolve, slowMs));
    return { slow: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { app, port };
}

/** One request on a fresh connection: status, Connection header and body. */
function call(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    const req = httpRequest({ port, host: "127.0.0.1", method, path, headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const proxied = { "x-forwarded-for": "203.0.113.7" };

describe("the shutdown drain", () => {
  it("turns proxied reads away, serves the rest with Connection: close, then lets in-flight requests finish", async () => {
    const { app, port } = await started(400);
    expect((await call(port, "GET", "/read", proxied)).status).toBe(200);
    const slow = call(port, "GET", "/slow");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drained = drainAndClose(app, { drainMs: 150, timeoutMs: 2_000 });

    const shed = await call(port, "GET", "/read", proxied);
    expect([shed.status, JSON.parse(shed.body)]).toEqual([503, RESTARTING]);
    const direct = await call(port, "GET", "/read");
    expect([direct.status, direct.connection]).toEqual([200, "close"]);
    const write = await call(port, "POST", "/write", proxied);
    expect([write.status, write.connection]).toEqual([200, "close"]);

    // After the drain the listener is closed, while /slow is still running.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(call(port, "GET", "/read")).rejects.toThrow(/ECONNREFUSED/);
    expect(await slow).toMatchObject({ status: 200, body: '{"slow":true}' });
    expect(await drained).toBe(true);
  });

  it("cuts a request that outlives the cap and says so", async () => {
    const { app, port } = await started(5_000);
    const slow = call(port, "GET", "/slow").catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await drainAndClose(app, { drainMs: 0, timeoutMs: 200 })).toBe(false);
    expect(await slow).toMatch(/socket hang up|ECONNRESET/);
  });
});
