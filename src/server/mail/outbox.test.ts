// GET /api/dev/outbox holds reset links, so it is served only on a loopback address without SMTP, never in production.
import { expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";

describeEachDb("GET /api/dev/outbox", (ctx) => {
  /** The outbox's status from an app on the test database configured with `env`. */
  async function outboxStatus(env: Record<string, string>) {
    const config = loadConfig({ NODE_ENV: "test", APP_URL: TEST_APP_URL, SEED_DEMO: "false", ...env });
    const app = await buildApp({ ...ctx().deps, config }, { logger: false });
    try {
      await ctx().mailer.send({ to: "someone@example.com", subject: "Reset", text: "link", html: "" });
      return (await send(app, "GET", "/api/dev/outbox")).statusCode;
    } finally {
      await app.close();
    }
  }

  it.each(["127.0.0.1", "127.0.1.1", "::1", "localhost", "LOCALHOST"])(
    "is served while listening on %s",
    async (HOST) => {
      expect(await outboxStatus({ HOST })).toBe(200);
    },
  );

  it.each(["0.0.0.0", "::", "192.168.1.20", "ficforge.example", "127.0.0.1.nip.io"])(
    "answers 404 while listening on %s",
    async (HOST) => {
      expect(await outboxStatus({ HOST })).toBe(404);
    },
  );

  it("answers 404 when SMTP is configured, even on loopback", async () => {
    expect(await outboxStatus({ HOST: "127.0.0.1", SMTP_URL: "smtp://127.0.0.1:2525" })).toBe(404);
  });

  it("answers 404 in production", async () => {
    expect(await outboxStatus({ NODE_ENV: "production", HOST: "127.0.0.1", SMTP_URL: "smtp://127.0.0.1:2525" })).toBe(
      404,
    );
  });

  it("shows the header fields an email carries (a notification email's List-Unsubscribe)", async () => {
    const headers = {
      "List-Unsubscribe": "<http://localhost:3000/unsubscribe?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await ctx().mailer.send({ to: "reader@example.com", subject: "New chapter", text: "…", html: "", headers });
    const [newest] = (await send(ctx().app, "GET", "/api/dev/outbox")).json();
    expect(newest).toMatchObject({ to: "reader@example.com", headers });
  });

  it("keeps one recipient's messages with ?to= (any case)", async () => {
    await ctx().mailer.send({ to: "ana@example.com", subject: "One", text: "1", html: "" });
    await ctx().mailer.send({ to: "bo@example.com", subject: "Two", text: "2", html: "" });
    const mine = (await send(ctx().app, "GET", "/api/dev/outbox?to=Ana%40Example.com")).json();
    expect(mine.map((m: { subject: string }) => m.subject)).toEqual(["One"]);
    expect((await send(ctx().app, "GET", `/api/dev/outbox?to=${"a".repeat(321)}`)).statusCode).toBe(400);
  });
});
