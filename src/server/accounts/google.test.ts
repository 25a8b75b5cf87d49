// Google sign-in end to end against a certified OpenID Connect provider (oidc-provider) in both claims modes:
// new users, returning users, derived usernames, and the state, nonce and consent refusals.
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { users } from "../db/schema";
import { describeEachDb, send, sessionCookie } from "../test/app";
import {
  CLAIM_MODES,
  callback,
  GOOGLE_FAILED,
  googleEnv,
  pendingCookie,
  signInWithGoogle,
  startGoogleProvider,
  throughProvider,
} from "../test/google";

const providers = await Promise.all(CLAIM_MODES.map(startGoogleProvider));
afterAll(() => Promise.all(providers.map((oidc) => oidc.close())));

CLAIM_MODES.forEach((mode, i) => {
  const oidc = providers[i]!;
  describeEachDb(
    `Google sign-in (claims in the ${mode})`,
    (ctx) => {
      it("says Google is available", async () => {
        expect((await send(ctx().app, "GET", "/api/auth/providers")).json()).toEqual({ google: true });
      });

      it("creates a verified user with a derived username and signs them in", async () => {
        const ada = {
          sub: `g-new-${mode}`,
          email: `Ada.${mode}@gmail.test`,
          email_verified: true,
          name: "Ada Lovelace-Byron",
        };
        const userinfoBefore = oidc.userinfoRequests();
        const done = await signInWithGoogle(ctx(), oidc, ada);
        expect(done.headers.location).toBe("/auth-success");
        expect(pendingCookie(done).value).toBe("");
        // The app asks userinfo only when the ID token carries no email.
        expect(oidc.userinfoRequests() - userinfoBefore).toBe(mode === "userinfo" ? 1 : 0);

        const me = await send(ctx().app, "GET", "/api/user", undefined, { cookie: sessionCookie(done) });
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({
          username: "Ada_Lovelace_By",
          email: ada.email,
          emailVerified: true,
          authProvider: "google",
        });
        const [row] = await ctx().database.db.select().from(users).where(eq(users.googleId, ada.sub));
        expect(row!.password).toBeNull();
        expect(row!.referralCode).toMatch(/^[A-Za-z0-9_-]{8}$/);

        // The same Google account again signs in to the same user.
        const second = await signInWithGoogle(ctx(), oidc, ada);
        expect(second.headers.location).toBe("/auth-success");
        const me2 = await send(ctx().app, "GET", "/api/user", undefined, { cookie: sessionCookie(second) });
        expect(me2.json().id).toBe(me.json().id);

        // Issue 18: suspended, the same sign-in lands on the auth page told until when, signed out.
        const until = new Date(Date.now() + 3 * 86_400_000);
        await ctx().database.db.update(users).set({ suspendedUntil: until }).where(eq(users.googleId, ada.sub));
        const refused = await signInWithGoogle(ctx(), oidc, ada);
        expect(refused.headers.location).toBe(
          `/auth?error=account_suspended&until=${encodeURIComponent(until.toISOString())}`,
        );
        expect(refused.cookies.find((c) => c.name === "ff_session" && c.value)).toBeUndefined();
      });

      it("derives a different valid username when the name is taken or unusable", async () => {
        await signInWithGoogle(ctx(), oidc, {
          sub: "g-dup-1",
          email: "zed1@gmail.test",
          email_verified: true,
          name: "Zed",
        });
        await signInWithGoogle(ctx(), oidc, {
          sub: "g-dup-2",
          email: "zed2@gmail.test",
          email_verified: true,
          name: "zed",
        });
        await signInWithGoogle(ctx(), oidc, {
          sub: "g-dup-3",
          email: "x@gmail.test",
          email_verified: true,
          name: "李",
        });

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

      it("refuses a tampered state, a missing state cookie, a wrong nonce and a denied consent", async () => {
        const tamper = { sub: "g-tamper", email: "tamper@gmail.test", email_verified: true };
        oidc.signInAs(tamper);
        const tampered = await throughProvider(ctx(), oidc);
        const forged = tampered.path.replace(`state=${tampered.state}`, `state=${tampered.state.slice(0, -2)}xy`);
        expect(forged).not.toBe(tampered.path);
        const refused = await callback(ctx(), forged, tampered.cookie);
        expect(refused.headers.location).toBe(GOOGLE_FAILED);
        expect(refused.cookies.find((c) => c.name === "ff_session")).toBeUndefined();

        oidc.signInAs(tamper);
        const noCookie = await throughProvider(ctx(), oidc);
        expect((await callback(ctx(), noCookie.path)).headers.location).toBe(GOOGLE_FAILED);

        // A code obtained for another nonce (an injected code) must not be accepted.
        oidc.signInAs(tamper);
        const badNonce = await throughProvider(ctx(), oidc, (url) => url.searchParams.set("nonce", "replayed-nonce"));
        expect((await callback(ctx(), badNonce.path, badNonce.cookie)).headers.location).toBe(GOOGLE_FAILED);

        const denied = await throughProvider(ctx(), oidc); // nobody signed in at the provider: access_denied
        expect(denied.path).toContain("error=access_denied");
        expect((await callback(ctx(), denied.path, denied.cookie)).headers.location).toBe(GOOGLE_FAILED);

        const [row] = await ctx().database.db.select().from(users).where(eq(users.googleId, "g-tamper"));
        expect(row).toBeUndefined();
      });
    },
    { env: googleEnv(oidc) },
  );
});

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
      expect(start.headers.location).toBe(GOOGLE_FAILED);
    });
  },
  // Port 9 (discard) on loopback: nothing listens, discovery fails at once.
  { env: { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret", GOOGLE_ISSUER: "http://127.0.0.1:9" } },
);
