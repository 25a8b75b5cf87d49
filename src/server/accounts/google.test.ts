// Google sign-in end to end against a local OpenID Connect provider: new user, linking, refusals.
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, expect, it } from "vitest";
import { users } from "../db/schema";
import { describeEachDb, send, sessionCookie, TEST_APP_URL, type TestContext } from "../test/app";
import { startOidcPeer } from "../test/oidc-peer";
import { createVerifiedAccount, logInCookie } from "./test-accounts";

const oidc = await startOidcPeer();
afterAll(() => oidc.close());
const FAILED = "/auth?error=oauth_sync_failed";

const pendingCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === "ff_oauth");
  if (!cookie) throw new Error("no ff_oauth cookie");
  return cookie;
};

/** Starts at /api/auth/google, lets the provider answer, and returns the callback path and the state cookie. */
async function throughProvider(ctx: TestContext) {
  const start = await send(ctx.app, "GET", "/api/auth/google");
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${oidc.issuer}/authorize`);
  const q = authorizeUrl.searchParams;
  expect(q.get("redirect_uri")).toBe(`${TEST_APP_URL}/api/auth/google/callback`);
  expect(q.get("code_challenge_method")).toBe("S256");
  expect(q.get("scope")).toBe("openid email profile");
  expect(q.get("state")?.length).toBeGreaterThan(20);
  expect(q.get("nonce")?.length).toBeGreaterThan(20);
  const cookie = pendingCookie(start);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/google", maxAge: 600 });

  const back = await oidc.authorize(authorizeUrl.href);
  expect(back.origin).toBe(TEST_APP_URL);
  return { path: back.pathname + back.search, cookie: `ff_oauth=${cookie.value}`, state: q.get("state")! };
}

async function callback(ctx: TestContext, path: string, cookie?: string) {
  const response = await ctx.app.inject({ method: "GET", url: path, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(302);
  return response;
}

describeEachDb(
  "Google sign-in",
  (ctx) => {
    it("says Google is available", async () => {
      expect((await send(ctx().app, "GET", "/api/auth/providers")).json()).toEqual({ google: true });
    });

    it("creates a verified user with a derived username and signs them in", async () => {
      oidc.signInAs({
        sub: "g-new-1",
        email: "Ada.Lovelace@gmail.test",
        email_verified: true,
        name: "Ada Lovelace-Byron",
      });
      const { path, cookie } = await throughProvider(ctx());
      const done = await callback(ctx(), path, cookie);
      expect(done.headers.location).toBe("/auth-success");
      expect(pendingCookie(done).value).toBe("");

      const me = await send(ctx().app, "GET", "/api/user", undefined, { cookie: sessionCookie(done) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        username: "Ada_Lovelace_By",
        email: "Ada.Lovelace@gmail.test",
        emailVerified: true,
        authProvider: "google",
      });
      const [row] = await ctx().database.db.select().from(users).where(eq(users.googleId, "g-new-1"));
      expect(row!.password).toBeNull();
      expect(row!.referralCode).toMatch(/^[A-Za-z0-9_-]{8}$/);

      // The same Google account again signs in to the same user.
      oidc.signInAs({
        sub: "g-new-1",
        email: "Ada.Lovelace@gmail.test",
        email_verified: true,
        name: "Ada Lovelace-Byron",
      });
      const again = await throughProvider(ctx());
      const second = await callback(ctx(), again.path, again.cookie);
      expect(second.headers.location).toBe("/auth-success");
      const me2 = await send(ctx().app, "GET", "/api/user", undefined, { cookie: sessionCookie(second) });
      expect(me2.json().id).toBe(me.json().id);
    });

    it("derives a different valid username when the name is taken or unusable", async () => {
      oidc.signInAs({ sub: "g-dup-1", email: "zed1@gmail.test", email_verified: true, name: "Zed" });
      const first = await throughProvider(ctx());
      await callback(ctx(), first.path, first.cookie);
      oidc.signInAs({ sub: "g-dup-2", email: "zed2@gmail.test", email_verified: true, name: "zed" });
      const second = await throughProvider(ctx());
      await callback(ctx(), second.path, second.cookie);
      oidc.signInAs({ sub: "g-dup-3", email: "x@gmail.test", email_verified: true, name: "李" });
      const third = await throughProvider(ctx());
      await callback(ctx(), third.path, third.cookie);

      const names = await Promise.all(
        ["g-dup-1", "g-dup-2", "g-dup-3"].map(async (sub) => {
          const [row] = await ctx().database.db.select().from(users).where(eq(users.googleId, sub));
          return row!.username;
        }),
      );
      expect(names[0]).toBe("Zed");
      expect(names[1]).toMatch(/^zed_\d{1,6}$/);
      expect(names[2]).toBe("fanx");
      for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_]{3,15}$/);
    });

    it("links an existing email account when Google reports the address verified", async () => {
      const account = await createVerifiedAccount(ctx().app, ctx().mailer);
      oidc.signInAs({
        sub: "g-link-1",
        email: account.email.toUpperCase(),
        email_verified: true,
        name: "Someone Else",
      });
      const { path, cookie } = await throughProvider(ctx());
      const done = await callback(ctx(), path, cookie);
      expect(done.headers.location).toBe("/auth-success");
      const me = (await send(ctx().app, "GET", "/api/user", undefined, { cookie: sessionCookie(done) })).json();
      expect(me).toMatchObject({ username: account.username, email: account.email, authProvider: "both" });
      // The password still works too.
      await logInCookie(ctx().app, account);
    });

    it("refuses to link when Google has not verified the address", async () => {
      const account = await createVerifiedAccount(ctx().app, ctx().mailer);
      oidc.signInAs({ sub: "g-unverified", email: account.email, email_verified: false });
      const { path, cookie } = await throughProvider(ctx());
      const done = await callback(ctx(), path, cookie);
      expect(done.headers.location).toBe(FAILED);
      expect(done.cookies.find((c) => c.name === "ff_session")).toBeUndefined();
      const [row] = await ctx().database.db.select().from(users).where(eq(users.email, account.email));
      expect(row).toMatchObject({ googleId: null, authProvider: "email" });
    });

    it("refuses a tampered state, a missing state cookie, a wrong nonce and a denied consent", async () => {
      oidc.signInAs({ sub: "g-tamper", email: "tamper@gmail.test", email_verified: true });
      const tampered = await throughProvider(ctx());
      const forged = tampered.path.replace(`state=${tampered.state}`, `state=${tampered.state.slice(0, -2)}xy`);
      expect(forged).not.toBe(tampered.path);
      const refused = await callback(ctx(), forged, tampered.cookie);
      expect(refused.headers.location).toBe(FAILED);
      expect(refused.cookies.find((c) => c.name === "ff_session")).toBeUndefined();

      oidc.signInAs({ sub: "g-tamper", email: "tamper@gmail.test", email_verified: true });
      const noCookie = await throughProvider(ctx());
      expect((await callback(ctx(), noCookie.path)).headers.location).toBe(FAILED);

      oidc.signInAs({ sub: "g-tamper", email: "tamper@gmail.test", email_verified: true }, { nonce: "replayed" });
      const badNonce = await throughProvider(ctx());
      expect((await callback(ctx(), badNonce.path, badNonce.cookie)).headers.location).toBe(FAILED);

      const denied = await throughProvider(ctx()); // nobody signed in at the provider: access_denied
      expect((await callback(ctx(), denied.path, denied.cookie)).headers.location).toBe(FAILED);

      const [row] = await ctx().database.db.select().from(users).where(eq(users.googleId, "g-tamper"));
      expect(row).toBeUndefined();
    });
  },
  { env: { GOOGLE_CLIENT_ID: oidc.clientId, GOOGLE_CLIENT_SECRET: oidc.clientSecret, GOOGLE_ISSUER: oidc.issuer } },
);

describeEachDb("Google sign-in when not configured", (ctx) => {
  it("hides the provider and answers 404 on both routes", async () => {
    expect((await send(ctx().app, "GET", "/api/auth/providers")).json()).toEqual({ google: false });
    expect((await send(ctx().app, "GET", "/api/auth/google")).statusCode).toBe(404);
    expect((await send(ctx().app, "GET", "/api/auth/google/callback?code=x&state=y")).statusCode).toBe(404);
  });
});

describeEachDb(
  "Google sign-in with the provider unreachable",
  (ctx) => {
    it("sends the browser back to /auth with the error instead of failing the request", async () => {
      const start = await send(ctx().app, "GET", "/api/auth/google");
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(FAILED);
    });
  },
  // Port 9 (discard) on loopback: nothing listens, discovery fails at once.
  { env: { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret", GOOGLE_ISSUER: "http://127.0.0.1:9" } },
);
