// Register, forgot-password and resend-verification answer without waiting for the mail server, the same way
// whether or not the account exists; a failed send is logged without the link and never rejects unhandled.
import { afterAll, afterEach, expect, it } from "vitest";
import { buildApp } from "../app";
import { createSmtpMailer } from "../mail/mailer";
import { describeEachDb, TEST_APP_URL, type TestContext } from "../test/app";
import { startSmtpPeer } from "../test/smtp-peer";
import { freshIp, newAccount, sendFrom } from "../test/accounts";

const smtp = await startSmtpPeer();
afterAll(() => smtp.close());
// NOTE: the mail server holds each message until released (instead of a 2 s delay per test): an answer that waited
// for the send would never come, so the race below fails it at once, and no test sleeps.
const ANSWER_MS = 5000;
const RESET = "Reset your FicForge password";
const VERIFY = "Verify your FicForge email";

const mailsTo = (to: string, subject: string) =>
  smtp.messages.filter((m) => m.to.includes(to) && m.subject === subject);

/** Sends the request and answers its response with how long it took and the mails `to` had by then. */
async function timed(ctx: TestContext, url: string, body: object, to: string, subject: string) {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${url} waited for the held mail`)), ANSWER_MS);
  });
  const response = await Promise.race([sendFrom(ctx.app, freshIp(), "POST", url, body), late]).finally(() =>
    clearTimeout(timer),
  );
  return { response, ms: performance.now() - started, mailed: mailsTo(to, subject).length };
}

async function registered(ctx: TestContext) {
  const account = newAccount();
  expect((await sendFrom(ctx.app, freshIp(), "POST", "/api/register", account)).statusCode).toBe(200);
  await smtp.waitFor(account.email, (m) => m.subject === VERIFY);
  return account;
}

describeEachDb(
  "account emails sent after the answer",
  (ctx) => {
    afterEach(async () => {
      smtp.release();
      smtp.refuse(0);
      await ctx().app.background.settled();
    });

    it("register answers before a slow mail server has the email, which still arrives", async () => {
      smtp.hold();
      const account = newAccount();
      const { response, ms, mailed } = await timed(ctx(), "/api/register", account, account.email, VERIFY);
      expect(response.statusCode).toBe(200);
      expect(mailed).toBe(0);
      expect(ms).toBeLessThan(ANSWER_MS);
      smtp.release();
      await smtp.waitFor(account.email, (m) => m.subject === VERIFY, ANSWER_MS);
    });

    it("forgot-password answers at once and alike for a real and an unknown address; the real one is mailed", async () => {
      const account = await registered(ctx());
      smtp.hold();
      const url = "/api/forgot-password";
      const known = await timed(ctx(), url, { email: account.email }, account.email, RESET);
      const unknown = await timed(ctx(), url, { email: "nobody-at-all@example.com" }, account.email, RESET);
      expect(known.response.statusCode).toBe(200);
      expect(known.response.body).toBe(unknown.response.body);
      expect(known.mailed).toBe(0);
      expect(known.ms).toBeLessThan(ANSWER_MS);
      expect(unknown.ms).toBeLessThan(ANSWER_MS);
      smtp.release();
      const mail = await smtp.waitFor(account.email, (m) => m.subject === RESET, ANSWER_MS);
      expect(mail.text).toContain(`${TEST_APP_URL}/reset-password?token=`);
    });

    it("resend-verification answers before a slow mail server has the email, which still arrives", async () => {
      const account = await registered(ctx());
      const before = mailsTo(account.email, VERIFY).length;
      smtp.hold();
      const { response, ms, mailed } = await timed(
        ctx(),
        "/api/resend-verification",
        { email: account.email },
        account.email,
        VERIFY,
      );
      expect(response.statusCode).toBe(200);
      expect(mailed).toBe(before);
      expect(ms).toBeLessThan(ANSWER_MS);
      smtp.release();
      await smtp.waitFor(account.email, () => mailsTo(account.email, VERIFY).length > before, ANSWER_MS);
    });

    it("logs a refused send without the link, answers as usual, and the next request is mailed", async () => {
      const account = await registered(ctx());
      const logged: Record<string, unknown>[] = [];
      const stream = { write: (line: string) => void logged.push(JSON.parse(line)) };
      const app = await buildApp(ctx().deps, { logger: { level: "error", stream } });
      try {
        smtp.refuse(1);
        const refused = await sendFrom(app, freshIp(), "POST", "/api/forgot-password", { email: account.email });
        expect(refused.statusCode).toBe(200);
        await app.background.settled();
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatchObject({
          msg: "emailing a password reset link failed",
          err: { message: expect.stringContaining("451") },
        });
        expect(JSON.stringify(logged)).not.toMatch(/token|reset-password/);
        expect(mailsTo(account.email, RESET)).toHaveLength(0);

        const retried = await sendFrom(app, freshIp(), "POST", "/api/forgot-password", { email: account.email });
        expect(retried.statusCode).toBe(200);
        await smtp.waitFor(account.email, (m) => m.subject === RESET);
      } finally {
        await app.close();
      }
    });
  },
  { mailer: createSmtpMailer(smtp.url, "FicForge <no-reply@ficforge.test>") },
);
