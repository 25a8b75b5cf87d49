// Settings → Account and security: changing the password and the email (with their emails and links), the list of
// signed-in devices, re-authentication and the same-site rule (issue 18 section 3).
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { sessions, users } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { EMAIL_CHANGE_REFUSED } from "./change-email";
import { PASSWORD_CHANGED, PASSWORD_SET } from "./change-password";
import { REAUTH_REQUIRED, WRONG_CURRENT_PASSWORD } from "./reauth";
import { createVerifiedAccount, freshIp, GOOD_PASSWORD, logInCookie, outboxLink, sendFrom } from "../test/accounts";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const MINUTE = 60_000;

describeEachDb("account and security", (ctx) => {
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "DELETE", url: string, cookie: string, body?: unknown, headers = {}) =>
    send(app(), method, url, body, { cookie, ...headers });
  const signIn = async (email: string, password: string, userAgent: string) => {
    const res = await sendFrom(
      app(),
      freshIp(),
      "POST",
      "/api/login",
      { email, password },
      { "user-agent": userAgent },
    );
    expect(res.statusCode, res.body).toBe(200);
    return `ff_session=${res.cookies.find((c) => c.name === "ff_session")!.value}`;
  };
  const mails = (to: string, subject: string) =>
    ctx().mailer.outbox!().filter((m) => m.to === to && m.subject === subject);
  const settled = () => app().background.settled();

  it("changes the password: current one required, sign-up rules, other sessions end, an email tells", async () => {
    const account = await createVerifiedAccount(app(), ctx().mailer);
    const laptop = await signIn(account.email, account.password, CHROME_MAC);
    const phone = await signIn(account.email, account.password, SAFARI_IPHONE);

    const wrong = await call("POST", "/api/account/password", laptop, {
      currentPassword: "Wr0ng!Pass",
      newPassword: "N3w!Password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "WRONG_PASSWORD", message: WRONG_CURRENT_PASSWORD });
    const weak = await call("POST", "/api/account/password", laptop, {
      currentPassword: GOOD_PASSWORD,
      newPassword: "weak",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword).toBe("Password must be at least 8 characters");
    // Another site's page cannot make the browser do it, nor a request that names no origin at all.
    const crossSite = await call(
      "POST",
      "/api/account/password",
      laptop,
      { currentPassword: GOOD_PASSWORD, newPassword: "N3w!Password" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.statusCode).toBe(403);
    const noOrigin = await app().inject({
      method: "POST",
      url: "/api/account/password",
      headers: { cookie: laptop, "content-type": "application/json" },
      payload: JSON.stringify({ currentPassword: GOOD_PASSWORD, newPassword: "N3w!Password" }),
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(mails(account.email, "Your FicForge password was changed")).toHaveLength(0);
    // Guessing is capped: 10 wrong current passwords in 15 minutes, then even the right one waits.
    for (let i = 0; i < 9; i++) {
      const guess = await call("POST", "/api/account/password", laptop, {
        currentPassword: `Wr0ng!${i}`,
        newPassword: "N3w!Password",
      });
      expect(guess.json().code).toBe("WRONG_PASSWORD");
    }
    const capped = await call("POST", "/api/account/password", laptop, {
      currentPassword: GOOD_PASSWORD,
      newPassword: "N3w!Password",
    });
    expect(capped.statusCode).toBe(429);
    ctx().clock.advance(15 * MINUTE + 1000);

    const done = await call("POST", "/api/account/password", laptop, {
      currentPassword: GOOD_PASSWORD,
      newPassword: "N3w!Password",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_CHANGED });
    expect((await call("GET", "/api/user", laptop)).statusCode).toBe(200);
    expect((await call("GET", "/api/user", phone)).statusCode).toBe(401);
    await settled();
    const [mail] = mails(account.email, "Your FicForge password was changed");
    expect(mail?.text).toContain("every other device was signed out");
    expect((await sendFrom(app(), freshIp(), "POST", "/api/login", account)).statusCode).toBe(401);
    await logInCookie(app(), { email: account.email, password: "N3w!Password" });
  });

  it("lets a Google-only account set a password only just after signing in", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(
      db(),
      { authProvider: "google", googleId: `g-${Date.now()}` },
      ctx().clock.now(),
    );
    ctx().clock.advance(16 * MINUTE);
    const late = await call("POST", "/api/account/password", cookie, { newPassword: "N3w!Password" });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: "REAUTH_REQUIRED", message: REAUTH_REQUIRED });
    await db().update(sessions).set({ authenticatedAt: ctx().clock.now() }).where(eq(sessions.userId, user.id));
    const set = await call("POST", "/api/account/password", cookie, { newPassword: "N3w!Password" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ message: PASSWORD_SET });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.authProvider).toBe("both");
    expect(row!.password).toMatch(/^\$argon2id\$/);
  });

  it("changes the email only through the new address's link, tells the old one, and undoes from it", async () => {
    const account = await createVerifiedAccount(app(), ctx().mailer);
    const other = await createVerifiedAccount(app(), ctx().mailer);
    const cookie = await signIn(account.email, account.password, CHROME_MAC);
    const second = await signIn(account.email, account.password, SAFARI_IPHONE);
    const newEmail = `moved_${Date.now()}@example.com`;

    // In use (someone else's, in any case) and the account's own: one answer, naming nobody.
    for (const taken of [other.email.toUpperCase(), account.email]) {
      const res = await call("POST", "/api/account/email", cookie, { newEmail: taken, currentPassword: GOOD_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: "EMAIL_CHANGE_REFUSED",
        message: EMAIL_CHANGE_REFUSED,
        fields: { newEmail: EMAIL_CHANGE_REFUSED },
      });
    }
    const wrong = await call("POST", "/api/account/email", cookie, { newEmail, currentPassword: "Wr0ng!Pass" });
    expect(wrong.json()).toMatchObject({ code: "WRONG_PASSWORD" });

    const asked = await call("POST", "/api/account/email", cookie, { newEmail, currentPassword: GOOD_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    await settled();
    // Nothing changes until the link is opened.
    expect((await call("GET", "/api/user", cookie)).json().email).toBe(account.email);
    const confirm = outboxLink(ctx().mailer, newEmail, "/api/account/email/confirm");
    const confirmed = await app().inject({ method: "GET", url: confirm });
    expect(confirmed.headers.location).toBe("/email-change?status=confirmed");
    expect((await call("GET", "/api/user", cookie)).json()).toMatchObject({ email: newEmail, emailVerified: true });
    // Once only.
    expect((await app().inject({ method: "GET", url: confirm })).headers.location).toBe("/email-change?status=invalid");
    await settled();
    const [told] = mails(account.email, "Your FicForge email was changed");
    expect(told?.text).toContain(newEmail);
    await logInCookie(app(), { email: newEmail, password: GOOD_PASSWORD });

    const undo = outboxLink(ctx().mailer, account.email, "/api/account/email/undo");
    const undone = await app().inject({ method: "GET", url: undo });
    expect(undone.headers.location).toBe("/email-change?status=undone");
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.email, account.email));
    expect(row?.email).toBe(account.email);
    for (const c of [cookie, second]) expect((await call("GET", "/api/user", c)).statusCode).toBe(401);
    expect((await app().inject({ method: "GET", url: undo })).headers.location).toBe("/email-change?status=invalid");
    expect(
      (await app().inject({ method: "GET", url: "/api/account/email/confirm?token=made-up" })).headers.location,
    ).toBe("/email-change?status=invalid");
  });

  it("refuses an expired confirmation link, and an address taken after the link was sent", async () => {
    const account = await createVerifiedAccount(app(), ctx().mailer);
    const cookie = await logInCookie(app(), account);
    const late = `late_${Date.now()}@example.com`;
    await call("POST", "/api/account/email", cookie, { newEmail: late, currentPassword: GOOD_PASSWORD });
    await settled();
    const link = outboxLink(ctx().mailer, late, "/api/account/email/confirm");
    ctx().clock.advance(24 * 60 * MINUTE + 1000);
    expect((await app().inject({ method: "GET", url: link })).headers.location).toBe("/email-change?status=invalid");

    const raced = `raced_${Date.now()}@example.com`;
    const fresh = await logInCookie(app(), account);
    await call("POST", "/api/account/email", fresh, { newEmail: raced, currentPassword: GOOD_PASSWORD });
    await settled();
    const racedLink = outboxLink(ctx().mailer, raced, "/api/account/email/confirm");
    await createVerifiedAccount(app(), ctx().mailer, { email: raced });
    expect((await app().inject({ method: "GET", url: racedLink })).headers.location).toBe(
      "/email-change?status=in-use",
    );
    expect((await call("GET", "/api/user", fresh)).json().email).toBe(account.email);
  });

  it("a password change or reset cancels every email change still waiting for its link, and tells the owner", async () => {
    // Someone who knew the password asks to move the account to their address...
    const account = await createVerifiedAccount(app(), ctx().mailer);
    const intruder = await signIn(account.email, account.password, "curl/8.5.0");
    const theirs = `intruder_${Date.now()}@example.com`;
    await call("POST", "/api/account/email", intruder, { newEmail: theirs, currentPassword: GOOD_PASSWORD });
    await settled();
    const link = outboxLink(ctx().mailer, theirs, "/api/account/email/confirm");
    // ...then the owner changes the password: the intruder's link dies with it.
    const owner = await signIn(account.email, account.password, CHROME_MAC);
    const changed = await call("POST", "/api/account/password", owner, {
      currentPassword: GOOD_PASSWORD,
      newPassword: "N3w!Password",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await settled();
    expect((await app().inject({ method: "GET", url: link })).headers.location).toBe("/email-change?status=invalid");
    expect((await call("GET", "/api/user", owner)).json().email).toBe(account.email);
    const [told] = mails(account.email, "Your FicForge password was changed");
    expect(told?.text).toContain(`A request to change your email to ${theirs} was waiting for confirmation`);

    // The same through a reset link: the pending change dies and the owner is told.
    const again = `again_${Date.now()}@example.com`;
    await call("POST", "/api/account/email", owner, { newEmail: again, currentPassword: "N3w!Password" });
    await send(app(), "POST", "/api/forgot-password", { email: account.email });
    await settled();
    const againLink = outboxLink(ctx().mailer, again, "/api/account/email/confirm");
    const token = new URL(
      outboxLink(ctx().mailer, account.email, "/reset-password?token="),
      "http://x",
    ).searchParams.get("token");
    const reset = await sendFrom(app(), freshIp(), "POST", "/api/reset-password", {
      token,
      password: "Th1rd!Password",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await settled();
    expect((await app().inject({ method: "GET", url: againLink })).headers.location).toBe(
      "/email-change?status=invalid",
    );
    const [user] = await db().select({ email: users.email }).from(users).where(eq(users.email, account.email));
    expect(user?.email).toBe(account.email);
    const toldAgain = mails(account.email, "Your FicForge password was changed").filter((m) =>
      m.text?.includes(`A request to change your email to ${again} was waiting for confirmation`),
    );
    expect(toldAgain).toHaveLength(1);
  });

  it("lists the devices, signs out one by its opaque id and then all others, never another user's", async () => {
    const account = await createVerifiedAccount(app(), ctx().mailer);
    const mac = await signIn(account.email, account.password, CHROME_MAC);
    const iphone = await signIn(account.email, account.password, SAFARI_IPHONE);
    const third = await signIn(account.email, account.password, "curl/8.5.0");
    const list = await call("GET", "/api/account/sessions", mac);
    expect(list.statusCode).toBe(200);
    const items = list.json().items as {
      id: string;
      browser: string;
      system: string;
      current: boolean;
      lastSeenAt: string;
    }[];
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ current: true, browser: "Chrome 126", system: "macOS Catalina" });
    expect(items.find((s) => s.browser.startsWith("Safari"))).toMatchObject({ current: false, system: "iOS 17.5" });
    const hashes = (await db().select({ id: sessions.id }).from(sessions)).map((s) => s.id);
    for (const item of items) expect(hashes).not.toContain(item.id);

    // Last seen moves at most once per 5 minutes.
    const before = items[0]!.lastSeenAt;
    ctx().clock.advance(MINUTE);
    expect((await call("GET", "/api/account/sessions", mac)).json().items[0].lastSeenAt).toBe(before);
    ctx().clock.advance(5 * MINUTE);
    expect((await call("GET", "/api/account/sessions", mac)).json().items[0].lastSeenAt).toBe(
      ctx().clock.now().toISOString(),
    );

    const stranger = await createVerifiedUserWithSession(db());
    const phoneId = items.find((s) => s.browser.startsWith("Safari"))!.id;
    expect((await call("DELETE", `/api/account/sessions/${phoneId}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/user", iphone)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/account/sessions/${phoneId}`, mac)).json()).toEqual({
      ended: 1,
      current: false,
    });
    expect((await call("GET", "/api/user", iphone)).statusCode).toBe(401);
    expect((await call("DELETE", `/api/account/sessions/${phoneId}`, mac)).statusCode).toBe(404);

    expect((await call("DELETE", "/api/account/sessions", mac)).json()).toEqual({ ended: 1, current: false });
    expect((await call("GET", "/api/user", third)).statusCode).toBe(401);
    expect((await call("GET", "/api/account/sessions", mac)).json().items).toHaveLength(1);
    expect((await call("GET", "/api/user", stranger.cookie)).statusCode).toBe(200);
  });
});
