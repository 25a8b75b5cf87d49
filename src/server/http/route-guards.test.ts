// Guards decide on the matched route, not the raw URL; API answers are never cached.
import { expect, it } from "vitest";
import { freshIp } from "../test/accounts";
import { multipartFile, solidImage } from "../test/images";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { IMMUTABLE } from "../images/routes";

const FOREIGN = "https://evil.example";

describeEachDb("route guards", (ctx) => {
  it.each(["/api/login", "/%61pi/login", "/api/%6cogin", "/api//login", "//api/login", "/API/login", "/%61pi//login"])(
    "refuses POST %s from a foreign origin",
    async (url) => {
      const res = await ctx().app.inject({
        method: "POST",
        url,
        remoteAddress: freshIp(),
        headers: { origin: FOREIGN, "content-type": "application/json" },
        payload: JSON.stringify({ email: "fan@example.com", password: "Str0ng!Pass" }),
      });
      expect([res.statusCode, res.json()]).toEqual([
        403,
        { message: "Cross-origin request refused", code: "FORBIDDEN" },
      ]);
    },
  );

  it("loads the session for an encoded API path that reaches a route", async () => {
    const { cookie, user } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
    const res = await send(ctx().app, "GET", "/%61pi/user", undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id });
  });

  it("marks every API answer no-store, signed in or not, errors included", async () => {
    const { cookie } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
    const answers = [
      await send(ctx().app, "GET", "/api/user", undefined, { cookie }),
      await send(ctx().app, "GET", "/api/stories", undefined, { cookie }),
      await send(ctx().app, "GET", "/api/user"),
      await send(ctx().app, "GET", "/api/no-such-thing"),
      await send(ctx().app, "PATCH", "/api/user", { username: "x" }, { cookie }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400]);
    for (const res of answers) expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("keeps covers' immutable caching and leaves non-API answers alone", async () => {
    const { cookie } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
    const file = multipartFile("c.png", "image/png", await solidImage("png"));
    const upload = await ctx().app.inject({
      method: "POST",
      url: "/api/images",
      payload: file.payload,
      headers: { ...file.headers, cookie, origin: TEST_APP_URL },
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.headers["cache-control"]).toBe("no-store");
    const image = await send(ctx().app, "GET", upload.json().url);
    expect(image.headers["cache-control"]).toBe(IMMUTABLE);
    const health = await send(ctx().app, "GET", "/healthz");
    expect(health.headers["cache-control"]).toBeUndefined();
  });
});
