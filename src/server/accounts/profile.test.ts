// PATCH /api/user: the profile schema (a new username 3–10 with hyphens, description ≤ 280) and unique usernames.
import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { describeEachDb, send } from "../test/app";
import { createVerifiedAccount, logInCookie } from "../test/accounts";

const INVALID_PROFILES: [string, Record<string, string>, string][] = [
  ["username", { username: "ab" }, "Username must be at least 3 characters"],
  ["username", { username: "abcdefghijk" }, "Username must be at most 10 characters"],
  ["username", { username: "bad name" }, "Username can only contain letters, numbers, hyphens, and underscores"],
  ["description", { username: "okname", description: "d".repeat(281) }, "Description must be at most 280 characters"],
];

describeEachDb("PATCH /api/user", (ctx) => {
  const signedIn = async (overrides: { username?: string } = {}) => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer, overrides);
    return { account, cookie: await logInCookie(ctx().app, account) };
  };

  for (const [field, body, message] of INVALID_PROFILES) {
    it(`refuses ${field} with '${message}'`, async () => {
      const { cookie } = await signedIn();
      const response = await send(ctx().app, "PATCH", "/api/user", body, { cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, fields: { [field]: message } });
    });
  }

  it("answers 401 without a session, before looking at the body", async () => {
    const response = await send(ctx().app, "PATCH", "/api/user", { username: "x" });
    expect(response.statusCode).toBe(401);
  });

  it("updates username (hyphens allowed) and description and presents the user", async () => {
    const { account, cookie } = await signedIn();
    const tag = account.username.slice(-4);
    const response = await send(
      ctx().app,
      "PATCH",
      "/api/user",
      { username: `new-${tag}`, description: "d".repeat(280) },
      { cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: `new-${tag}`,
      description: "d".repeat(280),
      email: account.email,
    });
    expect((await send(ctx().app, "GET", "/api/user", undefined, { cookie })).json().username).toBe(`new-${tag}`);

    const cleared = await send(
      ctx().app,
      "PATCH",
      "/api/user",
      { username: `new-${tag}`, description: "" },
      { cookie },
    );
    expect(cleared.json().description).toBeNull();
  });

  it("keeps a 15-character sign-up username that the profile rule (3–10) would refuse, but not a new one", async () => {
    const longName = `long_name_${randomBytes(3).toString("hex")}`.slice(0, 15);
    const { account, cookie } = await signedIn({ username: longName });
    expect(account.username).toHaveLength(15);

    const kept = await send(
      ctx().app,
      "PATCH",
      "/api/user",
      { username: longName, description: "Still me." },
      { cookie },
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ username: longName, description: "Still me." });

    const renamed = await send(ctx().app, "PATCH", "/api/user", { username: `${longName}x`.slice(1) }, { cookie });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ fields: { username: "Username must be at most 10 characters" } });
    const recased = await send(ctx().app, "PATCH", "/api/user", { username: longName.toUpperCase() }, { cookie });
    expect(recased.json()).toMatchObject({ fields: { username: "Username must be at most 10 characters" } });
  });

  it("refuses another user's username in any case with 409, but lets a user change the case of their own", async () => {
    const first = await signedIn();
    const second = await signedIn();
    await send(ctx().app, "PATCH", "/api/user", { username: "Taken_1" }, { cookie: first.cookie });

    const clash = await send(ctx().app, "PATCH", "/api/user", { username: "taken_1" }, { cookie: second.cookie });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: "Username is already taken", code: "USERNAME_TAKEN" });

    const recase = await send(ctx().app, "PATCH", "/api/user", { username: "TAKEN_1" }, { cookie: first.cookie });
    expect(recase.statusCode).toBe(200);
    expect(recase.json().username).toBe("TAKEN_1");
  });
});
