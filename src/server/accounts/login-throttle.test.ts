// The sign-in failure limits: 10 failures per 15 minutes per account and per IP, then 429.
import { expect, it } from "vitest";
import { buildApp } from "../app";
import { describeEachDb } from "../test/app";
import { createVerifiedAccount, freshIp, sendFrom } from "../test/accounts";

const WINDOW_MS = 15 * 60 * 1000;
const LIMITED = "Too many failed sign-in attempts. Please try again later.";

describeEachDb("sign-in rate limits", (ctx) => {
  it("blocks an account after 10 failures from any IPs, even with the right password, until the window ends", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    for (let i = 0; i < 10; i++) {
      const response = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", {
        ...account,
        password: "Wr0ng!Pass",
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: LIMITED, code: "RATE_LIMITED" });
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(blocked.json().retryAfterSeconds).toBeLessThanOrEqual(15 * 60);

    ctx().clock.advance(WINDOW_MS);
    const after = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account);
    expect(after.statusCode).toBe(200);
  });

  it("blocks an IP after 10 failures across different accounts", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const response = await sendFrom(ctx().app, ip, "POST", "/api/login", {
        email: `guess${i}@example.com`,
        password: "Wr0ng!Pass",
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await sendFrom(ctx().app, ip, "POST", "/api/login", account);
    expect(blocked.statusCode).toBe(429);
    expect((await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account)).statusCode).toBe(200);
  });

  it("forgets an account's earlier failures after a successful sign-in", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    for (let i = 0; i < 9; i++) {
      await sendFrom(ctx().app, freshIp(), "POST", "/api/login", { ...account, password: "Wr0ng!Pass" });
    }
    expect((await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      await sendFrom(ctx().app, freshIp(), "POST", "/api/login", { ...account, password: "Wr0ng!Pass" });
    }
    expect((await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account)).statusCode).toBe(200);
  });

  it("counts across app instances that share the database", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const second = await buildApp(ctx().deps, { logger: false });
    try {
      for (let i = 0; i < 10; i++) {
        const app = i % 2 === 0 ? ctx().app : second;
        await sendFrom(app, freshIp(), "POST", "/api/login", { ...account, password: "Wr0ng!Pass" });
      }
      // Five failures reached each instance; only a shared count blocks at ten.
      expect((await sendFrom(second, freshIp(), "POST", "/api/login", account)).statusCode).toBe(429);
      expect((await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
