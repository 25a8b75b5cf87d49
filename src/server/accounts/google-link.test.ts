// Google sign-in onto an existing email account, in both claims modes: a verified account is linked and keeps its
// password; an account whose email was never verified is taken over by the address's proven owner.
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { passwordResets, sessions, trustedDevices, users } from "../db/schema";
import { describeEachDb, send, sessionCookie } from "../test/app";
import { createSession, randomToken, sha256 } from "./sessions";
import { createVerifiedAccount, freshIp, logInCookie, newAccount, outboxLink, sendFrom } from "../test/accounts";
import { CLAIM_MODES, GOOGLE_FAILED, googleEnv, signInWithGoogle, startGoogleProvider } from "../test/google";

const providers = await Promise.all(CLAIM_MODES.map(startGoogleProvider));
afterAll(() => Promise.all(providers.map((oidc) => oidc.close())));

CLAIM_MODES.forEach((mode, i) => {
  const oidc = providers[i]!;
  describeEachDb(
    `Google sign-in onto an email account (claims in the ${mode})`,
    (ctx) => {
      it("links an account whose email is verified, and its password keeps working", async () => {
        const account = await createVerifiedAccount(ctx().app, ctx().mailer);
        const done = await signInWithGoogle(ctx(), oidc, {
          sub: `g-link-${mode}`,
          email: account.email.toUpperCase(),
          email_verified: true,
          name: "Someone Else",
        });
        expect(done.headers.location).toBe("/auth-success");
        const me = (await send(ctx().app, "GET", "/api/user", undefined, { cookie: sessionCookie(done) })).json();
        expect(me).toMatchObject({ username: account.username, email: account.email, authProvider: "both" });
        await logInCookie(ctx().app, account);
      });

      it("refuses to link when the provider has not verified the address", async () => {
        const account = await createVerifiedAccount(ctx().app, ctx().mailer);
        const done = await signInWithGoogle(ctx(), oidc, {
          sub: `g-unverified-${mode}`,
          email: account.email,
          email_verified: false,
        });
        expect(done.headers.location).toBe(GOOGLE_FAILED);
        expect(done.cookies.find((c) => c.name === "ff_session")).toBeUndefined();
        const [row] = await ctx().database.db.select().from(users).where(eq(users.email, account.email));
        expect(row).toMatchObject({ googleId: null, authProvider: "email" });
      });

      it("takes an unverified account away from whoever registered the victim's email", async () => {
        const { db } = ctx().database;
        // The attacker registers the victim's address with a password of their own and never verifies it.
        const attacker = newAccount({ username: `evil_${mode.slice(0, 4)}` });
        const registered = await sendFrom(ctx().app, freshIp(), "POST", "/api/register", attacker);
        expect(registered.statusCode).toBe(200);
        const verifyLink = outboxLink(ctx().mailer, attacker.email, "/api/verify-email");
        expect((await sendFrom(ctx().app, freshIp(), "POST", "/api/login", attacker)).statusCode).toBe(403);
        await sendFrom(ctx().app, freshIp(), "POST", "/api/forgot-password", { email: attacker.email });
        await ctx().app.background.settled();
        const resetLink = outboxLink(ctx().mailer, attacker.email, "/reset-password?token=");
        const [before] = await db.select().from(users).where(eq(users.email, attacker.email));
        // Whatever sessions or remembered devices the account may have had.
        const stale = await createSession(db, before!.id, ctx().clock.now());
        const plantedDevice = sha256(randomToken());
        await db.insert(trustedDevices).values({ id: plantedDevice, userId: before!.id });

        // The address's owner signs in with Google.
        const victim = await signInWithGoogle(ctx(), oidc, {
          sub: `g-victim-${mode}`,
          email: attacker.email,
          email_verified: true,
          name: "Real Owner",
        });
        expect(victim.headers.location).toBe("/auth-success");
        const me = await send(ctx().app, "GET", "/api/user", undefined, { cookie: sessionCookie(victim) });
        expect(me.json()).toMatchObject({
          id: before!.id,
          email: attacker.email,
          emailVerified: true,
          authProvider: "google",
        });

        // Nothing the attacker holds opens the account any more.
        const login = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", attacker);
        expect(login.statusCode).toBe(401);
        expect(login.json()).toMatchObject({ code: "INVALID_CREDENTIALS" });
        const token = new URLSearchParams(resetLink.split("?")[1]).get("token");
        const reset = await sendFrom(ctx().app, freshIp(), "POST", "/api/reset-password", {
          token,
          password: "N3w!Passw0rd",
        });
        expect(reset.statusCode).toBe(400);
        expect((await ctx().app.inject({ method: "GET", url: verifyLink })).headers.location).toBe(
          "/email-confirmed?error=invalid",
        );
        const oldSession = await send(ctx().app, "GET", "/api/user", undefined, {
          cookie: `ff_session=${stale.token}`,
        });
        expect(oldSession.statusCode).toBe(401);

        const [after] = await db.select().from(users).where(eq(users.id, before!.id));
        expect(after).toMatchObject({ password: null, verificationToken: null, googleId: `g-victim-${mode}` });
        expect(await db.select().from(passwordResets).where(eq(passwordResets.userId, before!.id))).toEqual([]);
        // The victim's own browser is trusted by its sign-in; the one planted before it is gone.
        const devices = await db.select().from(trustedDevices).where(eq(trustedDevices.userId, before!.id));
        expect(devices.map((d) => d.id)).not.toContain(plantedDevice);
        expect(devices).toHaveLength(1);
        const live = await db.select().from(sessions).where(eq(sessions.userId, before!.id));
        expect(live).toHaveLength(1); // the victim's own
        // The victim is still signed in after all of that.
        expect(
          (await send(ctx().app, "GET", "/api/user", undefined, { cookie: sessionCookie(victim) })).statusCode,
        ).toBe(200);
      });
    },
    { env: googleEnv(oidc) },
  );
});
