// An attacker's failures cannot lock the owner out: a browser the account trusts (device cookie) and an address it
// signed in from lately each count in their own bucket; everything else shares the account's one bucket.
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { trustedDevices, users } from "../db/schema";
import { describeEachDb } from "../test/app";
import type { Mailer } from "../mail/mailer";
import { createVerifiedAccount, freshIp, type NewAccount, outboxLink, sendFrom } from "../test/accounts";
import { pruneTrustedDevices } from "./trusted-devices";

const LIMITED = { message: "Too many failed sign-in attempts. Please try again later.", code: "RATE_LIMITED" };
const DAY_MS = 24 * 60 * 60 * 1000;

function deviceCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "ff_device");
  if (!cookie) throw new Error(`no device cookie in response ${response.statusCode}: ${response.body}`);
  return `ff_device=${cookie.value}`;
}

const logIn = (app: FastifyInstance, ip: string, body: { email: string; password: string }, cookie?: string) =>
  sendFrom(app, ip, "POST", "/api/login", body, cookie ? { cookie } : {});

/** The emailed reset link; the email may be sent after the answer. */
async function resetLink(mailer: Mailer, email: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    try {
      return outboxLink(mailer, email, "/reset-password?token=");
    } catch (error) {
      if (tries >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Ten or more failures at the account from several addresses, none of them trusted. */
async function attack(app: FastifyInstance, account: NewAccount, times = 12) {
  for (let i = 0; i < times; i++) await logIn(app, freshIp(), { email: account.email, password: `Wr0ng!Pass${i}` });
}

describeEachDb("sign-in lockout resistance", (ctx) => {
  it("lets the owner's trusted browser sign in while an attacker has the account throttled for everyone else", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const owner = deviceCookie(await logIn(ctx().app, freshIp(), account));
    await attack(ctx().app, account);

    const fresh = await logIn(ctx().app, freshIp(), account);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json()).toMatchObject(LIMITED);
    expect(fresh.json().retryAfterSeconds).toBeGreaterThan(14 * 60);

    // From an address it never used: the cookie, not the address, is what is trusted here.
    const trusted = await logIn(ctx().app, freshIp(), account, owner);
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json()).toMatchObject({ email: account.email, firstSignIn: false });
  });

  it("lets the owner in from the address they last signed in from, even in a browser without the cookie", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const home = freshIp();
    expect((await logIn(ctx().app, home, account)).statusCode).toBe(200);
    await attack(ctx().app, account);

    expect((await logIn(ctx().app, freshIp(), account)).statusCode).toBe(429);
    expect((await logIn(ctx().app, home, account)).statusCode).toBe(200);
  });

  it("gives account B nothing for a device cookie account A set", async () => {
    const a = await createVerifiedAccount(ctx().app, ctx().mailer);
    const b = await createVerifiedAccount(ctx().app, ctx().mailer);
    const cookieOfA = deviceCookie(await logIn(ctx().app, freshIp(), a));
    await attack(ctx().app, b);
    const response = await logIn(ctx().app, freshIp(), b, cookieOfA);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject(LIMITED);
  });

  it("still throttles wrong passwords from the trusted browser, in a bucket of its own", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const owner = deviceCookie(await logIn(ctx().app, freshIp(), account));
    for (let i = 0; i < 10; i++) {
      const wrong = await logIn(ctx().app, freshIp(), { email: account.email, password: "Wr0ng!Pass" }, owner);
      expect(wrong.statusCode).toBe(401);
    }
    const blocked = await logIn(ctx().app, freshIp(), account, owner);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject(LIMITED);
    // Its failures never reached the bucket every other browser shares.
    expect((await logIn(ctx().app, freshIp(), account)).statusCode).toBe(200);
  });

  it("sets an httpOnly, SameSite=Strict cookie scoped to the sign-in route that several accounts can share", async () => {
    const a = await createVerifiedAccount(ctx().app, ctx().mailer);
    const b = await createVerifiedAccount(ctx().app, ctx().mailer);
    const first = await logIn(ctx().app, freshIp(), a);
    expect(first.cookies.find((c) => c.name === "ff_device")).toMatchObject({
      httpOnly: true,
      sameSite: "Strict",
      path: "/api/login",
      maxAge: 90 * 24 * 60 * 60,
    });
    const shared = deviceCookie(await logIn(ctx().app, freshIp(), b, deviceCookie(first)));
    expect(shared.split(".")).toHaveLength(2);
    // Only hashes are stored, one row per account the browser signed in to.
    const tokens = shared.slice("ff_device=".length).split(".");
    const rows = await ctx().database.db.select().from(trustedDevices);
    expect(rows.map((r) => r.id)).not.toContain(tokens[0]);

    await attack(ctx().app, a);
    await attack(ctx().app, b);
    expect((await logIn(ctx().app, freshIp(), a, shared)).statusCode).toBe(200);
    expect((await logIn(ctx().app, freshIp(), b, shared)).statusCode).toBe(200);
  });

  it("forgets trusted browsers and usual addresses when the password is reset", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const home = freshIp();
    const owner = deviceCookie(await logIn(ctx().app, home, account));
    expect((await sendFrom(ctx().app, freshIp(), "POST", "/api/forgot-password", account)).statusCode).toBe(200);
    const token = new URLSearchParams((await resetLink(ctx().mailer, account.email)).split("?")[1]).get("token");
    const password = "N3w!Password";
    const reset = await sendFrom(ctx().app, freshIp(), "POST", "/api/reset-password", { token, password });
    expect(reset.statusCode).toBe(200);

    await attack(ctx().app, account);
    expect((await logIn(ctx().app, freshIp(), { email: account.email, password }, owner)).statusCode).toBe(429);
    expect((await logIn(ctx().app, home, { email: account.email, password })).statusCode).toBe(429);
  });

  it("stops trusting a browser 90 days after its last sign-in and prunes its row", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const owner = deviceCookie(await logIn(ctx().app, freshIp(), account));
    const [user] = await ctx().database.db.select().from(users).where(eq(users.email, account.email));
    const mine = () => ctx().database.db.select().from(trustedDevices).where(eq(trustedDevices.userId, user!.id));
    expect(await mine()).toHaveLength(1);

    ctx().clock.advance(91 * DAY_MS);
    await attack(ctx().app, account);
    expect((await logIn(ctx().app, freshIp(), account, owner)).statusCode).toBe(429);
    expect(await pruneTrustedDevices(ctx().database.db, ctx().clock.now())).toBeGreaterThanOrEqual(1);
    expect(await mine()).toEqual([]);
  });
});

describeEachDb("first sign-in", (ctx) => {
  it("stamps users.last_sign_in_at and answers firstSignIn: true only the first time", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const lastSignIn = async () =>
      (await ctx().database.db.select().from(users).where(eq(users.email, account.email)))[0]!.lastSignInAt;
    expect(await lastSignIn()).toBeNull();

    const first = await logIn(ctx().app, freshIp(), account);
    expect(first.json()).toMatchObject({ email: account.email, firstSignIn: true });
    expect(await lastSignIn()).toEqual(ctx().clock.now());

    ctx().clock.advance(60_000);
    const second = await logIn(ctx().app, freshIp(), account);
    expect(second.json()).toMatchObject({ firstSignIn: false });
    expect(await lastSignIn()).toEqual(ctx().clock.now());
  });
});
