import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AUTHOR_NOT_FOUND, FOLLOW_SELF, NOTIFICATION_NOT_FOUND } from "../../shared/schemas/community";
import { notifications, outboxEvents, storyChapters } from "../db/schema";
import { STORY_NOT_PUBLISHED } from "../policies/visibility";
import { createTestApp, describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";
import { notifyNewChapters, notifyNewStory } from "./notify";
import { maintenanceJobs } from "../maintenance-jobs";
import type { AppDeps } from "../types";
import { fanOutNotifications } from "./pending-fan-outs";
import { drainOutbox, OWN_RUN_GRACE_MS } from "../events/outbox";

describeEachDb("community: follows, subscriptions and notifications", (ctx) => {
  const db = () => ctx().database.db;
  // A second instance on the same database, as behind a load balancer.
  let other: FastifyInstance;
  let otherDeps: AppDeps;
  beforeAll(async () => {
    ({ app: other, deps: otherDeps } = await createTestApp(ctx().kind, { database: ctx().database }));
  });
  afterAll(() => other?.close());

  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, who?: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const user = (overrides = {}) => createVerifiedUserWithSession(db(), overrides);
  const published = (overrides = {}) => createStory(db(), { published: true, publishedAt: new Date(), ...overrides });
  const settled = () => Promise.all([ctx().app.background.settled(), other.background.settled()]);
  const rowsFor = (userId: number) =>
    db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
  const unread = async (who: UserWithSession) =>
    (await call("GET", "/api/notifications/unread-count", who)).json().unread;

  it("follows and subscribes only to what exists and may be read; never oneself", async () => {
    const [author, reader] = [await user(), await user()];
    const name = author.user.username;
    expect((await send(ctx().app, "POST", `/api/authors/${name}/follow`)).statusCode).toBe(401);
    const self = await call("POST", `/api/authors/${name}/follow`, author);
    expect([self.statusCode, self.json().message]).toEqual([400, FOLLOW_SELF]);
    const nobody = await call("POST", "/api/authors/no_such_writer_x/follow", reader);
    expect([nobody.statusCode, nobody.json().message]).toEqual([404, AUTHOR_NOT_FOUND]);

    // Any case of the name; twice is still one follow.
    expect((await call("POST", `/api/authors/${name.toUpperCase()}/follow`, reader)).json()).toEqual({
      following: true,
      followerCount: 1,
    });
    expect((await call("POST", `/api/authors/${name}/follow`, reader)).json().followerCount).toBe(1);
    expect((await call("DELETE", `/api/authors/${name}/follow`, reader)).json()).toEqual({
      following: false,
      followerCount: 0,
    });

    const draft = await createStory(db(), { authorId: author.user.id });
    const mature = await published({ authorId: author.user.id, rating: "mature" });
    for (const story of [draft, mature]) {
      const res = await call("POST", `/api/stories/${story.id}/subscription`, reader);
      expect([res.statusCode, res.json().message]).toEqual([404, STORY_NOT_PUBLISHED]);
    }
    const open = await published({ authorId: author.user.id });
    expect((await call("POST", `/api/stories/${open.id}/subscription`, reader)).json()).toEqual({ subscribed: true });
    expect((await call("GET", `/api/stories/${open.id}/subscription`, reader)).json()).toEqual({ subscribed: true });
    await call("DELETE", `/api/stories/${open.id}/subscription`, reader);
    expect((await call("GET", `/api/stories/${open.id}/subscription`, reader)).json()).toEqual({ subscribed: false });
  });

  it("fans a new story and new chapters out exactly once across two instances and retries, as settings say", async () => {
    const author = await user();
    const byEmail = await user();
    const unverified = await user({ emailVerified: false });
    const inApp = await user();
    const off = await user();
    const name = author.user.username;
    for (const reader of [byEmail, unverified, inApp, off]) await call("POST", `/api/authors/${name}/follow`, reader);
    await call("PATCH", "/api/notification-settings", inApp, { new_story: "app", new_chapter: "app" });
    await call("PATCH", "/api/notification-settings", off, { new_story: "off", new_chapter: "off" });
    await settled();

    const story = await createStory(db(), { authorId: author.user.id });
    const body = { title: "Chapters", description: "Told in parts.", tags: [] };
    // The author's double click lands on both instances; then each instance retries the fan-out.
    const answers = await Promise.all(
      [ctx().app, other].map((app) =>
        send(app, "POST", `/api/stories/${story.id}/publish`, body, { cookie: author.cookie }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await settled();
    await Promise.all([notifyNewStory(db(), story.id), notifyNewStory(db(), story.id)]);

    for (const reader of [byEmail, unverified, inApp, off]) {
      await call("POST", `/api/stories/${story.id}/subscription`, reader);
    }
    const fanned = await Promise.all([
      notifyNewChapters(db(), story.id, [2, 3]),
      notifyNewChapters(db(), story.id, [2, 3]),
    ]);
    expect(fanned.sort()).toEqual([0, 6]);
    expect(await notifyNewChapters(db(), story.id, [3])).toBe(0);

    const summary = async (who: UserWithSession) =>
      (await rowsFor(who.user.id)).map((n) => `${n.type}${n.chapterNumber ?? ""}:${n.emailState}`);
    expect(await summary(byEmail)).toEqual(["new_story:pending", "new_chapter2:pending", "new_chapter3:pending"]);
    expect(await summary(unverified)).toEqual(["new_story:none", "new_chapter2:none", "new_chapter3:none"]);
    expect(await summary(inApp)).toEqual(["new_story:none", "new_chapter2:none", "new_chapter3:none"]);
    expect(await summary(off)).toEqual([]);
    // The author hears of four new followers (in the app by default), not of their own story.
    expect((await summary(author)).sort()).toEqual(Array(4).fill("new_follower:none"));
    const [row] = await rowsFor(byEmail.user.id);
    expect(row).toMatchObject({ actorId: author.user.id, storyId: story.id, dedupeKey: `story:${story.id}` });

    // A mature story reaches only the followers who may read it (premium), and a draft nobody.
    const premium = await user({ isPremium: true });
    await call("POST", `/api/authors/${name}/follow`, premium);
    const mature = await published({ authorId: author.user.id, rating: "mature" });
    const draft = await createStory(db(), { authorId: author.user.id });
    expect(await notifyNewStory(db(), mature.id)).toBe(1);
    expect(await notifyNewStory(db(), draft.id)).toBe(0);
    expect((await rowsFor(premium.user.id)).map((n) => n.storyId)).toEqual([mature.id]);
  });

  it("tells authors of comments and commenters of replies, likes at milestones, and pages, counts and marks", async () => {
    const [author, reader, friend] = [await user(), await user(), await user()];
    const story = await published({ authorId: author.user.id });
    // Each comment's fan-out runs in the background: wait for it, so the notifications' order is the comments'.
    const comment = async (who: UserWithSession, content: string, parentId?: number) => {
      const posted = await call("POST", `/api/stories/${story.id}/comments`, who, { content, parentId });
      await settled();
      return posted.json();
    };
    const first = await comment(reader, "Lovely.");
    const reply = await comment(author, "Thank you!", first.id);
    await comment(friend, "Agreed.", first.id);
    await comment(reader, "Thanks!", reply.id);
    await comment(author, "A note of my own.");
    await call("POST", `/api/stories/${story.id}/like`, reader);
    await call("POST", `/api/stories/${story.id}/like`, reader);
    await call("POST", `/api/stories/${story.id}/like`, reader); // 1 again: no second milestone
    await settled();

    const page = (await call("GET", "/api/notifications?limit=2", author)).json();
    const next = (await call("GET", `/api/notifications?limit=2&cursor=${page.nextCursor}`, author)).json();
    const all = [...page.items, ...next.items];
    expect(all.map((n) => `${n.type}:${n.actor.username}`)).toEqual([
      `like_milestone:${reader.user.username}`,
      `reply:${reader.user.username}`,
      `comment:${friend.user.username}`,
      `comment:${reader.user.username}`,
    ]);
    expect(next.nextCursor).toBeNull();
    expect(all[0]).toMatchObject({ milestone: 1, story: { id: story.id, title: story.title }, read: false });
    expect(all[1]).toMatchObject({ commentId: expect.any(Number), story: { id: story.id } });
    expect((await rowsFor(reader.user.id)).map((n) => n.type)).toEqual(["reply", "reply"]);
    expect((await rowsFor(friend.user.id)).map((n) => n.type)).toEqual([]);

    expect(await unread(author)).toBe(4);
    expect((await call("POST", `/api/notifications/${all[1].id}/read`, author)).statusCode).toBe(204);
    expect(await unread(author)).toBe(3);
    // Another user's notification, and one that never was, are both 404.
    for (const id of [all[0].id, 999_999_999]) {
      const res = await call("POST", `/api/notifications/${id}/read`, reader);
      expect([res.statusCode, res.json().message]).toEqual([404, NOTIFICATION_NOT_FOUND]);
    }
    expect(await unread(author)).toBe(3);
    await call("POST", "/api/notifications/read-all", author);
    expect([await unread(author), await unread(reader)]).toEqual([0, 2]);

    // Comments switched off: a new comment makes no row at all.
    await call("PATCH", "/api/notification-settings", author, { comment: "off" });
    await comment(friend, "Still here.");
    await settled();
    const kept = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.user.id), eq(notifications.type, "comment")));
    expect(kept).toHaveLength(2);
    const settings = (await call("GET", "/api/notification-settings", author)).json();
    expect(settings).toMatchObject({ comment: "off", reply: "email", new_follower: "app" });
    // A story unpublished since keeps its notifications, without its title.
    await call("POST", `/api/stories/${story.id}/unpublish`, author);
    const after = (await call("GET", "/api/notifications", reader)).json();
    expect(after.items.map((n: { story: unknown }) => n.story)).toEqual([null, null]);
    const bad = await call("PATCH", "/api/notification-settings", author, { comment: "sometimes" });
    expect([bad.statusCode, bad.json().message]).toEqual([400, "Choose 'app', 'email' or 'off'"]);
  });

  it("runs, through the sweep and exactly once across two instances, the fan-outs a crash kept from running", async () => {
    const [author, reader, subscriber] = [await user(), await user(), await user()];
    // The process "dies" after each commit: the background runs never start.
    const apps = [ctx().app, other];
    const runs = apps.map((app) => app.background.run);
    for (const app of apps) app.background.run = () => {};
    try {
      await call("POST", `/api/authors/${author.user.username}/follow`, reader);
      const story = await createStory(db(), { authorId: author.user.id, content: "<h2>One</h2><p>First.</p>" });
      const body = { title: "Swept", description: "Told in parts.", tags: [] };
      expect((await call("POST", `/api/stories/${story.id}/publish`, author, body)).statusCode).toBe(200);
      await call("POST", `/api/stories/${story.id}/subscription`, subscriber);
      const content = "<h2>One</h2><p>First.</p><h2>Two</h2><p>Second.</p>";
      expect((await call("PATCH", `/api/stories/${story.id}`, author, { content })).statusCode).toBe(200);
      const first = (await call("POST", `/api/stories/${story.id}/comments`, reader, { content: "Lovely." })).json();
      await call("POST", `/api/stories/${story.id}/comments`, author, { content: "Thanks!", parentId: first.id });
      await call("POST", `/api/stories/${story.id}/like`, subscriber);
    } finally {
      apps.forEach((app, i) => {
        app.background.run = runs[i]!;
      });
    }
    const everyone = [author, reader, subscriber];
    const mine = async () =>
      (await Promise.all(everyone.map((who) => rowsFor(who.user.id)))).map((rows) => rows.map((n) => n.dedupeKey));
    expect(await mine()).toEqual([[], [], []]);
    // Follow, story, chapter 1 (with the publish), chapter 2, comment, reply, like.
    expect(await db().select().from(outboxEvents)).toHaveLength(7);

    // Within the minute the request's own run has, the sweep leaves the rows alone.
    expect(await drainOutbox(db(), ctx().clock.now(), fanOutNotifications)).toEqual({ ran: 0, written: 0 });
    // A minute later both instances' maintenance sweeps run at once: each row runs once, each notification is
    // written once.
    const later = new Date(ctx().clock.now().getTime() + OWN_RUN_GRACE_MS);
    const sweep = (deps: AppDeps) =>
      maintenanceJobs({ ...deps, now: () => later })
        .find((job) => job.name === "drain-outbox")!
        .run() as Promise<{ ran: number; written: number }>;
    const swept = await Promise.all([sweep(ctx().deps), sweep(otherDeps)]);
    // Seven runs between them, none twice; six notifications: chapter 1 came before the subscription, so it reaches
    // nobody.
    expect(swept[0]!.ran + swept[1]!.ran).toBe(7);
    expect(swept[0]!.written + swept[1]!.written).toBe(6);
    const [story] = (await rowsFor(reader.user.id)).map((n) => n.storyId);
    const [comment] = (await rowsFor(author.user.id)).filter((n) => n.type === "comment").map((n) => n.commentId);
    expect(await mine()).toEqual([
      [`follower:${reader.user.id}`, `comment:${comment}`, `likes:${story}:1`],
      [`story:${story}`, `comment:${comment! + 1}`],
      [`chapter:${story}:2`],
    ]);
    expect(await db().select().from(outboxEvents)).toEqual([]);
    expect(await drainOutbox(db(), new Date(later.getTime() + 10 * 60_000), fanOutNotifications)).toEqual({
      ran: 0,
      written: 0,
    });

    // Without a crash the request's own run clears its row.
    await call("POST", `/api/stories/${story}/comments`, subscriber, { content: "More, please." });
    await settled();
    expect(await db().select().from(outboxEvents)).toEqual([]);
    expect((await rowsFor(author.user.id)).map((n) => n.type)).toEqual([
      "new_follower",
      "comment",
      "like_milestone",
      "comment",
    ]);
  });

  it("lists followed authors' new stories and subscribed stories' new chapters, newest first, readable only", async () => {
    const [author, other, reader] = [await user(), await user(), await user()];
    const t = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    const older = await published({ authorId: author.user.id, publishedAt: t(0), updatedAt: t(0) });
    const newer = await published({ authorId: author.user.id, publishedAt: t(10), updatedAt: t(10) });
    await published({ authorId: author.user.id, publishedAt: t(20), rating: "mature" });
    const subscribed = await published({ authorId: other.user.id, publishedAt: t(5), updatedAt: t(30) });
    await published({ authorId: other.user.id, publishedAt: t(40) });
    // Chapter 2 came a while after the story; chapter 1 came with it (part of the story's own entry).
    await db()
      .insert(storyChapters)
      .values([
        { storyId: subscribed.id, n: 1, words: 10, firstPublishedAt: t(5) },
        { storyId: subscribed.id, n: 2, words: 10, firstPublishedAt: t(30) },
      ]);
    await call("POST", `/api/authors/${author.user.username}/follow`, reader);
    await call("POST", `/api/stories/${subscribed.id}/subscription`, reader);

    const first = (await call("GET", "/api/following?limit=3", reader)).json();
    const rest = (await call("GET", `/api/following?limit=3&cursor=${first.nextCursor}`, reader)).json();
    expect([...first.items, ...rest.items].map((i) => `${i.kind}:${i.storyId}:${i.via}`)).toEqual([
      `chapter:${subscribed.id}:story`,
      `story:${newer.id}:author`,
      `story:${subscribed.id}:story`,
      `story:${older.id}:author`,
    ]);
    expect(rest.nextCursor).toBeNull();
    expect((await call("GET", "/api/following?cursor=x", reader)).statusCode).toBe(400);
  });
});
