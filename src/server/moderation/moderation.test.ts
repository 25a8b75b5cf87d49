// Moderation (issue 18, section 2) in the real app on PGlite and PostgreSQL: role checks on every route, a report's
// whole life, suspension on a second instance, the append-only audit log and the limits on new accounts' comments.
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SUSPENSION_DAYS_RULE } from "../../shared/schemas/moderation";
import { hashPassword, TEST_PASSWORD_COST } from "../accounts/passwords";
import { comments, moderationAudit, notifications, reports, sessions, users } from "../db/schema";
import { createTestApp, describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";
import { NOT_A_MODERATOR, NOT_AN_ADMIN } from "./roles";
import { NEW_ACCOUNT_COMMENT_LIMIT, SAME_COMMENT_REFUSED } from "./new-account-limits";
import { readAppealToken, signAppealToken } from "./appeal-token";
import { APPEALED_ALREADY } from "./queue";
import { APPEAL_LINK_EXPIRED } from "./routes";

const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 86_400_000);

describeEachDb("moderation", (ctx) => {
  const db = () => ctx().database.db;
  // A second instance on the same database, as behind a load balancer.
  let other: FastifyInstance;
  beforeAll(async () => {
    other = (await createTestApp(ctx().kind, { database: ctx().database })).app;
  });
  afterAll(() => other?.close());

  type Method = "GET" | "POST" | "PATCH" | "DELETE";
  const call = (method: Method, url: string, who?: UserWithSession, body?: unknown, app = ctx().app) =>
    send(app, method, url, body, who ? { cookie: who.cookie } : {});
  // Accounts older than a day, so the new-account limits stay out of the way unless a test wants them.
  const user = (overrides = {}) => createVerifiedUserWithSession(db(), { createdAt: TWO_DAYS_AGO(), ...overrides });
  const published = (authorId: number) =>
    createStory(db(), { authorId, published: true, publishedAt: new Date(), title: "The Quiet Harbour" });
  const act = (who: UserWithSession, body: Record<string, unknown>) =>
    call("POST", "/api/moderation/actions", who, body);
  const report = (reporterId: number, targetType: string, targetId: string, targetUserId: number, reason: string) =>
    db()
      .insert(reports)
      .values({ reporterId, targetType, targetId, targetUserId, reason, details: `Reported for ${reason}` })
      .returning()
      .then((rows) => rows[0]!);
  const notesOf = async (who: UserWithSession) => (await call("GET", "/api/notifications", who)).json().items;
  const comment = async (who: UserWithSession, storyId: number, content: string) =>
    call("POST", `/api/stories/${storyId}/comments`, who, { content });

  it("answers 401 signed out, 403 to users on every moderation route and 403 to moderators on the audit log", async () => {
    const [plain, moderator, admin] = [await user(), await user({ role: "moderator" }), await user({ role: "admin" })];
    const body = { action: "dismiss", targetType: "user", targetId: String(plain.user.id), reason: "checking" };
    const routes: [Method, string, unknown][] = [
      ["GET", "/api/moderation/reports", undefined],
      ["POST", "/api/moderation/actions", body],
      ["GET", "/api/moderation/audit", undefined],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      const refused = await call(method, url, plain, payload);
      const message = url.endsWith("/audit") ? NOT_AN_ADMIN : NOT_A_MODERATOR;
      expect([refused.statusCode, refused.json().message], url).toEqual([403, message]);
      // The role comes from the database, never from the request.
      const forged = await send(ctx().app, method, url, payload, { cookie: plain.cookie, "x-role": "admin" });
      expect(forged.statusCode, url).toBe(403);
    }
    // Checked before the body: a user learns nothing of the action's rules.
    expect((await call("POST", "/api/moderation/actions", plain, { nonsense: true })).statusCode).toBe(403);
    expect((await call("GET", "/api/moderation/reports", moderator)).statusCode).toBe(200);
    expect((await act(moderator, body)).statusCode).toBe(200);
    const audit = await call("GET", "/api/moderation/audit", moderator);
    expect([audit.statusCode, audit.json().message]).toEqual([403, NOT_AN_ADMIN]);
    expect((await call("GET", "/api/moderation/audit", admin)).statusCode).toBe(200);
    // Cross-site requests are refused like the app's other mutations, a moderator's included.
    const crossSite = await send(ctx().app, "POST", "/api/moderation/actions", body, {
      cookie: moderator.cookie,
      origin: "https://evil.example",
    });
    expect(crossSite.statusCode).toBe(403);
    const crossSiteAppeal = await send(
      ctx().app,
      "POST",
      "/api/appeals",
      { auditId: 1, text: "x" },
      {
        cookie: plain.cookie,
        "sec-fetch-site": "cross-site",
      },
    );
    expect(crossSiteAppeal.statusCode).toBe(403);
    // No route grants a role: the profile update ignores one.
    await call("PATCH", "/api/user", plain, { role: "admin" });
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, plain.user.id));
    expect(row?.role).toBe("user");
    // A moderator cannot suspend another moderator, and nobody an admin.
    const peer = await user({ role: "moderator" });
    const suspend = (target: UserWithSession) => ({
      action: "suspend-user",
      targetType: "user",
      targetId: String(target.user.id),
      reason: "Testing the rules",
      days: 1,
    });
    const onPeer = await act(moderator, suspend(peer));
    expect([onPeer.statusCode, onPeer.json().message]).toEqual([403, "Only an admin can suspend or ban a moderator"]);
    expect((await act(moderator, suspend(admin))).statusCode).toBe(403);
    // The client learns its own role (for the sidebar link) from /api/user.
    expect((await call("GET", "/api/user", moderator)).json().role).toBe("moderator");
  });

  it("takes a report from the queue to a decision, notifications, an appeal and a restore", async () => {
    const [author, writer, reader1, reader2, moderator, admin] = [
      await user(),
      await user(),
      await user(),
      await user(),
      await user({ role: "moderator" }),
      await user({ role: "admin" }),
    ];
    const story = await published(author.user.id);
    const posted = await comment(writer, story.id, "You are all worthless and should quit writing");
    expect(posted.statusCode).toBe(201);
    const commentId = String(posted.json().id);
    await report(reader1.user.id, "comment", commentId, writer.user.id, "harassment");
    await report(reader2.user.id, "comment", commentId, writer.user.id, "hate");

    const queue = (await call("GET", "/api/moderation/reports", moderator)).json();
    const group = queue.groups.find((g: { targetId: string; kind: string }) => g.targetId === commentId);
    expect(group).toMatchObject({
      kind: "report",
      targetType: "comment",
      count: 2,
      reasons: { harassment: 1, hate: 1 },
      target: { type: "comment", text: "You are all worthless and should quit writing", state: "visible" },
      owner: { id: writer.user.id },
    });
    expect(group.target.story).toEqual({ id: story.id, title: "The Quiet Harbour" });
    // Oldest first.
    const times = queue.groups.map((g: { oldestAt: string }) => g.oldestAt);
    expect([...times].sort()).toEqual(times);

    // A reason is required; a comment action on a story is refused.
    const noReason = await act(moderator, { action: "hide-comment", targetType: "comment", targetId: commentId });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/reason/);
    const wrongKind = await act(moderator, {
      action: "hide-comment",
      targetType: "story",
      targetId: String(story.id),
      reason: "x",
    });
    expect(wrongKind.statusCode).toBe(400);

    const hidden = await act(moderator, {
      action: "hide-comment",
      targetType: "comment",
      targetId: commentId,
      reason: "Personal attacks are not allowed",
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().closedReports).toBe(2);
    const hideAudit = hidden.json().auditId as number;
    // Hidden from everyone, on every instance.
    for (const [viewer, app] of [
      [reader1, ctx().app],
      [undefined, other],
    ] as const) {
      const list = (await call("GET", `/api/stories/${story.id}/comments`, viewer, undefined, app)).json();
      expect(list.items.map((c: { id: number }) => String(c.id))).not.toContain(commentId);
    }
    const open = await db().select().from(reports).where(eq(reports.targetId, commentId));
    expect(open.map((r) => r.status)).toEqual(["actioned", "actioned"]);
    expect((await call("GET", "/api/moderation/reports", moderator)).json().groups).not.toContainEqual(
      expect.objectContaining({ targetId: commentId, kind: "report" }),
    );

    // The writer is told why and may appeal; each reporter is told it was decided (without the moderator's words).
    const [told] = await notesOf(writer);
    expect(told).toMatchObject({
      type: "moderation_action",
      moderation: {
        auditId: hideAudit,
        action: "hide-comment",
        reason: "Personal attacks are not allowed",
        appealable: true,
        appealed: false,
      },
    });
    for (const reader of [reader1, reader2]) {
      const [decided] = await notesOf(reader);
      expect(decided).toMatchObject({ type: "report_decided", moderation: { action: "hide-comment", reason: null } });
    }

    // The appeal: once, by the person acted on only.
    const byOther = await call("POST", "/api/appeals", reader1, { auditId: hideAudit, text: "Let it be" });
    expect(byOther.statusCode).toBe(404);
    const appeal = await call("POST", "/api/appeals", writer, {
      auditId: hideAudit,
      text: "It was a joke between friends",
    });
    expect(appeal.statusCode).toBe(201);
    const again = await call("POST", "/api/appeals", writer, { auditId: hideAudit, text: "Please" });
    expect([again.statusCode, again.json().message]).toEqual([409, APPEALED_ALREADY]);
    expect((await notesOf(writer))[0].moderation).toMatchObject({ appealable: false, appealed: true });
    const appealGroup = (await call("GET", "/api/moderation/reports", moderator))
      .json()
      .groups.find((g: { kind: string; targetId: string }) => g.kind === "appeal" && g.targetId === commentId);
    expect(appealGroup).toMatchObject({
      count: 1,
      reports: [{ details: "It was a joke between friends", reporter: writer.user.username }],
      appealOf: { auditId: hideAudit, action: "hide-comment", reason: "Personal attacks are not allowed" },
    });

    // Restore: the comment is back, the appeal closed, the writer told.
    const restored = await act(moderator, {
      action: "restore",
      targetType: "comment",
      targetId: commentId,
      reason: "On review, banter between friends",
    });
    expect([restored.statusCode, restored.json().closedReports]).toEqual([200, 1]);
    const list = (await call("GET", `/api/stories/${story.id}/comments`, reader2)).json();
    expect(list.items.map((c: { id: number }) => String(c.id))).toContain(commentId);
    expect((await notesOf(writer))[0]).toMatchObject({ type: "moderation_action", moderation: { action: "restore" } });

    // The audit log names who did what, for admins.
    const entries = (await call("GET", "/api/moderation/audit", admin)).json().items;
    expect(entries.slice(0, 2)).toMatchObject([
      { action: "restore", actor: moderator.user.username, actorId: moderator.user.id, targetId: commentId },
      { action: "hide-comment", reason: "Personal attacks are not allowed", targetUserId: writer.user.id },
    ]);

    // Unpublish and restore a story (reported through a chapter-less story target); set its rating.
    const unpublished = await act(moderator, {
      action: "unpublish-story",
      targetType: "story",
      targetId: String(story.id),
      reason: "Copied from another site",
    });
    expect(unpublished.statusCode).toBe(200);
    expect((await call("GET", `/api/stories/${story.id}/read`, reader1)).statusCode).toBe(404);
    expect((await send(ctx().app, "GET", `/s/${story.id}`)).statusCode).toBe(404);
    await act(moderator, {
      action: "restore",
      targetType: "story",
      targetId: String(story.id),
      reason: "Permission shown",
    });
    expect((await call("GET", `/api/stories/${story.id}/read`, reader1)).statusCode).toBe(200);
    const rated = await act(moderator, {
      action: "set-rating",
      targetType: "story",
      targetId: String(story.id),
      reason: "Graphic violence",
      rating: "mature",
    });
    expect(rated.statusCode).toBe(200);
    expect((await call("GET", `/api/stories/${story.id}/read`)).statusCode).toBe(404);
  });

  it("suspends a user: sessions end on every instance, sign-in names the end date, works and comments hide", async () => {
    const password = "correct horse battery staple";
    const writer = await user({ password: await hashPassword(password, TEST_PASSWORD_COST) });
    const [reader, moderator] = [await user(), await user({ role: "moderator" })];
    const tag = "Drama";
    const story = await createStory(db(), {
      authorId: writer.user.id,
      published: true,
      publishedAt: new Date(),
      title: "The Quiet Harbour",
      tags: [tag],
    });
    const readerStory = await published(reader.user.id);
    const posted = (await comment(writer, readerStory.id, "A comment that will vanish")).json();
    // Both instances know the writer's session and have the story in their read caches. NOTE: read caches hear of
    // other instances' writes through PostgreSQL's NOTIFY; PGlite is one process, so there only the acting one counts.
    const caches = ctx().kind === "postgres" ? [ctx().app, other] : [ctx().app];
    const far = caches.at(-1)!;
    for (const app of [ctx().app, other]) {
      expect((await call("GET", "/api/user", writer, undefined, app)).statusCode).toBe(200);
    }
    for (const app of caches) {
      expect((await call("GET", `/api/stories/${story.id}/read`, undefined, undefined, app)).statusCode).toBe(200);
      expect((await send(app, "GET", `/s/${story.id}`)).statusCode).not.toBe(404);
    }
    expect((await send(far, "GET", `/u/${writer.user.username}`)).body).toContain("The Quiet Harbour");
    expect((await send(far, "GET", `/t/${tag}`)).body).toContain("The Quiet Harbour");

    for (const days of [0, 100_000, 2.5]) {
      const bad = await act(moderator, {
        action: "suspend-user",
        targetType: "user",
        targetId: String(writer.user.id),
        reason: "Spam",
        days,
      });
      expect([bad.statusCode, bad.json().message]).toEqual([400, SUSPENSION_DAYS_RULE]);
    }
    const noDays = await act(moderator, {
      action: "suspend-user",
      targetType: "user",
      targetId: String(writer.user.id),
      reason: "Spam",
    });
    expect([noDays.statusCode, noDays.json().message]).toEqual([400, SUSPENSION_DAYS_RULE]);
    const self = await act(moderator, {
      action: "suspend-user",
      targetType: "user",
      targetId: String(moderator.user.id),
      reason: "x",
      days: 1,
    });
    expect(self.statusCode).toBe(400);

    // Suspended through the comment they wrote: the action reaches its writer.
    const suspended = await act(moderator, {
      action: "suspend-user",
      targetType: "comment",
      targetId: String(posted.id),
      reason: "Repeated harassment",
      days: 3,
    });
    expect(suspended.statusCode).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.userId, writer.user.id))).toEqual([]);
    for (const app of [ctx().app, other]) {
      expect((await call("GET", "/api/user", writer, undefined, app)).statusCode).toBe(401);
    }
    for (const app of caches) {
      expect((await call("GET", `/api/stories/${story.id}/read`, undefined, undefined, app)).statusCode).toBe(404);
      expect((await send(app, "GET", `/s/${story.id}`)).statusCode).toBe(404);
    }
    const discover = (await call("GET", "/api/published-stories?limit=50&sort=new", reader, undefined, far)).json();
    expect(discover.map((s: { id: number }) => s.id)).not.toContain(story.id);
    const authorPage = await send(far, "GET", `/u/${writer.user.username}`);
    expect(authorPage.body).not.toContain("The Quiet Harbour");
    expect((await send(far, "GET", `/t/${tag}`)).body).not.toContain("The Quiet Harbour");
    const list = (await call("GET", `/api/stories/${readerStory.id}/comments`, reader)).json();
    expect(list.items.map((c: { id: number }) => c.id)).not.toContain(posted.id);

    // Sign-in is refused with the end date, only after the right password.
    const [row] = await db().select().from(users).where(eq(users.id, writer.user.id));
    const until = row!.suspendedUntil!;
    expect(until.getTime() - ctx().clock.now().getTime()).toBe(3 * 86_400_000);
    const login = await send(ctx().app, "POST", "/api/login", { email: writer.user.email, password });
    const endDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(until);
    expect([login.statusCode, login.json().code]).toEqual([403, "ACCOUNT_SUSPENDED"]);
    expect(login.json().message).toContain(`suspended until ${endDate}`);
    const wrong = await send(ctx().app, "POST", "/api/login", { email: writer.user.email, password: "wrong one" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().appealToken).toBeUndefined();

    // They cannot sign in to appeal, so the refusal carries a token for it: once, signed, for an hour.
    const token = login.json().appealToken as string;
    expect(token).toMatch(/^a1\./);
    const forged = await send(ctx().app, "POST", "/api/appeals", { token: `${token.slice(0, -3)}abc`, text: "Hi" });
    expect([forged.statusCode, forged.json().message]).toEqual([400, APPEAL_LINK_EXPIRED]);
    const byToken = await send(other, "POST", "/api/appeals", { token, text: "I was provoked first" });
    expect(byToken.statusCode).toBe(201);
    expect((await send(ctx().app, "POST", "/api/appeals", { token, text: "Again" })).statusCode).toBe(409);
    const later = await send(ctx().app, "POST", "/api/login", { email: writer.user.email, password });
    expect([later.statusCode, later.json().appealToken]).toEqual([403, undefined]);
    const appealed = (await call("GET", "/api/moderation/reports", moderator))
      .json()
      .groups.find(
        (g: { kind: string; targetId: string }) => g.kind === "appeal" && g.targetId === String(writer.user.id),
      );
    expect(appealed).toMatchObject({ targetType: "user", appealOf: { action: "suspend-user" } });
    const key = Buffer.alloc(32, 7);
    const signed = signAppealToken(key, { userId: 5, auditId: 9 }, new Date(0));
    expect(readAppealToken(key, signed, new Date(59 * 60_000))).toEqual({ userId: 5, auditId: 9 });
    expect(readAppealToken(key, signed, new Date(61 * 60_000))).toBeUndefined();

    // A ban says permanently; restore lets them back in and shows their work again.
    await act(moderator, { action: "ban-user", targetType: "user", targetId: String(writer.user.id), reason: "Again" });
    const banned = await send(ctx().app, "POST", "/api/login", { email: writer.user.email, password });
    expect([banned.statusCode, banned.json().message]).toEqual([
      403,
      "This account has been banned permanently for breaking the community rules.",
    ]);
    await act(moderator, { action: "restore", targetType: "user", targetId: String(writer.user.id), reason: "Appeal" });
    expect((await send(ctx().app, "POST", "/api/login", { email: writer.user.email, password })).statusCode).toBe(200);
    expect((await call("GET", `/api/stories/${story.id}/read`, undefined, undefined, far)).statusCode).toBe(200);
    const notes = (await db().select().from(notifications).where(eq(notifications.userId, writer.user.id))).map(
      (n) => n.type,
    );
    expect(notes).toEqual(["moderation_action", "moderation_action", "moderation_action"]);
  });

  it("keeps the audit log append-only in the database", async () => {
    const moderator = await user({ role: "moderator" });
    const target = await user();
    const done = await act(moderator, {
      action: "dismiss",
      targetType: "user",
      targetId: String(target.user.id),
      reason: "Nothing wrong",
    });
    const id = done.json().auditId as number;
    const refusal = (statement: ReturnType<typeof sql>) =>
      db()
        .execute(statement)
        .then(
          () => "allowed",
          (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
        );
    for (const statement of [
      sql`update moderation_audit set reason = 'changed' where id = ${id}`,
      sql`delete from moderation_audit where id = ${id}`,
      sql`update moderation_audit set actor_id = ${target.user.id} where id = ${id}`,
      sql`truncate moderation_audit`,
    ]) {
      expect(await refusal(statement)).toMatch(/moderation_audit is append-only/);
    }
    // The one change allowed: forgetting a deleted account (the account-deletion path).
    await db().execute(
      sql`update moderation_audit set actor_id = null, actor_name = '[deleted user]' where id = ${id}`,
    );
    const [row] = await db().select().from(moderationAudit).where(eq(moderationAudit.id, id));
    expect(row).toMatchObject({ actorId: null, actorName: "[deleted user]", reason: "Nothing wrong" });
  });

  it("limits new accounts: 10 comments an hour, links held for review, the same text three times refused", async () => {
    const fresh = await createVerifiedUserWithSession(db(), { createdAt: ctx().clock.now() });
    const [reader, moderator] = [await user(), await user({ role: "moderator" })];
    const story = await published(reader.user.id);

    const linked = await comment(fresh, story.id, "Great story! Read mine at www.example.com");
    expect(linked.statusCode).toBe(201);
    expect(linked.json().awaitingReview).toBe(true);
    const id = linked.json().id as number;
    const seenBy = async (who?: UserWithSession) =>
      (await call("GET", `/api/stories/${story.id}/comments`, who))
        .json()
        .items.find((c: { id: number }) => c.id === id);
    expect(await seenBy(reader)).toBeUndefined();
    expect(await seenBy()).toBeUndefined();
    expect(await seenBy(fresh)).toMatchObject({ awaitingReview: true });
    // No notification to the story's author while held.
    await ctx().app.background.settled();
    expect(await notesOf(reader)).toEqual([]);
    const held = (await call("GET", "/api/moderation/reports", moderator))
      .json()
      .groups.find((g: { kind: string; targetId: string }) => g.kind === "held" && g.targetId === String(id));
    expect(held).toMatchObject({ count: 1, target: { type: "comment", state: "held" } });
    const approved = await act(moderator, {
      action: "restore",
      targetType: "comment",
      targetId: String(id),
      reason: "Fine",
    });
    expect(approved.statusCode).toBe(200);
    expect(await seenBy(reader)).toMatchObject({ awaitingReview: false });
    await ctx().app.background.settled();
    expect((await notesOf(reader)).map((n: { type: string }) => n.type)).toEqual(["comment"]);

    // The same text a third time in an hour (spacing and case aside).
    expect((await comment(fresh, story.id, "First!")).statusCode).toBe(201);
    expect((await comment(fresh, story.id, "first! ")).statusCode).toBe(201);
    const third = await comment(fresh, story.id, "FIRST!");
    expect([third.statusCode, third.json().message]).toEqual([400, SAME_COMMENT_REFUSED]);

    // 10 an hour in the first day (the per-minute limit of 5 is passed by moving the clock).
    let posted = 3;
    while (posted < 10) {
      ctx().clock.advance(61_000);
      expect((await comment(fresh, story.id, `Comment number ${posted}`)).statusCode).toBe(201);
      posted++;
    }
    ctx().clock.advance(61_000);
    const eleventh = await comment(fresh, story.id, "One too many");
    expect([eleventh.statusCode, eleventh.json().message]).toEqual([429, NEW_ACCOUNT_COMMENT_LIMIT]);
    expect(Number(eleventh.headers["retry-after"])).toBeGreaterThan(0);
    // An older account's link is not held.
    const old = await comment(reader, story.id, "See https://example.org for the map");
    expect(old.json().awaitingReview).toBe(false);
    const [stored] = await db().select().from(comments).where(eq(comments.id, old.json().id));
    expect(stored?.moderation).toBe("visible");
  });
});
