// Email verification end to end through a real SMTP server: read the email, follow the link, sign in.
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { users } from "../db/schema";
import { createSmtpMailer } from "../mail/mailer";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";
import { startSmtpPeer } from "../test/smtp-peer";
import { freshIp, newAccount, sendFrom } from "../test/accounts";

const smtp = await startSmtpPeer();
afterAll(() => smtp.close());
const FROM = "FicForge <no-reply@ficforge.test>";
const DAY_MS = 24 * 60 * 60 * 1000;

async function mailedLink(to: string, after = 0): Promise<string> {
  const mail = await smtp.waitFor(to, (m) => smtp.messages.indexOf(m) >= after);
  expect(mail.subject).toBe("Verify your FicForge email");
  expect(mail.from).toBe("no-reply@ficforge.test");
  const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? "";
  expect(link).toMatch(new RegExp(`^${TEST_APP_URL}/api/verify-email\\?token=[A-Za-z0-9_-]{43}$`));
  expect(mail.html).toContain(`href="${link}"`);
  return link.slice(TEST_APP_URL.length);
}

const follow = async (app: Parameters<typeof send>[0], path: string) => {
  const response = await app.inject({ method: "GET", url: path });
  expect(response.statusCode).toBe(302);
  return response.headers.location;
};

describeEachDb(
  "email verification over SMTP",
  (ctx) => {
    it("verifies through the emailed link; sign-in works only afterwards; a reused link says already verified", async () => {
      const account = newAccount();
      expect((await send(ctx().app, "POST", "/api/register", account)).statusCode).toBe(200);

      const early = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({
        message:
          "Please verify your email before signing in. Check your inbox for the verification link, or request a new one.",
        code: "EMAIL_NOT_VERIFIED",
        canResend: true,
      });
      expect(early.cookies.find((c) => c.name === "ff_session")).toBeUndefined();

      const link = await mailedLink(account.email);
      // The address rides in the fragment (never sent to a server) so the sign-in form can be filled in.
      const fragment = `#email=${encodeURIComponent(account.email)}`;
      expect(await follow(ctx().app, link)).toBe(`/email-confirmed?verified=true${fragment}`);
      const [row] = await ctx().database.db.select().from(users).where(eq(users.email, account.email));
      expect(row!.emailVerified).toBe(true);

      expect(await follow(ctx().app, link)).toBe(`/email-confirmed?already=true${fragment}`);

      const login = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account);
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ email: account.email, username: account.username, emailVerified: true });
    });

    it("sends unknown, missing and expired tokens to the error display; a resent link works", async () => {
      expect(await follow(ctx().app, "/api/verify-email?token=not-a-real-token")).toBe(
        "/email-confirmed?error=invalid",
      );
      expect(await follow(ctx().app, "/api/verify-email")).toBe("/email-confirmed?error=invalid");

      const account = newAccount();
      const before = smtp.messages.length;
      await send(ctx().app, "POST", "/api/register", account);
      const expiring = await mailedLink(account.email, before);
      ctx().clock.advance(DAY_MS + 1000);
      expect(await follow(ctx().app, expiring)).toBe("/email-confirmed?error=invalid");
      const [row] = await ctx().database.db.select().from(users).where(eq(users.email, account.email));
      expect(row!.emailVerified).toBe(false);

      const resendAt = smtp.messages.length;
      const resent = await sendFrom(ctx().app, freshIp(), "POST", "/api/resend-verification", {
        email: account.email.toUpperCase(),
      });
      expect(resent.statusCode).toBe(200);
      const fresh = await mailedLink(account.email, resendAt);
      expect(fresh).not.toBe(expiring);
      expect(await follow(ctx().app, expiring)).toBe("/email-confirmed?error=invalid");
      expect(await follow(ctx().app, fresh)).toBe(
        `/email-confirmed?verified=true#email=${encodeURIComponent(account.email)}`,
      );
    });

    it("answers resend the same whether or not the email exists, sends nothing for verified or unknown ones", async () => {
      const account = newAccount();
      await send(ctx().app, "POST", "/api/register", account);
      const link = await mailedLink(account.email);
      await follow(ctx().app, link);

      const count = smtp.messages.length;
      const verified = await sendFrom(ctx().app, freshIp(), "POST", "/api/resend-verification", {
        email: account.email,
      });
      const unknown = await sendFrom(ctx().app, freshIp(), "POST", "/api/resend-verification", {
        email: "nobody-here@example.com",
      });
      expect(verified.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(verified.json());
      expect(verified.json()).toEqual({
        message:
          "If that email belongs to an account that still needs verifying, a new verification link is on its way.",
      });
      await ctx().app.background.settled(); // the emails go out after the answers
      expect(smtp.messages.length).toBe(count);
    });

    it("limits resends: 3 emails per address and 10 requests per IP per 15 minutes", async () => {
      const account = newAccount();
      await send(ctx().app, "POST", "/api/register", account);
      await mailedLink(account.email);
      const count = () => smtp.messages.filter((m) => m.to.includes(account.email)).length;
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        const response = await sendFrom(ctx().app, ip, "POST", "/api/resend-verification", { email: account.email });
        expect(response.statusCode).toBe(200);
      }
      await ctx().app.background.settled(); // the emails go out after the answers
      expect(count()).toBe(1 + 3);
      for (let i = 0; i < 5; i++) {
        await sendFrom(ctx().app, ip, "POST", "/api/resend-verification", { email: "someone@example.com" });
      }
      const limited = await sendFrom(ctx().app, ip, "POST", "/api/resend-verification", { email: account.email });
      expect(limited.statusCode).toBe(429);
    });
  },
  { mailer: createSmtpMailer(smtp.url, FROM) },
);
