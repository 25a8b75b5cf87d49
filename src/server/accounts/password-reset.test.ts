// Password reset: same answer for unknown emails, a one-time one-hour link, the password rules, all sessions ended.
import { expect, it } from "vitest";
import { describeEachDb, send } from "../test/app";
import { createVerifiedAccount, freshIp, logInCookie, outboxLink, sendFrom } from "../test/accounts";

const HOUR_MS = 60 * 60 * 1000;
const INVALID_LINK = { message: "This reset link is invalid or has expired.", code: "INVALID_RESET_TOKEN" };
const FORGOT = { message: "If an account exists for that email, we sent a link to reset your password." };

describeEachDb("password reset", (ctx) => {
  const forgot = async (email: string, ip = freshIp()) => {
    const response = await sendFrom(ctx().app, ip, "POST", "/api/forgot-password", { email });
    await ctx().app.background.settled(); // the email goes out after the answer
    return response;
  };
  const tokenFor = (email: string) => {
    const link = outboxLink(ctx().mailer, email, "/reset-password?token=");
    expect(link).toMatch(/^\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    return new URLSearchParams(link.split("?")[1]).get("token")!;
  };
  const reset = (token: string, password: string) =>
    sendFrom(ctx().app, freshIp(), "POST", "/api/reset-password", { token, password });

  it("answers the same whether or not the email exists, and mails only a real account", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const known = await forgot(account.email);
    const unknown = await forgot("nobody@example.com");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(FORGOT);
    expect(unknown.json()).toEqual(FORGOT);
    const mail = ctx().mailer.outbox!().find(
      (m) => m.to === account.email && m.subject === "Reset your FicForge password",
    );
    expect(mail?.text).toContain("http://localhost:3000/reset-password?token=");
    expect(ctx().mailer.outbox!().some((m) => m.to === "nobody@example.com")).toBe(false);
  });

  it("resets with the registration rules, ends every session, and works once", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const laptop = await logInCookie(ctx().app, account);
    const phone = await logInCookie(ctx().app, account);
    await forgot(account.email);
    const token = tokenFor(account.email);

    const weak = await reset(token, "weakpass");
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      fields: {
        password:
          "Password must contain at least one uppercase letter, one number, and one special character (@$!%*?&)",
      },
    });

    const done = await reset(token, "N3w!Password");
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: "Your password has been reset. You can now sign in with your new password.",
    });
    for (const cookie of [laptop, phone]) {
      expect((await send(ctx().app, "GET", "/api/user", undefined, { cookie })).statusCode).toBe(401);
    }
    const oldPassword = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account);
    expect(oldPassword.statusCode).toBe(401);
    await logInCookie(ctx().app, { email: account.email, password: "N3w!Password" });

    const reused = await reset(token, "An0ther!Pass");
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(INVALID_LINK);
  });

  it("refuses an expired link, an unknown one, and older links once one was used", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    await forgot(account.email);
    const expiring = tokenFor(account.email);
    ctx().clock.advance(HOUR_MS + 1000);
    expect((await reset(expiring, "N3w!Password")).json()).toEqual(INVALID_LINK);
    expect((await reset("made-up-token", "N3w!Password")).statusCode).toBe(400);

    await forgot(account.email);
    const older = tokenFor(account.email);
    await forgot(account.email);
    const newer = tokenFor(account.email);
    expect(newer).not.toBe(older);
    expect((await reset(newer, "N3w!Password")).statusCode).toBe(200);
    expect((await reset(older, "Oth3r!Password")).json()).toEqual(INVALID_LINK);
  });

  it("rate-limits forgot-password: 10 requests per IP per 15 minutes", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await forgot(`someone${i}@example.com`, ip)).statusCode).toBe(200);
    expect((await forgot("someone@example.com", ip)).statusCode).toBe(429);
  });
});
