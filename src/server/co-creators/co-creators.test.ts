import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { CO_CREATOR_MESSAGES as M, CO_CREATORS_MAX } from "../../shared/schemas/co-creators";
import { WRITE_UNAVAILABLE } from "../../shared/schemas/safety";
import { notifications, stories, storyCoCreators, users } from "../db/schema";
import { createOfflineModel } from "../ai/offline-model";
import { ONLY_CREATOR_DELETES } from "../stories/delete-story";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

describeEachDb("co-creators: invitations, answers, leaving, removing, permissions", (ctx) => {
  const db = () => ctx().database.db;
  const call = (
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    who?: UserWithSession,
    body?: unknown,
  ) => send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const user = (overrides = {}) => createVerifiedUserWithSession(db(), overrides);
  const invite = (story: { id: number }, by: UserWithSession, username: string) =>
    call("POST", `/api/stories/${story.id}/co-creators`, by, { username });
  const noticesOf = (userId: number) =>
    db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

  /** The creator, a draft of theirs and an accepted co-creator on it. */
  async function coWritten() {
    const [creator, co] = [await user(), await user()];
    const story = await createStory(db(), { authorId: creator.user.id, content: "<p>One.</p>" });
    const { id } = (await invite(story, creator, co.user.username)).json();
    expect((await call("POST", `/api/co-creator-invitations/${id}/accept`, co)).statusCode).toBe(200);
    return { creator, co, story, invitationId: id as number };
  }

  it("invites by username, notifies the invitee, and refuses every bad invitation naming `username`", async () => {
    const [creator, invitee, closed, blocker, blocked] = [
      await user(),
      await user(),
      await user(),
      await user(),
      await user(),
    ];
    const story = await createStory(db(), { authorId: creator.user.id });
    expect((await send(ctx().app, "POST", `/api/stories/${story.id}/co-creators`, { username: "x" })).statusCode).toBe(
      401,
    );

    const created = await invite(story, creator, invitee.user.username.toUpperCase());
    expect(created.statusCode).toBe(201);
    const invitationId = created.json().id as number;
    expect(invitationId).toBeGreaterThan(0);
    const [row] = await db().select().from(storyCoCreators).where(eq(storyCoCreators.id, invitationId));
    expect([row!.state, row!.userId, row!.invitedBy]).toEqual(["pending", invitee.user.id, creator.user.id]);
    // The invitation is named to the invitee with its draft's title, by email (their default) as the address is verified.
    const [notice] = await noticesOf(invitee.user.id);
    expect(notice).toMatchObject({
      type: "co_creator_invite",
      subjectId: invitationId,
      storyId: story.id,
      actorId: creator.user.id,
      emailState: "pending",
    });
    const listed = (await call("GET", "/api/notifications", invitee)).json().items[0];
    expect(listed).toMatchObject({
      type: "co_creator_invite",
      story: { id: story.id, title: story.title },
      subject: { id: invitationId, state: "pending" },
      actor: { username: creator.user.username },
    });

    await call("PUT", "/api/me/co-creator-invites", closed, { allow: false });
    expect((await call("GET", "/api/me/co-creator-invites", closed)).json()).toEqual({ allow: false });
    await call("POST", `/api/blocks/${creator.user.username}`, blocker);
    await call("POST", `/api/blocks/${blocked.user.username}`, creator);

    const refusals: [string, number, string][] = [
      [creator.user.username, 400, M.self],
      ["nobody_here_zz", 404, M.unknown],
      ["bad name!", 404, M.unknown],
      [invitee.user.username, 409, M.alreadyInvited(invitee.user.username)],
      [closed.user.username, 403, M.closed(closed.user.username)],
      [blocker.user.username, 403, WRITE_UNAVAILABLE],
      [blocked.user.username, 403, WRITE_UNAVAILABLE],
    ];
    for (const [name, status, message] of refusals) {
      const res = await invite(story, creator, name);
      expect([name, res.statusCode, res.json().message, res.json().fields]).toEqual([
        name,
        status,
        message,
        { username: message },
      ]);
    }
    const empty = await invite(story, creator, "  ");
    expect([empty.statusCode, empty.json().fields?.username]).toEqual([400, M.usernameRequired]);
    // Nothing was written by a refusal.
    expect(await db().select().from(storyCoCreators).where(eq(storyCoCreators.storyId, story.id))).toHaveLength(1);

    // Someone else's story, a missing one, or a co-creator inviting: never an invitation.
    const stranger = await user();
    expect((await invite(story, stranger, invitee.user.username)).statusCode).toBe(404);
    expect((await invite({ id: 99999999 }, creator, invitee.user.username)).statusCode).toBe(404);
    await call("POST", `/api/co-creator-invitations/${invitationId}/accept`, invitee);
    const byCo = await invite(story, invitee, stranger.user.username);
    expect([byCo.statusCode, byCo.json().message]).toEqual([403, M.creatorOnly]);
    const again = await invite(story, creator, invitee.user.username);
    expect([again.statusCode, again.json().message]).toEqual([409, M.alreadyCoCreator(invitee.user.username)]);
  });

  it("caps a work's co-creators, pending invitations included", async () => {
    const creator = await user();
    const story = await createStory(db(), { authorId: creator.user.id });
    for (let i = 0; i < CO_CREATORS_MAX; i++) {
      const other = await createUser(db());
      expect((await invite(story, creator, other.username)).statusCode).toBe(201);
    }
    const one = await createUser(db());
    const over = await invite(story, creator, one.username);
    expect([over.statusCode, over.json().message, over.json().fields]).toEqual([409, M.cap, { username: M.cap }]);
  });

  it("only the invitee answers; the same answer twice is idempotent, the other a 409; the inviter hears once", async () => {
    const [creator, invitee, other] = [await user(), await user(), await user()];
    const story = await createStory(db(), { authorId: creator.user.id });
    const { id } = (await invite(story, creator, invitee.user.username)).json();
    // Someone else's invitation, or one that does not exist: 404.
    expect((await call("POST", `/api/co-creator-invitations/${id}/accept`, other)).statusCode).toBe(404);
    expect((await call("POST", `/api/co-creator-invitations/${id}/accept`, creator)).statusCode).toBe(404);
    expect((await call("POST", "/api/co-creator-invitations/abc/accept", invitee)).statusCode).toBe(404);

    const first = await call("POST", `/api/co-creator-invitations/${id}/accept`, invitee);
    expect([first.statusCode, first.json()]).toEqual([200, { id, storyId: story.id, state: "accepted" }]);
    expect((await call("POST", `/api/co-creator-invitations/${id}/accept`, invitee)).statusCode).toBe(200);
    const flip = await call("POST", `/api/co-creator-invitations/${id}/decline`, invitee);
    expect([flip.statusCode, flip.json().message]).toEqual([409, M.alreadyAnswered]);

    const answers = (await noticesOf(creator.user.id)).filter((n) => n.type === "co_creator_answer");
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ actorId: invitee.user.id, subjectId: id, emailState: "none" });
    // The creator's notification names their own draft, with the answer.
    const listed = (await call("GET", "/api/notifications", creator)).json().items[0];
    expect(listed).toMatchObject({
      type: "co_creator_answer",
      story: { id: story.id },
      subject: { state: "accepted" },
    });

    // A declined invitation names nobody, and cannot be sent again until withdrawn.
    const decliner = await user();
    const second = (await invite(story, creator, decliner.user.username)).json().id;
    expect((await call("POST", `/api/co-creator-invitations/${second}/decline`, decliner)).json().state).toBe(
      "declined",
    );
    expect((await call("GET", `/api/stories/${story.id}`, decliner)).statusCode).toBe(404);
    const resend = await invite(story, creator, decliner.user.username);
    expect([resend.statusCode, resend.json().message]).toEqual([409, M.declined(decliner.user.username)]);
    expect((await call("DELETE", `/api/stories/${story.id}/co-creators/${decliner.user.id}`, creator)).statusCode).toBe(
      204,
    );
    expect((await invite(story, creator, decliner.user.username)).statusCode).toBe(201);
  });

  it("lists co-creators to the work's editors only, with who invited", async () => {
    const { creator, co, story } = await coWritten();
    const pending = await user();
    await invite(story, creator, pending.user.username);
    for (const who of [creator, co]) {
      const answer = (await call("GET", `/api/stories/${story.id}/co-creators`, who)).json();
      expect(answer.creator).toEqual({ id: creator.user.id, username: creator.user.username });
      expect(answer.coCreators.map((c: { username: string; state: string }) => [c.username, c.state])).toEqual([
        [co.user.username, "accepted"],
        [pending.user.username, "pending"],
      ]);
      expect(answer.coCreators[0].invitedBy).toEqual({ username: creator.user.username });
      expect(answer.canManage).toBe(who === creator);
    }
    expect((await call("GET", `/api/stories/${story.id}/co-creators`, pending)).statusCode).toBe(404);
  });

  it("lets a co-creator edit, publish and see feedback and stats, never delete or remove", async () => {
    const { creator, co, story } = await coWritten();
    const got = await call("GET", `/api/stories/${story.id}`, co);
    expect([got.statusCode, got.json().authorId]).toEqual([200, creator.user.id]);
    const saved = await call("PATCH", `/api/stories/${story.id}`, co, {
      content: "<p>Two.</p>",
      version: got.json().version,
    });
    expect([saved.statusCode, saved.json().content]).toEqual([200, "<p>Two.</p>"]);
    // The creator's editor still holds the old version: the optimistic check keeps them from overwriting it.
    const stale = await call("PATCH", `/api/stories/${story.id}`, creator, {
      content: "<p>Old.</p>",
      version: got.json().version,
    });
    expect(stale.statusCode).toBe(409);
    const published = await call("POST", `/api/stories/${story.id}/publish`, co, {
      title: "Our Work",
      description: "Written by two.",
      tags: [],
    });
    expect([published.statusCode, published.json().published]).toEqual([200, true]);
    const [row] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect(row!.authorId).toBe(creator.user.id);
    for (const path of ["feedback", "stats", "versions", "lore"])
      expect([path, (await call("GET", `/api/stories/${story.id}/${path}`, co)).statusCode]).toEqual([path, 200]);
    expect((await call("POST", `/api/stories/${story.id}/unpublish`, co)).statusCode).toBe(200);

    const del = await call("DELETE", `/api/stories/${story.id}`, co);
    expect([del.statusCode, del.json().message]).toEqual([403, ONLY_CREATOR_DELETES]);
    const remove = await call("DELETE", `/api/stories/${story.id}/co-creators/${creator.user.id}`, co);
    expect([remove.statusCode, remove.json().message]).toEqual([403, M.creatorOnly]);
    // A stranger sees none of it.
    const stranger = await user();
    for (const path of ["", "/feedback", "/stats", "/co-creators"])
      expect((await call("GET", `/api/stories/${story.id}${path}`, stranger)).statusCode).toBe(404);
    expect((await call("PATCH", `/api/stories/${story.id}`, stranger, { content: "<p>x</p>" })).statusCode).toBe(404);
    // The co-creator's list of stories carries the work, marked as co-written.
    const mine = (await call("GET", "/api/stories", co)).json();
    expect(mine).toEqual([expect.objectContaining({ id: story.id, coWritten: true })]);
    expect((await call("GET", "/api/stories", creator)).json()[0]).toMatchObject({ id: story.id, coWritten: false });
  });

  it("charges Marin to the co-creator who asks, never to the creator", async () => {
    const { creator, co, story } = await coWritten();
    // The offline storyteller without its typing pace, for this test only.
    const saved = ctx().deps.ai;
    Object.assign(ctx().deps, { ai: { ...saved, model: createOfflineModel({ wordDelayMs: 0 }) } });
    const res = await call("POST", "/api/generate-content", co, { prompt: "Write more", storyId: story.id }).finally(
      () => Object.assign(ctx().deps, { ai: saved }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const count = async (id: number) =>
      (await db().select({ n: users.dailyPromptCount }).from(users).where(eq(users.id, id)))[0]!.n;
    expect([await count(co.user.id), await count(creator.user.id)]).toEqual([1, 0]);
    // Someone who is not on the work cannot ask Marin about it.
    const stranger = await user();
    expect((await call("POST", "/api/generate-content", stranger, { prompt: "x", storyId: story.id })).statusCode).toBe(
      404,
    );
  });

  it("a co-creator leaves; the creator removes one or withdraws an invitation; then they edit nothing", async () => {
    const { creator, co, story } = await coWritten();
    expect((await call("DELETE", `/api/stories/${story.id}/co-creators/me`, co)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/stories/${story.id}/co-creators/me`, co)).statusCode).toBe(404);
    expect((await call("GET", `/api/stories/${story.id}`, co)).statusCode).toBe(404);

    const second = await user();
    const { id } = (await invite(story, creator, second.user.username)).json();
    await call("POST", `/api/co-creator-invitations/${id}/accept`, second);
    expect((await call("DELETE", `/api/stories/${story.id}/co-creators/${second.user.id}`, creator)).statusCode).toBe(
      204,
    );
    expect((await call("PATCH", `/api/stories/${story.id}`, second, { content: "<p>x</p>" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/stories/${story.id}/co-creators/${second.user.id}`, creator)).statusCode).toBe(
      404,
    );

    const third = await user();
    const pending = (await invite(story, creator, third.user.username)).json().id;
    expect((await call("DELETE", `/api/stories/${story.id}/co-creators/${third.user.id}`, creator)).statusCode).toBe(
      204,
    );
    expect((await call("POST", `/api/co-creator-invitations/${pending}/accept`, third)).statusCode).toBe(404);
    const rows = await db()
      .select()
      .from(storyCoCreators)
      .where(and(eq(storyCoCreators.storyId, story.id)));
    expect(rows).toEqual([]);
  });
});
