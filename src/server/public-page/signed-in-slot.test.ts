// The public pages for a signed-in reader: the shared bytes with the top bar and the story's closing box redrawn for
// them (never cached), Like and Bookmark as same-origin form posts that answer 303 back; signed-out answers unchanged.
import { expect, it } from "vitest";
import { publicStoryPath } from "../../shared/routes";
import { recordMissingChapters } from "../chapters/sync-chapters";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

const NAV = /<nav class="nav" aria-label="Account">.*?<\/nav>/s;
const JOIN = /<aside class="join" aria-labelledby="join-title">.*?<\/aside>/s;
const withoutSlots = (html: string) => html.replace(NAV, "").replace(JOIN, "");

describeEachDb("public pages for a signed-in reader", (ctx) => {
  const db = () => ctx().database.db;
  const get = (url: string, who?: UserWithSession) => send(ctx().app, "GET", url, undefined, who?.headers ?? {});
  const form = (url: string, who: UserWithSession, payload: string, site = "same-origin") =>
    ctx().app.inject({
      method: "POST",
      url,
      payload,
      headers: { cookie: who.cookie, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": site },
    });
  async function published() {
    const author = await createVerifiedUserWithSession(db());
    const title = "The Long Road";
    const content = "<h2>Chapter 1</h2><p>Snow fell.</p><h2>Chapter 2</h2><p>It melted.</p>";
    const story = await createStory(db(), {
      authorId: author.user.id,
      title,
      content,
      published: true,
      tags: ["Drama"],
    });
    await recordMissingChapters(db(), ctx().clock.now());
    ctx().app.readCache.invalidateStory(story.id);
    return { story, author, path: publicStoryPath(story.id, title) };
  }

  it("shows the reader signed in, with Read in the app, Like and Bookmark; the signed-out page stays shared", async () => {
    const { story, path } = await published();
    const reader = await createVerifiedUserWithSession(db());
    const out = await get(path);
    expect([out.statusCode, out.headers["cache-control"], out.headers.vary]).toEqual([
      200,
      "public, max-age=60",
      "Accept-Encoding, Cookie",
    ]);
    expect(out.headers.etag).toBeTruthy();
    expect(out.body).toContain(">Join free</a>");
    expect((await get(path)).body).toBe(out.body);

    const mine = await get(path, reader);
    expect([mine.statusCode, mine.headers["cache-control"], mine.headers.vary, mine.headers.etag]).toEqual([
      200,
      "private, no-store",
      "Accept-Encoding, Cookie",
      undefined,
    ]);
    expect(mine.headers["content-security-policy"]).toBe(out.headers["content-security-policy"]);
    const html = mine.body;
    expect(html).not.toContain("Join free");
    expect(html).not.toContain(">Sign in</a>");
    expect(html).toContain(`Signed in as <strong>${reader.user.username}</strong>`);
    expect(html).toContain(`<a class="btn" href="/dashboard/story/${story.id}/read">Read in the app</a>`);
    expect(html).toContain(`action="/s/${story.id}/like"`);
    expect(html).toMatch(/<button class="btn" aria-pressed="false">Like<\/button>/);
    expect(html).toMatch(/<button class="btn" aria-pressed="false">Bookmark<\/button>/);
    expect(html).not.toContain("<script");
    // Everything else is the shared page's bytes.
    expect(withoutSlots(html)).toBe(withoutSlots(out.body));
    // A cookie without a live session is a signed-out visitor.
    expect((await send(ctx().app, "GET", path, undefined, { cookie: "ff_session=nothing" })).body).toBe(out.body);
  });

  it("Like and Bookmark post as forms, answer 303 back to the page, and set (not toggle) the state", async () => {
    const { story, path } = await published();
    const reader = await createVerifiedUserWithSession(db());
    const back = `${path}/2`;
    const liked = await form(`/s/${story.id}/like`, reader, `on=1&back=${encodeURIComponent(back)}`);
    expect([liked.statusCode, liked.headers.location]).toEqual([303, `${back}#reader-actions`]);
    // Twice (a double click) is still one like.
    await form(`/s/${story.id}/like`, reader, "on=1");
    expect((await get(`/api/stories/${story.id}/read`, reader)).json()).toMatchObject({ liked: true, likeCount: 1 });
    await form(`/s/${story.id}/bookmark`, reader, "on=1");
    expect(((await get("/api/bookmarks", reader)).json() as { id: number }[]).map((b) => b.id)).toEqual([story.id]);

    // The chapter page shows both as done, with the way to take them back.
    const chapter = (await get(back, reader)).body;
    expect(chapter).toMatch(/<button class="btn on" aria-pressed="true">Liked<\/button>/);
    expect(chapter).toMatch(/<button class="btn on" aria-pressed="true">Bookmarked<\/button>/);
    expect(chapter).toContain('<input type="hidden" name="on" value="0">');
    expect((await get(back)).body).toContain(">Join free</a>");

    await form(`/s/${story.id}/like`, reader, "on=0");
    expect((await get(`/api/stories/${story.id}/read`, reader)).json()).toMatchObject({ liked: false, likeCount: 0 });

    // Another site's form, a back link elsewhere, a signed-out post.
    expect((await form(`/s/${story.id}/like`, reader, "on=1", "cross-site")).statusCode).toBe(403);
    const elsewhere = await form(`/s/${story.id}/bookmark`, reader, "on=1&back=https%3A%2F%2Fevil.example%2F");
    expect(elsewhere.headers.location).toBe(`/s/${story.id}#reader-actions`);
    const signedOut = await ctx().app.inject({
      method: "POST",
      url: `/s/${story.id}/like`,
      payload: "on=1",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    });
    expect([signedOut.statusCode, signedOut.headers.location]).toEqual([303, "/auth"]);
  });

  it("author and tag pages show the reader signed in too, never cached", async () => {
    const { author } = await published();
    const reader = await createVerifiedUserWithSession(db());
    for (const url of [`/u/${author.user.username}`, "/t/Drama"]) {
      const res = await get(url, reader);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain(`Signed in as <strong>${reader.user.username}</strong>`);
      expect(res.body).not.toContain("Join free");
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
  });
});
