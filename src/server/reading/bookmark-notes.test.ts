// Issue 30 section 4: bookmarks that say something (note, tags, rec, private), their public pages, Mark for Later.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  BOOKMARK_NOTE_SCRIPT,
  BOOKMARK_NOTE_TOO_LONG,
  BOOKMARK_TAG_LENGTH,
  BOOKMARK_TOO_MANY_TAGS,
} from "../../shared/schemas/reading";
import { authorBookmarksPath, storyBookmarksPath } from "../../shared/routes";
import { bookmarks, stories, userBlocks, users } from "../db/schema";
import { removeAccount } from "../my-account/delete-account";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession } from "../test/factories";

describeEachDb("reading: bookmark notes, public bookmarks and Mark for Later", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, body?: unknown) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});
  const published = (overrides = {}) => createStory(db(), { published: true, publishedAt: new Date(), ...overrides });
  const countOf = async (id: number) =>
    (await db().select({ n: stories.bookmarkCount }).from(stories).where(eq(stories.id, id)))[0]!.n;
  const rowsOf = (id: number) => db().select().from(bookmarks).where(eq(bookmarks.storyId, id));

  it("PUT bookmarks with a note, tags, rec and privacy; the toggle keeps working; the count is of public ones", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const story = await published({ title: "Lantern Road" });
    const put = await call("PUT", `/api/stories/${story.id}/bookmark`, reader.cookie, {
      note: "  Read this for the harbour scene.\u0007  ",
      tags: ["comfort read", "Comfort Read", " slow  burn "],
      rec: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      bookmarked: true,
      note: "Read this for the harbour scene.",
      tags: ["comfort read", "slow burn"],
      rec: true,
      private: false,
    });
    expect(await countOf(story.id)).toBe(1);
    // Only what is sent changes.
    expect(
      (await call("PUT", `/api/stories/${story.id}/bookmark`, reader.cookie, { private: true })).json(),
    ).toMatchObject({
      note: "Read this for the harbour scene.",
      rec: true,
      private: true,
    });
    expect(await countOf(story.id)).toBe(0);
    expect((await call("GET", `/api/stories/${story.id}/bookmark`, reader.cookie)).json()).toEqual({
      bookmarked: true,
      note: "Read this for the harbour scene.",
      tags: ["comfort read", "slow burn"],
      rec: true,
      private: true,
    });
    // The toggle takes a private bookmark back without taking anything off the count, and bookmarks again publicly.
    expect((await call("POST", `/api/stories/${story.id}/bookmark`, reader.cookie)).json()).toEqual({
      bookmarked: false,
    });
    expect(await countOf(story.id)).toBe(0);
    expect((await call("POST", `/api/stories/${story.id}/bookmark`, reader.cookie)).json()).toEqual({
      bookmarked: true,
    });
    expect(await countOf(story.id)).toBe(1);
    // A note cleared with null or blank text.
    expect(
      (await call("PUT", `/api/stories/${story.id}/bookmark`, reader.cookie, { note: " " })).json().note,
    ).toBeNull();
  });

  it("refuses bad input naming the field and writes nothing", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const story = await published();
    const bad = async (body: unknown, field: string, message: string) => {
      const res = await call("PUT", `/api/stories/${story.id}/bookmark`, reader.cookie, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().fields?.[field] ?? res.json().message).toContain(message);
    };
    await bad({ note: "x".repeat(5001) }, "note", BOOKMARK_NOTE_TOO_LONG);
    await bad({ note: "Lovely <script>alert(1)</script>" }, "note", BOOKMARK_NOTE_SCRIPT);
    await bad({ note: '<img src=x onerror="alert(1)">' }, "note", BOOKMARK_NOTE_SCRIPT);
    await bad({ tags: Array.from({ length: 31 }, (_, i) => `t${i}`) }, "tags", BOOKMARK_TOO_MANY_TAGS);
    await bad({ tags: ["ok", "x".repeat(101)] }, "tags", BOOKMARK_TAG_LENGTH);
    await bad({ tags: ["  "] }, "tags", BOOKMARK_TAG_LENGTH);
    await bad({ rec: "yes" }, "rec", "Rec must be true or false");
    expect(await rowsOf(story.id)).toEqual([]);
    expect(await countOf(story.id)).toBe(0);
    // Fans' hearts are text, not markup.
    const ok = await call("PUT", `/api/stories/${story.id}/bookmark`, reader.cookie, { note: "I <3 this & that" });
    expect(ok.json().note).toBe("I <3 this & that");
  });

  it("answers 404 for a story the reader may not read, 401 signed out, 403 when the author blocked the reader", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const mature = await published({ rating: "mature" });
    const draft = await createStory(db(), { published: false });
    for (const id of [mature.id, draft.id, 99_999_999]) {
      expect((await call("PUT", `/api/stories/${id}/bookmark`, reader.cookie, { rec: true })).statusCode).toBe(404);
      expect((await call("PUT", `/api/stories/${id}/later`, reader.cookie)).statusCode).toBe(404);
    }
    const open = await published();
    expect((await call("PUT", `/api/stories/${open.id}/bookmark`, undefined, { rec: true })).statusCode).toBe(401);
    await db().insert(userBlocks).values({ userId: open.authorId, otherId: reader.user.id, kind: "block" });
    expect((await call("PUT", `/api/stories/${open.id}/bookmark`, reader.cookie, { rec: true })).statusCode).toBe(403);
    expect(await rowsOf(open.id)).toEqual([]);
  });

  it("Saved Stories carries the notes and filters by tag and by rec", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const a = await published({ title: "Alpha" });
    const b = await published({ title: "Beta" });
    await call("PUT", `/api/stories/${a.id}/bookmark`, reader.cookie, { note: "First", tags: ["Fluff"], rec: true });
    ctx().clock.advance(1_000);
    await call("PUT", `/api/stories/${b.id}/bookmark`, reader.cookie, { tags: ["angst"] });
    const all = (await call("GET", "/api/bookmarks", reader.cookie)).json();
    expect(all.map((i: { title: string }) => i.title)).toEqual(["Beta", "Alpha"]);
    expect(all[1]).toMatchObject({ note: "First", tags: ["Fluff"], rec: true, private: false });
    const titles = async (query: string) =>
      (await call("GET", `/api/bookmarks${query}`, reader.cookie)).json().map((i: { title: string }) => i.title);
    expect(await titles("?tag=fluff")).toEqual(["Alpha"]);
    expect(await titles("?rec=true")).toEqual(["Alpha"]);
    expect(await titles("?rec=false")).toEqual(["Beta"]);
    expect(await titles("?tag=none")).toEqual([]);
    expect((await call("GET", "/api/bookmarks?rec=maybe", reader.cookie)).statusCode).toBe(400);
  });

  it("lists public bookmarks on the reader's page and the work's page, never private, mature or suspended ones", async () => {
    const reader = await createVerifiedUserWithSession(db(), { username: `Rec_${Date.now() % 100000}` });
    const name = reader.user.username;
    const work = await published({ title: "The Copper Road" });
    const hidden = await published({ title: "Kept To Myself" });
    const mature = await published({ title: "Grown Up Tale", rating: "mature" });
    await call("PUT", `/api/stories/${work.id}/bookmark`, reader.cookie, {
      note: "Line one.\nThe <b>bridge</b> chapter!",
      tags: ["found family"],
      rec: true,
    });
    await call("PUT", `/api/stories/${hidden.id}/bookmark`, reader.cookie, { note: "secret", private: true });
    await db().insert(bookmarks).values({ storyId: mature.id, userId: reader.user.id, note: "grown-up note" });

    const page = await call("GET", authorBookmarksPath(name));
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("script-src 'none'");
    expect(page.body).toContain("The Copper Road");
    expect(page.body).toContain("The &lt;b&gt;bridge&lt;/b&gt; chapter!");
    expect(page.body).toContain("found family");
    expect(page.body).toContain(">Rec<");
    expect(page.body).not.toContain("Kept To Myself");
    expect(page.body).not.toContain("secret");
    expect(page.body).not.toContain("Grown Up Tale");
    // Another case of the name leads to the reader's own spelling; nobody's name is a 404.
    const other = await call("GET", authorBookmarksPath(name.toLowerCase()));
    expect(other.statusCode).toBe(301);
    expect(other.headers.location).toBe(authorBookmarksPath(name));
    expect((await call("GET", "/u/nobody_here_at_all/bookmarks")).statusCode).toBe(404);

    const ofWork = await call("GET", storyBookmarksPath(work.id, "The Copper Road"));
    expect(ofWork.statusCode).toBe(200);
    expect(ofWork.body).toContain(name);
    expect(ofWork.body).toContain("found family");
    // The work's page says how many and links there.
    const story = await call("GET", `/s/${work.id}-the-copper-road`);
    expect(story.body).toContain(`href="${storyBookmarksPath(work.id, "The Copper Road")}">1 bookmark</a>`);
    expect((await call("GET", storyBookmarksPath(mature.id, "Grown Up Tale"))).statusCode).toBe(404);
    expect((await call("GET", `/s/${work.id}-wrong-slug/bookmarks`)).statusCode).toBe(301);

    // A suspended reader's bookmarks leave both pages.
    await db()
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, reader.user.id));
    expect((await call("GET", storyBookmarksPath(work.id, "The Copper Road"))).body).not.toContain("found family");
  });

  it("pages a long list of public bookmarks, newest first", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const author = await createUser(db());
    const works = [];
    for (let i = 0; i < 32; i++) works.push(await published({ title: `Work number ${i}`, authorId: author.id }));
    const base = Date.now();
    await db()
      .insert(bookmarks)
      .values(works.map((w, i) => ({ storyId: w.id, userId: reader.user.id, createdAt: new Date(base + i * 1000) })));
    const first = await call("GET", authorBookmarksPath(reader.user.username));
    expect(first.body).toContain("Work number 31");
    expect(first.body).not.toContain("Work number 1<");
    const older = /href="([^"]+\?before=[^"]+)">Older bookmarks/.exec(first.body)?.[1];
    expect(older).toBeDefined();
    const second = await call("GET", older!);
    expect(second.body).toContain("Work number 0<");
    expect(second.body).toContain("Work number 1<");
    expect(second.body).not.toContain("Work number 31");
    expect((await call("GET", `${authorBookmarksPath(reader.user.username)}?before=nonsense`)).statusCode).toBe(404);
  });

  it("marks a work for later, lists it, and 'Mark as read' takes it off", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const one = await published({ title: "Later One" });
    const two = await published({ title: "Later Two" });
    expect((await call("PUT", `/api/stories/${one.id}/later`, reader.cookie)).json()).toEqual({ later: true });
    ctx().clock.advance(1_000);
    expect((await call("PUT", `/api/stories/${two.id}/later`, reader.cookie)).json()).toEqual({ later: true });
    // Twice is still once.
    expect((await call("PUT", `/api/stories/${two.id}/later`, reader.cookie)).statusCode).toBe(200);
    expect((await call("GET", `/api/stories/${one.id}/later`, reader.cookie)).json()).toEqual({ later: true });
    const list = (await call("GET", "/api/me/later", reader.cookie)).json();
    expect(list.map((i: { title: string }) => i.title)).toEqual(["Later Two", "Later One"]);
    expect(list[0]).toMatchObject({ aiLabel: "none", author: { username: expect.any(String) } });
    expect((await call("DELETE", `/api/stories/${two.id}/later`, reader.cookie)).json()).toEqual({ later: false });
    expect((await call("GET", "/api/me/later", reader.cookie)).json().map((i: { title: string }) => i.title)).toEqual([
      "Later One",
    ]);
    // A work unpublished since leaves the list; signed out is a 401.
    await db().update(stories).set({ published: false }).where(eq(stories.id, one.id));
    expect((await call("GET", "/api/me/later", reader.cookie)).json()).toEqual([]);
    expect((await call("GET", "/api/me/later")).statusCode).toBe(401);
  });

  it("takes a deleted account's public bookmarks off the counts, and leaves the works of its private ones as they were", async () => {
    const [open, hidden] = [await published(), await published()];
    const leaving = await createVerifiedUserWithSession(db());
    const staying = await createVerifiedUserWithSession(db());
    await call("PUT", `/api/stories/${open.id}/bookmark`, leaving.cookie, { note: "public" });
    await call("PUT", `/api/stories/${hidden.id}/bookmark`, leaving.cookie, { private: true });
    await call("PUT", `/api/stories/${hidden.id}/bookmark`, staying.cookie, {});
    expect([await countOf(open.id), await countOf(hidden.id)]).toEqual([1, 1]);
    await removeAccount(db(), leaving.user, "delete");
    expect([await countOf(open.id), await countOf(hidden.id)]).toEqual([0, 1]);
  });
});
