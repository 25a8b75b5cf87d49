// Blocks and mutes on every write path (comment, reply, like, follow, subscribe, the author page's form) and on the
// read paths (comments, Feedback, notifications, Discover, For You, Following, /u/ and /t/ pages).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BLOCK_SELF, MUTE_SELF, USER_NOT_FOUND, WRITE_UNAVAILABLE } from "../../shared/schemas/safety";
import { follows, freeTags, likes, notifications, storyFreeTags, storySubscriptions, userBlocks } from "../db/schema";
import { createTestApp, describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";
import type { FastifyInstance } from "fastify";

describeEachDb("blocks and mutes", (ctx) => {
  const db = () => ctx().database.db;
  // A second instance on the same database: the rules live in the database, not in one process.
  let other: FastifyInstance;
  beforeAll(async () => {
    other = (await createTestApp(ctx().kind, { database: ctx().database })).app;
  });
  afterAll(() => other?.close());

  const call = (method: "GET" | "POST" | "DELETE", url: string, who?: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const user = () => createVerifiedUserWithSession(db());
  const published = (overrides = {}) => createStory(db(), { published: true, publishedAt: new Date(), ...overrides });
  const settled = () => Promise.all([ctx().app.background.settled(), other.background.settled()]);
  const comment = async (who: UserWithSession, storyId: number, content: string, parentId?: number) =>
    call("POST", `/api/stories/${storyId}/comments`, who, { content, ...(parentId ? { parentId } : {}) });
  const commentTexts = async (storyId: number, who?: UserWithSession) =>
    ((await call("GET", `/api/stories/${storyId}/comments`, who)).json().items as { content: string }[]).map(
      (c) => c.content,
    );
  const refused = (res: { statusCode: number; json: () => { message: string; code: string } }) => {
    expect([res.statusCode, res.json().message, res.json().code]).toEqual([403, WRITE_UNAVAILABLE, "UNAVAILABLE"]);
  };

  it("a block refuses the blocked person's comments, replies, likes, follows and subscriptions aimed at the blocker", async () => {
    const [author, blocked, reader] = [await user(), await user(), await user()];
    const story = await published({ authorId: author.user.id });
    const readersStory = await published({ authorId: reader.user.id });
    const readersComment = (await comment(reader, story.id, "From a reader")).json();
    const authorsComment = (await comment(author, readersStory.id, "The author, elsewhere")).json();

    // Before the block: the blocked person follows, subscribes and likes.
    expect((await call("POST", `/api/authors/${author.user.username}/follow`, blocked)).json().following).toBe(true);
    await call("POST", `/api/stories/${story.id}/subscription`, blocked);
    expect((await call("POST", `/api/stories/${story.id}/like`, blocked)).json().liked).toBe(true);
    // And the blocker follows them (the block ends that too: blocks.ts).
    await call("POST", `/api/authors/${blocked.user.username}/follow`, author);

    const self = await call("POST", `/api/blocks/${author.user.username}`, author);
    expect([self.statusCode, self.json().message]).toEqual([400, BLOCK_SELF]);
    const selfMute = await call("POST", `/api/mutes/${author.user.username}`, author);
    expect([selfMute.statusCode, selfMute.json().message]).toEqual([400, MUTE_SELF]);
    const nobody = await call("POST", "/api/blocks/no_such_person_x", author);
    expect([nobody.statusCode, nobody.json().message]).toEqual([404, USER_NOT_FOUND]);
    expect((await send(ctx().app, "POST", `/api/blocks/${blocked.user.username}`)).statusCode).toBe(401);

    // Any case of the name; twice is one block.
    const name = blocked.user.username;
    expect((await call("POST", `/api/blocks/${name.toUpperCase()}`, author)).json()).toEqual({ blocked: true });
    expect((await call("POST", `/api/blocks/${name}`, author)).json()).toEqual({ blocked: true });
    const rows = await db().select().from(userBlocks).where(eq(userBlocks.userId, author.user.id));
    expect(rows.map((r) => [r.otherId, r.kind])).toEqual([[blocked.user.id, "block"]]);

    // The follows both ways went with the block.
    const followRows = await db().select().from(follows);
    expect(followRows.some((f) => f.followerId === blocked.user.id && f.authorId === author.user.id)).toBe(false);
    expect(followRows.some((f) => f.followerId === author.user.id && f.authorId === blocked.user.id)).toBe(false);
    const subs = await db().select().from(storySubscriptions).where(eq(storySubscriptions.userId, blocked.user.id));
    expect(subs).toEqual([]);

    // Every write path aimed at the blocker, on this instance and the other, answers the same neutral 403.
    refused(await comment(blocked, story.id, "A comment"));
    refused(await comment(blocked, story.id, "A reply to a reader on the blocker's story", readersComment.id));
    refused(await comment(blocked, readersStory.id, "A reply to the blocker's comment", authorsComment.id));
    refused(await send(other, "POST", `/api/authors/${author.user.username}/follow`, undefined, blocked.headers));
    refused(await call("POST", `/api/stories/${story.id}/subscription`, blocked));
    // Taking back a like made before is allowed; liking again is not.
    expect((await call("POST", `/api/stories/${story.id}/like`, blocked)).json().liked).toBe(false);
    refused(await call("POST", `/api/stories/${story.id}/like`, blocked));
    const likeRows = await db()
      .select()
      .from(likes)
      .where(and(eq(likes.userId, blocked.user.id), eq(likes.storyId, story.id)));
    expect(likeRows).toEqual([]);
    // The author page's form: back to the page, nothing followed.
    const form = await ctx().app.inject({
      method: "POST",
      url: `/u/${author.user.username}/follow`,
      headers: {
        cookie: blocked.cookie,
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
      },
      payload: "follow=1",
    });
    expect(form.statusCode).toBe(303);
    expect((await call("GET", `/api/authors/${author.user.username}/follow`, blocked)).json().following).toBe(false);

    // Elsewhere the blocked person still writes: a comment on a third person's story, and a reply to its reader.
    expect((await comment(blocked, readersStory.id, "Elsewhere")).statusCode).toBe(201);
    expect((await comment(blocked, story.id, "x", 999_999_999)).statusCode).toBe(404);

    // A mute restricts nothing.
    await call("POST", `/api/mutes/${reader.user.username}`, author);
    expect((await comment(reader, story.id, "Muted, still allowed")).statusCode).toBe(201);
    expect((await call("POST", `/api/stories/${story.id}/like`, reader)).json().liked).toBe(true);

    // Unblocked: the writes work again.
    expect((await call("DELETE", `/api/blocks/${name}`, author)).json()).toEqual({ blocked: false });
    expect((await comment(blocked, story.id, "Back again")).statusCode).toBe(201);
    expect((await call("POST", `/api/authors/${author.user.username}/follow`, blocked)).json().following).toBe(true);
  });

  it("hides the blocked and muted from the blocker's comments, notifications, lists and pages", async () => {
    const [author, blocked, muted, reader] = [await user(), await user(), await user(), await user()];
    const tag = `blocktag${Date.now()}`;
    const story = await published({ authorId: author.user.id });
    const blockedStory = await published({ authorId: blocked.user.id, title: "By the blocked one" });
    const mutedStory = await published({ authorId: muted.user.id, title: "By the muted one" });
    await db().insert(freeTags).values({ key: tag, name: tag });
    await db()
      .insert(storyFreeTags)
      .values(
        [story, blockedStory, mutedStory].map((s) => ({ storyId: s.id, kind: "freeform", key: tag, position: 0 })),
      );
    await comment(blocked, story.id, "Blocked's comment");
    await comment(muted, story.id, "Muted's comment");
    await comment(reader, story.id, "Reader's comment");
    await comment(blocked, mutedStory.id, "Blocked, elsewhere");
    await call("POST", `/api/authors/${blocked.user.username}/follow`, author);
    await call("POST", `/api/authors/${muted.user.username}/follow`, author);
    for (const s of [blockedStory, mutedStory, story]) await call("POST", `/api/stories/${s.id}/bookmark`, author);
    await settled();
    const fromThem = async () =>
      (await db().select().from(notifications).where(eq(notifications.userId, author.user.id))).length;
    expect(await fromThem()).toBe(3); // one per comment on the author's story

    const pendingFrom = async (actorIds: number[]) =>
      (await db().select().from(notifications).where(eq(notifications.userId, author.user.id))).filter(
        (n) => n.emailState === "pending" && actorIds.includes(n.actorId ?? 0),
      ).length;
    // Comments notify by email by default: waiting for the worker, unless it already ran.
    await db().update(notifications).set({ emailState: "pending" }).where(eq(notifications.userId, author.user.id));
    await call("POST", `/api/blocks/${blocked.user.username}`, author);
    await call("POST", `/api/mutes/${muted.user.username}`, author);
    // Not emailed later either; the reader's still is.
    expect([await pendingFrom([blocked.user.id, muted.user.id]), await pendingFrom([reader.user.id])]).toEqual([0, 1]);
    expect((await call("GET", "/api/blocks", author)).json()).toMatchObject({
      blocked: [{ username: blocked.user.username }],
      muted: [{ username: muted.user.username }],
    });

    // Comments: the blocked person's comment on the blocker's story is hidden from everyone but them.
    const all = ["Blocked's comment", "Muted's comment", "Reader's comment"];
    expect(await commentTexts(story.id)).toEqual(["Muted's comment", "Reader's comment"]);
    expect(await commentTexts(story.id, reader)).toEqual(["Muted's comment", "Reader's comment"]);
    expect(await commentTexts(story.id, blocked)).toEqual(all);
    expect(await commentTexts(story.id, author)).toEqual(["Reader's comment"]);
    // Elsewhere only the blocker stops seeing them.
    expect(await commentTexts(mutedStory.id, reader)).toEqual(["Blocked, elsewhere"]);
    expect(await commentTexts(mutedStory.id, author)).toEqual([]);
    // The Feedback panel and its unseen count leave them out too.
    const feedback = (await call("GET", `/api/stories/${story.id}/feedback`, author)).json();
    expect([feedback.items.map((c: { content: string }) => c.content), feedback.unseen]).toEqual([
      ["Reader's comment"],
      1,
    ]);
    expect((await call("GET", "/api/feedback/unseen", author)).json().counts[story.id]).toBe(1);

    // Notifications: the earlier ones from them are hidden, and new ones are never made.
    const listed = (await call("GET", "/api/notifications", author)).json().items as { actor: { username: string } }[];
    expect(listed.map((n) => n.actor.username)).toEqual([reader.user.username]);
    expect((await call("GET", "/api/notifications/unread-count", author)).json().unread).toBe(1);
    const before = await fromThem();
    await comment(muted, story.id, "Muted again");
    await settled();
    expect(await fromThem()).toBe(before);

    // Lists: Discover (every sort), For You, Following, the tag page, the author page — for the blocker only.
    const titles = async (url: string, who?: UserWithSession) =>
      ((await call("GET", url, who)).json() as { title: string }[]).map((s) => s.title).sort();
    const discover = `/api/published-stories?limit=50&tag=${tag}`;
    const everyone = [blockedStory.title, mutedStory.title, story.title].sort();
    expect(await titles(discover)).toEqual(everyone);
    expect(await titles(discover, reader)).toEqual(everyone);
    for (const sort of ["new", "featured", "updated", "likes", "words"]) {
      expect(await titles(`${discover}&sort=${sort}`, author)).toEqual([story.title]);
    }
    const forYou = await titles("/api/published-stories?limit=50&sort=for-you", author);
    expect(forYou).not.toContain(blockedStory.title);
    expect(forYou).not.toContain(mutedStory.title);
    expect((await call("GET", "/api/following", author)).json().items).toEqual([]);
    expect((await call("GET", "/api/following", reader)).json().items).toEqual([]);
    const saved = (await call("GET", "/api/bookmarks", author)).json() as { title: string }[];
    expect(saved.map((s) => s.title)).toEqual([story.title]);

    const tagPage = async (who?: UserWithSession) =>
      (await ctx().app.inject({ url: `/t/${tag}`, headers: who ? { cookie: who.cookie } : {} })).body;
    expect(await tagPage()).toContain("By the blocked one");
    expect(await tagPage(reader)).toContain("By the blocked one");
    const authorsTagPage = await tagPage(author);
    expect([authorsTagPage.includes("By the blocked one"), authorsTagPage.includes("By the muted one")]).toEqual([
      false,
      false,
    ]);
    expect(authorsTagPage).toContain(story.title);

    const authorPage = async (name: string, who?: UserWithSession) =>
      ctx().app.inject({ url: `/u/${name}`, headers: who ? { cookie: who.cookie } : {} });
    const seen = await authorPage(blocked.user.username, author);
    expect(seen.body).not.toContain("By the blocked one");
    expect(seen.body).toContain("so their stories are hidden from you");
    expect(seen.body).toContain(">Unblock</button>");
    expect(seen.headers["cache-control"]).toBe("private, no-store");
    expect((await authorPage(blocked.user.username)).body).toContain("By the blocked one");
    const readers = await authorPage(blocked.user.username, reader);
    expect([readers.body.includes("By the blocked one"), readers.body.includes(">Block</button>")]).toEqual([
      true,
      true,
    ]);

    // The page's own forms: unblock and unmute, then everything is back.
    for (const [what, name] of [
      ["block", blocked.user.username],
      ["mute", muted.user.username],
    ] as const) {
      const res = await ctx().app.inject({
        method: "POST",
        url: `/u/${name}/${what}`,
        headers: {
          cookie: author.cookie,
          "content-type": "application/x-www-form-urlencoded",
          "sec-fetch-site": "same-origin",
        },
        payload: `${what}=0`,
      });
      expect([res.statusCode, res.headers.location]).toEqual([303, `/u/${name}`]);
    }
    const crossSite = await ctx().app.inject({
      method: "POST",
      url: `/u/${blocked.user.username}/block`,
      headers: {
        cookie: author.cookie,
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
      },
      payload: "block=1",
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await call("GET", "/api/blocks", author)).json()).toEqual({ blocked: [], muted: [] });
    expect(await commentTexts(story.id, author)).toEqual([...all, "Muted again"]);
    expect(await titles(discover, author)).toEqual(everyone);
    expect(TEST_APP_URL).toBeTruthy();
  });
});
