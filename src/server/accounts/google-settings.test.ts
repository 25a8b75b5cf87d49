// Settings → Google (issue 18): a signed-in account links Google to itself (never to another account's identity, never
// into another session) and unlinks it only while it has a password.
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { users } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { UNLINK_NEEDS_PASSWORD } from "./account-life-routes";
import { GOOGLE_LINK_FAILED, GOOGLE_LINKED } from "./google-routes";
import { createVerifiedAccount, logInCookie } from "../test/accounts";
import { googleEnv, pendingCookie, startGoogleProvider } from "../test/google";

const oidc = await startGoogleProvider("id_token");
afterAll(() => oidc.close());

describeEachDb(
  "linking Google from Settings",
  (ctx) => {
    const app = () => ctx().app;
    /** Starts linking in the session `cookie`, goes through the provider as `sub`, and comes back with `backCookie`. */
    async function link(cookie: string, sub: string, email: string, backCookie = cookie) {
      oidc.signInAs({ sub, email, email_verified: true, name: "Linked Person" });
      const start = await send(app(), "GET", "/api/auth/google?intent=link", undefined, { cookie });
      expect(start.statusCode).toBe(302);
      const back = await oidc.authorize(start.headers.location as string);
      const pending = `ff_oauth=${pendingCookie(start).value}`;
      return app().inject({
        method: "GET",
        url: back.pathname + back.search,
        headers: { cookie: `${backCookie}; ${pending}` },
      });
    }
    const row = async (email: string) =>
      (await ctx().database.db.select().from(users).where(eq(users.email, email)))[0]!;

    it("links the signed-in account whatever Google's address, refuses an identity another account has, unlinks with a password", async () => {
      const account = await createVerifiedAccount(app(), ctx().mailer);
      const cookie = await logInCookie(app(), account);
      const sub = `g-settings-${account.username}`;
      // Google's address need not be the account's.
      const linked = await link(cookie, sub, `other_${account.email}`);
      expect(linked.headers.location).toBe(GOOGLE_LINKED);
      expect(linked.cookies.find((c) => c.name === "ff_session")).toBeUndefined();
      expect(await row(account.email)).toMatchObject({ googleId: sub, authProvider: "both" });
      expect((await send(app(), "GET", "/api/account/sign-in-methods", undefined, { cookie })).json()).toEqual({
        hasPassword: true,
        google: true,
        googleAvailable: true,
        pendingEmail: null,
      });

      // Someone else cannot take the same Google identity into their account.
      const second = await createVerifiedAccount(app(), ctx().mailer);
      const secondCookie = await logInCookie(app(), second);
      expect((await link(secondCookie, sub, `other_${account.email}`)).headers.location).toBe(GOOGLE_LINK_FAILED);
      // A link begun in one session does not finish in another account's.
      expect((await link(secondCookie, `g-else-${second.username}`, second.email, cookie)).headers.location).toBe(
        GOOGLE_LINK_FAILED,
      );
      expect(await row(second.email)).toMatchObject({ googleId: null, authProvider: "email" });

      const unlinked = await send(app(), "DELETE", "/api/account/google", undefined, { cookie });
      expect(unlinked.statusCode, unlinked.body).toBe(200);
      expect(await row(account.email)).toMatchObject({ googleId: null, authProvider: "email" });

      // Without a password Google is the only way in: unlinking is refused.
      await ctx()
        .database.db.update(users)
        .set({ password: null, googleId: sub, authProvider: "google" })
        .where(eq(users.email, account.email));
      const refused = await send(app(), "DELETE", "/api/account/google", undefined, { cookie });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: "PASSWORD_NEEDED", message: UNLINK_NEEDS_PASSWORD });
    });
  },
  { env: googleEnv(oidc) },
);
