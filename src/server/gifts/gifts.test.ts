// Issue 30 section 3, gifts: publish and the details PATCH take `giftedTo`; recipients are told once, when the work
// is public; refusals (oneself, unknown, over 10, blocks); a refused gift stays out; 'For username' on the pages; the
// recipient's Gifts tab — on PGlite and PostgreSQL.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { authorGiftsPath, publicStoryPath } from "../../shared/routes";
import { GIFT_TO_SELF, GIFTS_TOO_MANY, giftUnknownUser } from "../../shared/schemas/gifts";
import { WRITE_UNAVAILABLE } from "../../shared/schemas/safety";
import { notifications, storyGifts } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

describeEachDb("gifts", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, who?: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const user = (overrides = {}) => createVerifiedUserWithSession(db(), overrides);
  const draft = (authorId: number) => createStory(db(), { authorId, title: "The Lantern Gift" });
  const publish = (who: UserWithSession, id: number, extra: Record<string, unknown> = {}) =>
    call("POST", `/api/stories/${id}/publish`, who, {
      title: "The Lantern Gift",
      description: "A gift fic.",
      tags: [],
      ...extra,
    });
  const giftNotes = (userId: number, storyId: number) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, "gift"), eq(notifications.storyId, storyId)));
  const gifts = (storyId: number) => db().select().from(storyGifts).where(eq(storyGifts.storyId, storyId));

  it("a gift on a draft is announced at its publication, once; the pages say 'For username'; refusing removes it", async () => {
    const writer = await user();
    const alice = await user();
    const bob = await user();
    const story = await draft(writer.user.id);
    // Saved on the draft (names in any case): stored, nobody told yet.
    const saved = await call("PATCH", `/api/stories/${story.id}`, writer, {
      giftedTo: [alice.user.username.toUpperCase()],
    });
    expect(saved.statusCode).toBe(200);
    expect(await giftNotes(alice.user.id, story.id)).toHaveLength(0);
    expect((await call("GET", `/api/stories/${story.id}/gifts-and-links`, writer)).json().giftedTo).toEqual([
      alice.user.username,
    ]);

    expect((await publish(writer, story.id)).statusCode).toBe(200);
    expect(await giftNotes(alice.user.id, story.id)).toHaveLength(1);
    // A second publish and a details save with a new name: alice is not told twice, bob once.
    expect((await publish(writer, story.id, { giftedTo: [alice.user.username, bob.user.username] })).statusCode).toBe(
      200,
    );
    expect(await giftNotes(alice.user.id, story.id)).toHaveLength(1);
    expect(await giftNotes(bob.user.id, story.id)).toHaveLength(1);
    const listed = await call("GET", "/api/notifications", alice);
    expect(listed.json().items[0]).toMatchObject({
      type: "gift",
      story: { id: story.id },
      actor: { username: writer.user.username },
    });

    // The reader, the public page, a chapter page and the Gifts tab name both.
    const read = (await call("GET", `/api/stories/${story.id}/read`, bob)).json();
    expect(read.giftedTo).toEqual([{ username: alice.user.username }, { username: bob.user.username }]);
    const page = await call("GET", publicStoryPath(story.id, story.title));
    expect(page.body).toContain(`<p class="gifted">For <a href="/u/${alice.user.username}">${alice.user.username}</a>`);
    const tab = await call("GET", authorGiftsPath(alice.user.username));
    expect(tab.statusCode).toBe(200);
    expect(tab.body).toContain("The Lantern Gift");
    expect(tab.body).toContain('aria-current="page">Gifts</a>');

    // Alice refuses: her name leaves the pages (cached ones too) and her tab; bob's stays.
    expect((await call("DELETE", `/api/gifts/${story.id}`, alice)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/gifts/${story.id}`, alice)).statusCode).toBe(204);
    const after = (await call("GET", `/api/stories/${story.id}/read`, bob)).json();
    expect(after.giftedTo).toEqual([{ username: bob.user.username }]);
    const pageAfter = await call("GET", publicStoryPath(story.id, story.title));
    expect(pageAfter.body).not.toContain(`/u/${alice.user.username}"`);
    expect((await call("GET", authorGiftsPath(alice.user.username))).body).not.toContain("The Lantern Gift");

    // A later save naming her again leaves her out, silently; nobody else can refuse for her.
    const resave = await call("PATCH", `/api/stories/${story.id}`, writer, {
      giftedTo: [alice.user.username, bob.user.username],
    });
    expect(resave.statusCode).toBe(200);
    expect((await call("GET", `/api/stories/${story.id}/gifts-and-links`, writer)).json().giftedTo).toEqual([
      bob.user.username,
    ]);
    expect(await giftNotes(alice.user.id, story.id)).toHaveLength(1);
    const stranger = await user();
    expect((await call("DELETE", `/api/gifts/${story.id}`, stranger)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/gifts/nope", bob)).statusCode).toBe(404);

    // Taking bob off the list removes his row; alice's refusal is kept.
    expect((await call("PATCH", `/api/stories/${story.id}`, writer, { giftedTo: [] })).statusCode).toBe(200);
    expect((await gifts(story.id)).map((g) => [g.userId, g.refusedAt !== null])).toEqual([[alice.user.id, true]]);
  });

  it("refuses oneself, an unknown name, more than 10 and blocks (both ways) with a 4xx naming giftedTo; nothing written", async () => {
    const writer = await user();
    const friend = await user();
    const story = await draft(writer.user.id);
    const patch = (giftedTo: unknown, extra = {}) =>
      call("PATCH", `/api/stories/${story.id}`, writer, { title: "Changed Title", giftedTo, ...extra });

    const self = await patch([writer.user.username]);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: GIFT_TO_SELF, fields: { giftedTo: GIFT_TO_SELF } });

    const unknown = await patch([friend.user.username, "nobody_here_x"]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.giftedTo).toBe(giftUnknownUser("nobody_here_x"));

    const many = await patch(Array.from({ length: 11 }, (_, i) => `name_${i}`));
    expect(many.statusCode).toBe(400);
    expect(many.json().fields.giftedTo).toBe(GIFTS_TOO_MANY);

    const wrongType = await patch("everyone");
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().fields)[0]).toMatch(/^giftedTo/);

    // The recipient blocked the writer: the neutral answer, and no partial write (the title did not change).
    const blocker = await user();
    expect((await call("POST", `/api/blocks/${writer.user.username}`, blocker)).statusCode).toBe(200);
    const blocked = await patch([friend.user.username, blocker.user.username]);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ message: WRITE_UNAVAILABLE, fields: { giftedTo: WRITE_UNAVAILABLE } });
    // The writer blocked the recipient: the same.
    const blockedByMe = await user();
    expect((await call("POST", `/api/blocks/${blockedByMe.user.username}`, writer)).statusCode).toBe(200);
    expect((await patch([blockedByMe.user.username])).statusCode).toBe(403);
    // On publish too: refused, and the story stays a draft.
    const refusedPublish = await publish(writer, story.id, { giftedTo: [blocker.user.username] });
    expect(refusedPublish.statusCode).toBe(403);

    const current = (await call("GET", `/api/stories/${story.id}`, writer)).json();
    expect(current).toMatchObject({ title: "The Lantern Gift", published: false });
    expect(await gifts(story.id)).toEqual([]);
    // Somebody else's story: 404, whatever the names.
    expect((await call("PATCH", `/api/stories/${story.id}`, friend, { giftedTo: [] })).statusCode).toBe(404);
  });

  it("a recipient who blocks the writer after the gift was saved on a draft is never told", async () => {
    const writer = await user();
    const later = await user();
    const story = await draft(writer.user.id);
    expect(
      (await call("PATCH", `/api/stories/${story.id}`, writer, { giftedTo: [later.user.username] })).statusCode,
    ).toBe(200);
    expect((await call("POST", `/api/blocks/${writer.user.username}`, later)).statusCode).toBe(200);
    expect((await publish(writer, story.id)).statusCode).toBe(200);
    expect(await giftNotes(later.user.id, story.id)).toHaveLength(0);
  });
});
