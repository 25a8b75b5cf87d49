// POST /api/register: the schema's validation messages, case-insensitive uniqueness, referrals, the rate limit,
// and GET /api/dev/outbox.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { referrals, users } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { freshIp, newAccount, outboxLink, sendFrom } from "../test/accounts";

const INVALID_REGISTRATIONS: [string, Record<string, string>, string][] = [
  ["username", { username: "ab" }, "Username must be at least 3 characters"],
  ["username", { username: "a".repeat(16) }, "Username must be less than 15 characters"],
  ["username", { username: "bad name!" }, "Username can only contain letters, numbers, and underscores"],
  ["password", { password: "Ab1!xyz" }, "Password must be at least 8 characters"],
  ["password", { password: `Ab1!${"x".repeat(125)}` }, "Password must be less than 128 characters"],
  [
    "password",
    { password: "alllowercase1!" },
    // Only what is missing (the strength meter's rule set).
    "Password must contain at least one uppercase letter",
  ],
  ["password", { password: "NoSpecials-123" }, "Password must contain at least one special character (@$!%*?&)"],
  ["email", { email: "not-an-email" }, "Invalid email address"],
  ["email", { email: `${"a".repeat(250)}@example.com` }, "Email must be less than 255 characters"],
  ["description", { description: "d".repeat(241) }, "Description must be less than 240 characters"],
];

describeEachDb("POST /api/register", (ctx) => {
  for (const [field, change, message] of INVALID_REGISTRATIONS) {
    it(`refuses ${field} with '${message}'`, async () => {
      const response = await sendFrom(ctx().app, freshIp(), "POST", "/api/register", newAccount(change));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, code: "VALIDATION", fields: { [field]: message } });
    });
  }

  it("creates an unverified account, emails a link, and does not sign in", async () => {
    const account = newAccount({ description: "I write slow burns." });
    const response = await send(ctx().app, "POST", "/api/register", account);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Please check your email to verify your account." });
    expect(response.cookies.find((c) => c.name === "ff_session")).toBeUndefined();

    const [row] = await ctx().database.db.select().from(users).where(eq(users.email, account.email));
    expect(row).toMatchObject({ username: account.username, emailVerified: false, authProvider: "email" });
    expect(row!.description).toBe("I write slow burns.");
    expect(row!.password).toMatch(/^\$argon2id\$/);
    expect(row!.referralCode).toMatch(/^[A-Za-z0-9_-]{8}$/);
    const token = new URL(`http://x${outboxLink(ctx().mailer, account.email, "/api/verify-email")}`).searchParams.get(
      "token",
    );
    // Only the hash is stored, and the link lives 24 hours.
    expect(row!.verificationToken).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.verificationToken).not.toBe(token);
    expect(row!.verificationTokenExpiry!.getTime() - ctx().clock.now().getTime()).toBe(24 * 60 * 60 * 1000);
  });

  it("refuses a taken username or email whatever their case", async () => {
    const first = newAccount({ username: "CaseyQ", email: "casey.q@example.com" });
    expect((await send(ctx().app, "POST", "/api/register", first)).statusCode).toBe(200);

    const sameName = await send(ctx().app, "POST", "/api/register", newAccount({ username: "caseyq" }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      message: "Username is already taken",
      fields: { username: "Username is already taken" },
    });

    const sameEmail = await send(ctx().app, "POST", "/api/register", newAccount({ email: "CASEY.Q@Example.com" }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      message: "An account with this email already exists",
      fields: { email: "An account with this email already exists" },
    });
  });

  it("answers 409, not 500, when two sign-ups race for the same username or email", async () => {
    const name = newAccount().username;
    const sameName = await Promise.all(
      [0, 1].map(() => send(ctx().app, "POST", "/api/register", newAccount({ username: name }))),
    );
    expect(sameName.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(sameName.find((r) => r.statusCode === 409)!.json().message).toBe("Username is already taken");

    const email = newAccount().email;
    const sameEmail = await Promise.all(
      [0, 1].map(() => send(ctx().app, "POST", "/api/register", newAccount({ email }))),
    );
    expect(sameEmail.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(sameEmail.find((r) => r.statusCode === 409)!.json().message).toBe(
      "An account with this email already exists",
    );
  });

  it("records the referrer when the ref code matches a user, and ignores unknown codes", async () => {
    const referrer = newAccount();
    await send(ctx().app, "POST", "/api/register", referrer);
    const db = ctx().database.db;
    const [{ referralCode, id: referrerId }] = (await db
      .select()
      .from(users)
      .where(eq(users.email, referrer.email))) as [typeof users.$inferSelect];

    const friend = newAccount({ ref: referralCode! });
    expect((await send(ctx().app, "POST", "/api/register", friend)).statusCode).toBe(200);
    const [friendRow] = await db.select().from(users).where(eq(users.email, friend.email));
    const rows = await db.select().from(referrals).where(eq(referrals.referredUserId, friendRow!.id));
    expect(rows.map((r) => ({ referrerId: r.referrerId, code: r.code }))).toEqual([{ referrerId, code: referralCode }]);
    expect(friendRow!.referralCode).not.toBe(referralCode);

    const stranger = newAccount({ ref: "nope-nope" });
    expect((await send(ctx().app, "POST", "/api/register", stranger)).statusCode).toBe(200);
    const [strangerRow] = await db.select().from(users).where(eq(users.email, stranger.email));
    expect(await db.select().from(referrals).where(eq(referrals.referredUserId, strangerRow!.id))).toEqual([]);
  });

  it("allows 50 sign-up attempts per IP per 15 minutes, then answers 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < 50; i++) {
      const response = await sendFrom(ctx().app, ip, "POST", "/api/register", { username: "x" });
      expect(response.statusCode).toBe(400);
    }
    const limited = await sendFrom(ctx().app, ip, "POST", "/api/register", newAccount());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: "Too many requests. Please try again later.",
      code: "RATE_LIMITED",
      retryAfterSeconds: 15 * 60,
    });
    expect((await sendFrom(ctx().app, freshIp(), "POST", "/api/register", newAccount())).statusCode).toBe(200);
  });

  it("lists the dev outbox with the full link in the text", async () => {
    const account = newAccount();
    await send(ctx().app, "POST", "/api/register", account);
    const response = await send(ctx().app, "GET", "/api/dev/outbox");
    expect(response.statusCode).toBe(200);
    const entry = (response.json() as Record<string, string>[]).find((m) => m.to === account.email)!;
    expect(Object.keys(entry).sort()).toEqual(["html", "sentAt", "subject", "text", "to"]);
    expect(entry.subject).toBe("Verify your FicForge email");
    expect(entry.text).toMatch(/http:\/\/localhost:3000\/api\/verify-email\?token=[A-Za-z0-9_-]{43}\n/);
    expect(entry.html).toContain('href="http://localhost:3000/api/verify-email?token=');
  });
});
