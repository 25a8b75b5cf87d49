// One-click unsubscribe (RFC 8058) without a session, its confirmation page, the links that are not valid, and the
// settings that turn notification email back on.
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { TIME_ZONE_RULE } from "../../shared/schemas/email-settings";
import { emailSettings, notifications } from "../db/schema";
import { createSmtpMailer } from "../mail/mailer";
import { describeEachDb, send, TEST_APP_URL, type TestContext } from "../test/app";
import { createUser, createVerifiedUserWithSession } from "../test/factories";
import { startSmtpPeer } from "../test/smtp-peer";
import type { UserRow } from "../types";
import { signingKeyLoader, signUnsubscribeToken } from "./unsubscribe-token";
import { createEmailWorker } from "./worker";

const smtp = await startSmtpPeer();
afterAll(() => smtp.close());
const ONE_CLICK = { "content-type": "application/x-www-form-urlencoded" };

const tokenFor = async (ctx: TestContext, userId: number, generation = 0) =>
  signUnsubscribeToken(await signingKeyLoader(ctx.database.db, undefined)(), { userId, scope: "all", generation });

const settingsOf = async (ctx: TestContext, user: UserRow) =>
  (await ctx.database.db.select().from(emailSettings).where(eq(emailSettings.userId, user.id)))[0];

const oneClick = (ctx: TestContext, token: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: "POST",
    url: `/unsubscribe?token=${token}`,
    headers: { ...ONE_CLICK, ...headers },
    payload: "List-Unsubscribe=One-Click",
  });

describeEachDb("unsubscribe links", (ctx) => {
  it("the emailed List-Unsubscribe URL unsubscribes with one POST from a mail provider, no session needed", async () => {
    const { db } = ctx().database;
    const user = await createUser(db);
    await db
      .insert(notifications)
      .values({ userId: user.id, type: "new_follower", emailState: "pending", dedupeKey: `test:${user.id}` });
    const worker = createEmailWorker({
      db,
      mailer: createSmtpMailer(smtp.url, "FicForge <no-reply@ficforge.test>"),
      now: ctx().clock.now,
      appUrl: TEST_APP_URL,
      signingKey: signingKeyLoader(db, undefined),
    });
    await worker.runOnce();
    const mail = await smtp.waitFor(user.email);
    const url = mail.headers["list-unsubscribe"]!.slice(1, -1);
    expect(mail.text).toContain(url);
    const path = url.slice(TEST_APP_URL.length);

    const confirm = await ctx().app.inject({ method: "GET", url: path });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(confirm.body).toContain("Unsubscribe from notification emails?");
    expect(confirm.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(confirm.body).not.toContain(user.email);
    expect((await settingsOf(ctx(), user))?.unsubscribedAt).toBeNull();

    // As Gmail sends it: from another site, no cookie.
    const done = await ctx().app.inject({
      method: "POST",
      url: path,
      headers: { ...ONE_CLICK, origin: "https://mail.google.com", "sec-fetch-site": "cross-site" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You are unsubscribed");
    expect((await settingsOf(ctx(), user))?.unsubscribedAt).toBeInstanceOf(Date);
    // Asked twice (clients retry): still unsubscribed, no error.
    expect((await oneClick(ctx(), path.split("token=")[1]!)).statusCode).toBe(200);

    // Nothing more is emailed.
    await db
      .insert(notifications)
      .values({ userId: user.id, type: "new_story", emailState: "pending", dedupeKey: `test:story:${user.id}` });
    ctx().clock.advance(2 * 60 * 60 * 1000);
    await worker.runOnce();
    expect(smtp.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it("accepts RFC 8058's body as multipart/form-data too, and asks again for a POST without it", async () => {
    const user = await createUser(ctx().database.db);
    const token = await tokenFor(ctx(), user.id);
    const bare = await ctx().app.inject({ method: "POST", url: `/unsubscribe?token=${token}` });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain("Unsubscribe from notification emails?");
    expect(await settingsOf(ctx(), user)).toBeUndefined();

    const boundary = "----x";
    const multipart = await ctx().app.inject({
      method: "POST",
      url: `/unsubscribe?token=${token}`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect((await settingsOf(ctx(), user))?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it("forged tokens and another user's id under a real signature are not valid and change nobody", async () => {
    const victim = await createUser(ctx().database.db);
    const attacker = await createUser(ctx().database.db);
    const own = await tokenFor(ctx(), attacker.id);
    const signature = own.split(".").at(-1)!;
    const forged = [
      `u1.${victim.id}.0.all.${signature}`, // another user's id, the attacker's signature
      `${own.slice(0, -1)}${own.endsWith("A") ? "B" : "A"}`, // a changed signature
      `u1.${victim.id}.0.all.${"A".repeat(43)}`,
      "garbage",
      "",
    ];
    for (const token of forged) {
      const page = await ctx().app.inject({ method: "GET", url: `/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain("This unsubscribe link is not valid");
      expect((await oneClick(ctx(), encodeURIComponent(token))).body).toContain("This unsubscribe link is not valid");
    }
    expect(await settingsOf(ctx(), victim)).toBeUndefined();
    expect(await settingsOf(ctx(), attacker)).toBeUndefined();
  });

  it("a link from before email was turned back on is no longer valid; Settings shows and changes the choice", async () => {
    const { user, headers } = await createVerifiedUserWithSession(ctx().database.db);
    const old = await tokenFor(ctx(), user.id);
    expect((await oneClick(ctx(), old)).statusCode).toBe(200);

    const before = await send(ctx().app, "GET", "/api/email-settings", undefined, headers);
    expect(before.json()).toEqual({
      cadence: "hourly",
      timeZone: "UTC",
      emailOn: false,
      emailVerified: true,
      digestHour: 8,
    });
    const on = { cadence: "daily", timeZone: "Europe/Paris", emailOn: true };
    const saved = await send(ctx().app, "PUT", "/api/email-settings", on, headers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(on);
    expect((await settingsOf(ctx(), user))?.tokenGeneration).toBe(1);

    for (const request of [
      ctx().app.inject({ method: "GET", url: `/unsubscribe?token=${old}` }),
      oneClick(ctx(), old),
    ]) {
      const page = await request;
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain("This unsubscribe link is not valid");
    }
    expect((await settingsOf(ctx(), user))?.unsubscribedAt).toBeNull();
    // A new email's link works.
    expect((await oneClick(ctx(), await tokenFor(ctx(), user.id, 1))).statusCode).toBe(200);

    const badZone = await send(ctx().app, "PUT", "/api/email-settings", { ...on, timeZone: "Mars/Olympus" }, headers);
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json()).toMatchObject({ message: TIME_ZONE_RULE, fields: { timeZone: TIME_ZONE_RULE } });
    expect((await send(ctx().app, "GET", "/api/email-settings")).statusCode).toBe(401);
  });
});
