// Per-address limits on sign-up, resend, forgot and reset live in the database: every app instance shares them,
// and a request is counted before the route does any work.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app";
import { describeEachDb } from "../test/app";
import { freshIp, sendFrom } from "../test/accounts";

const LIMITED = { message: "Too many requests. Please try again later.", code: "RATE_LIMITED" };

// Cheap requests each route answers without sending mail or hashing a password.
const ROUTES = [
  { url: "/api/register", max: 50, body: () => ({ username: "x" }) },
  { url: "/api/resend-verification", max: 10, body: () => ({ email: `nobody-${freshIp()}@example.com` }) },
  { url: "/api/forgot-password", max: 10, body: () => ({ email: `nobody-${freshIp()}@example.com` }) },
  { url: "/api/reset-password", max: 20, body: () => ({ token: "not-a-token", password: "N3w!Password" }) },
];

describeEachDb("per-address limits shared by every instance", (ctx) => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp(ctx().deps, { logger: false });
  });
  afterAll(async () => {
    await second.close();
  });

  for (const route of ROUTES) {
    it(`allows ${route.max} requests to ${route.url} per address across two instances, then 429`, async () => {
      const ip = freshIp();
      for (let i = 0; i < route.max; i++) {
        const app = i % 2 === 0 ? ctx().app : second;
        expect((await sendFrom(app, ip, "POST", route.url, route.body())).statusCode).not.toBe(429);
      }
      for (const app of [ctx().app, second]) {
        const limited = await sendFrom(app, ip, "POST", route.url, route.body());
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject(LIMITED);
        expect(limited.json().retryAfterSeconds).toBe(15 * 60);
      }
      expect((await sendFrom(second, freshIp(), "POST", route.url, route.body())).statusCode).not.toBe(429);
    });
  }

  it("counts simultaneous requests before answering any of them", async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sendFrom(i % 2 === 0 ? ctx().app : second, ip, "POST", "/api/forgot-password", ROUTES[2]!.body()),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});
