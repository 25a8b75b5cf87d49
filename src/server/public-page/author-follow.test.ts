import { expect, it } from "vitest";
import { withSignedInNav } from "./signed-in-slot";
import { describeEachDb, TEST_APP_URL } from "../test/app";
import { createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

describeEachDb("community: 'Follow' on the author's page", (ctx) => {
  const user = () => createVerifiedUserWithSession(ctx().database.db);
  const page = (name: string, who?: UserWithSession) =>
    ctx().app.inject({ method: "GET", url: `/u/${name}`, headers: who ? { cookie: who.cookie } : {} });
  const post = (name: string, follow: "0" | "1", who?: UserWithSession, origin = TEST_APP_URL) =>
    ctx().app.inject({
      method: "POST",
      url: `/u/${name}/follow`,
      headers: { origin, "content-type": "application/x-www-form-urlencoded", ...(who ? { cookie: who.cookie } : {}) },
      payload: `follow=${follow}`,
    });
  const slot = (html: string) => /<div class="follow" id="follow">.*?<\/div>/s.exec(html)?.[0];

  it("shows everyone the count and a sign-in link, and a signed-in reader a form that follows and unfollows", async () => {
    const [author, reader] = [await user(), await user()];
    const name = author.user.username;
    const shared = await page(name);
    expect(shared.headers["cache-control"]).toBe("public, max-age=60");
    expect(shared.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(slot(shared.body)).toBe(
      '<div class="follow" id="follow"><span>0 followers</span><a class="btn" href="/auth">Sign in to follow</a></div>',
    );

    const mine = await page(name, reader);
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect(slot(mine.body)).toContain(
      `action="/u/${name}/follow"><input type="hidden" name="follow" value="1"><button`,
    );
    // The rest is the shared page, but for the top bar, which leads a signed-in viewer to the dashboard, and the
    // Block / Mute / Report slot (safety/blocks.test.ts).
    const safety = /<div class="safety" id="safety">.*?<\/div>/s;
    const bare = (html: string) =>
      withSignedInNav(html.replace(slot(html)!, "").replace(safety, ""), reader.user.username);
    expect(mine.body.replace(slot(mine.body)!, "").replace(safety, "")).toBe(bare(shared.body));
    expect(mine.body).toContain('<a class="btn" href="/dashboard">Dashboard</a>');
    // The author sees the count only.
    expect(slot((await page(name, author)).body)).toBe(
      '<div class="follow" id="follow"><span>0 followers</span></div>',
    );

    const followed = await post(name, "1", reader);
    expect([followed.statusCode, followed.headers.location]).toEqual([303, `/u/${name}`]);
    expect(slot((await page(name)).body)).toContain("<span>1 follower</span>");
    expect(slot((await page(name, reader)).body)).toContain(
      'value="0"><button class="btn on" aria-pressed="true">Following',
    );
    await post(name, "0", reader);
    expect(slot((await page(name)).body)).toContain("<span>0 followers</span>");

    // Signed out: off to sign in; another site's form: refused; following oneself: 400.
    expect((await post(name, "1")).headers.location).toBe("/auth");
    expect((await post(name, "1", reader, "https://evil.example")).statusCode).toBe(403);
    const crossSite = await ctx().app.inject({
      method: "POST",
      url: `/u/${name}/follow`,
      headers: { "sec-fetch-site": "cross-site", origin: "null", cookie: reader.cookie },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await post(name, "1", author)).statusCode).toBe(400);
    expect(slot((await page(name)).body)).toContain("<span>0 followers</span>");
  });
});
