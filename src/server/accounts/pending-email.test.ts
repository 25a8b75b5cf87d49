// A pending email change, as Settings shows it: GET /api/account/sign-in-methods names the address waiting for its
// link (until it is opened, expires or is cancelled), and DELETE /api/account/email/pending cancels it, so the link
// sent no longer works.
import { expect, it } from "vitest";
import { describeEachDb, send } from "../test/app";
import { EMAIL_CHANGE_CANCELLED } from "./change-email";
import { createVerifiedAccount, GOOD_PASSWORD, logInCookie, outboxLink } from "../test/accounts";

describeEachDb("a pending email change in Settings", (ctx) => {
  const app = () => ctx().app;
  const call = (method: "GET" | "POST" | "DELETE", url: string, cookie: string, body?: unknown) =>
    send(app(), method, url, body, { cookie });
  const pending = async (cookie: string) =>
    (await call("GET", "/api/account/sign-in-methods", cookie)).json().pendingEmail;

  it("is shown until cancelled, and the cancelled link no longer works", async () => {
    const account = await createVerifiedAccount(app(), ctx().mailer);
    const cookie = await logInCookie(app(), account);
    expect(await pending(cookie)).toBeNull();

    const first = `first.${account.email}`;
    const newEmail = `new.${account.email}`;
    await call("POST", "/api/account/email", cookie, { newEmail: first, currentPassword: GOOD_PASSWORD });
    await call("POST", "/api/account/email", cookie, { newEmail, currentPassword: GOOD_PASSWORD });
    await app().background.settled();
    // The newest request is the one whose link works, so it is the one shown.
    const shown = await pending(cookie);
    expect(shown.address).toBe(newEmail);
    expect(new Date(shown.expiresAt).getTime()).toBeGreaterThan(ctx().clock.now().getTime());

    // Same-site only, like every change to how one signs in.
    const foreign = await send(app(), "DELETE", "/api/account/email/pending", undefined, {
      cookie,
      origin: "https://evil.example",
    });
    expect(foreign.statusCode).toBe(403);
    const cancelled = await call("DELETE", "/api/account/email/pending", cookie);
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([200, EMAIL_CHANGE_CANCELLED]);
    expect(await pending(cookie)).toBeNull();

    const link = outboxLink(ctx().mailer, newEmail, "/api/account/email/confirm");
    expect((await app().inject({ method: "GET", url: link })).headers.location).toBe("/email-change?status=invalid");
    expect((await call("GET", "/api/user", cookie)).json().email).toBe(account.email);
    expect((await send(app(), "DELETE", "/api/account/email/pending")).statusCode).toBe(401);
  });
});
