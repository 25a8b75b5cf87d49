// The signed-in hint cookie (src/shared/signed-in-hint.ts) follows the session cookie: set at sign-in with the
// same lifetime, readable by the page, cleared at sign-out and whenever the server finds no live session.
import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { describeEachDb, send } from "../test/app";
import { createVerifiedAccount, freshIp, sendFrom } from "../test/accounts";

const cookieNamed = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name);

/** The names of the cookies a response deletes (expiry in the past). */
const cleared = (response: LightMyRequestResponse) =>
  response.cookies
    .filter((c) => c.expires && c.expires.getTime() <= Date.now())
    .map((c) => c.name)
    .sort();

describeEachDb("signed-in hint cookie", (ctx) => {
  it("is set beside the session cookie at sign-in, readable by scripts, with the same expiry", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const login = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account);
    expect(login.statusCode).toBe(200);
    const session = cookieNamed(login, "ff_session");
    const hint = cookieNamed(login, "ff_signed_in");
    expect(session?.httpOnly).toBe(true);
    expect(hint).toMatchObject({ value: "1", path: "/", sameSite: "Lax" });
    expect(hint?.httpOnly).toBeUndefined();
    expect(hint?.expires?.getTime()).toBe(session?.expires?.getTime());
    expect(hint?.expires?.getTime()).toBeGreaterThan(Date.now());

    const out = await send(ctx().app, "POST", "/api/logout", undefined, {
      cookie: `ff_session=${session?.value}; ff_signed_in=1`,
    });
    expect(out.statusCode).toBe(200);
    expect(cleared(out)).toEqual(["ff_session", "ff_signed_in"]);
  });

  it("is cleared with the session cookie when that session is gone", async () => {
    const account = await createVerifiedAccount(ctx().app, ctx().mailer);
    const login = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", account);
    const cookie = `ff_session=${cookieNamed(login, "ff_session")?.value}; ff_signed_in=1`;
    const alive = await send(ctx().app, "GET", "/api/user", undefined, { cookie });
    expect(alive.statusCode).toBe(200);
    expect(alive.cookies).toEqual([]);

    ctx().clock.advance(31 * 24 * 60 * 60 * 1000);
    const expired = await send(ctx().app, "GET", "/api/user", undefined, { cookie });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: "Not authenticated", code: "UNAUTHORIZED" });
    expect(cleared(expired)).toEqual(["ff_session", "ff_signed_in"]);
  });

  it("is not cleared by a call still carrying the session a sign-in just replaced; who-is-signed-in answers clear it", async () => {
    // A reader's page has calls in flight when another account signs in on the same browser (sign-in ends the session
    // it came with): those calls' answers land after the new cookie, and deleting the cookie there signed the browser
    // out (e2e/offline.spec.ts, once on CI).
    const reader = await createVerifiedAccount(ctx().app, ctx().mailer);
    const other = await createVerifiedAccount(ctx().app, ctx().mailer);
    const first = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", reader);
    const replaced = `ff_session=${cookieNamed(first, "ff_session")?.value}; ff_signed_in=1`;
    const signIn = await sendFrom(ctx().app, freshIp(), "POST", "/api/login", other, { cookie: replaced });
    expect(signIn.statusCode).toBe(200);

    const inFlightRead = await send(ctx().app, "GET", "/api/notifications/unread-count", undefined, {
      cookie: replaced,
    });
    expect(inFlightRead.statusCode).toBe(401);
    expect(inFlightRead.cookies).toEqual([]);
    const inFlightWrite = await send(ctx().app, "POST", "/api/notifications/1/read", undefined, { cookie: replaced });
    expect(inFlightWrite.statusCode).toBe(401);
    expect(inFlightWrite.cookies).toEqual([]);

    const who = await send(ctx().app, "GET", "/api/user", undefined, { cookie: replaced });
    expect(who.statusCode).toBe(401);
    expect(cleared(who)).toEqual(["ff_session", "ff_signed_in"]);
  });

  it("is cleared when it comes without a session cookie, and visitors get no cookies at all", async () => {
    const stale = await send(ctx().app, "GET", "/api/user", undefined, { cookie: "ff_signed_in=1" });
    expect(stale.statusCode).toBe(401);
    expect(cleared(stale)).toEqual(["ff_session", "ff_signed_in"]);

    const visitor = await send(ctx().app, "GET", "/api/user");
    expect(visitor.statusCode).toBe(401);
    expect(visitor.cookies).toEqual([]);
  });
});
