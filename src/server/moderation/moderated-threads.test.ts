// Moderated comments in threads and counts (issue 18 follow-up), in the real app on PGlite and PostgreSQL: the story's
// comment_count is what readers see (a held comment counts once approved; hiding and restoring move it once), and
// replies under a comment hidden from the viewer sit under a '[hidden]' placeholder that never carries its text.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 86_400_000);

interface Item {
  id: number;
  parentId: number | null;
  content: string;
  author: { username: string } | null;
  deleted: boolean;
  hidden?: boolean;
  awaitingReview?: boolean;
  replyTo?: { username: string } | null;
}

describeEachDb("moderated comments in threads and counts", (ctx) => {
  const db = () => ctx().database.db;
  type Method = "GET" | "POST" | "DELETE";
  const call = (method: Method, url: string, who?: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  // Accounts older than a day, so the new-account limits stay out of the way unless a test wants them.
  const user = (overrides = {}) => createVerifiedUserWithSession(db(), { createdAt: TWO_DAYS_AGO(), ...overrides });
  const post = async (who: UserWithSession, storyId: number, content: string, parentId?: number) => {
    const res = await call("POST", `/api/stories/${storyId}/comments`, who, { content, parentId });
    expect(res.statusCode).toBe(201);
    return res.json() as Item;
  };
  const act = (who: UserWithSession, action: string, commentId: number) =>
    call("POST", "/api/moderation/actions", who, {
      action,
      targetType: "comment",
      targetId: String(commentId),
      reason: "Checked",
    });
  const count = async (storyId: number) => {
    const [row] = await db().select({ n: stories.commentCount }).from(stories).where(eq(stories.id, storyId));
    return row!.n;
  };
  const listed = async (storyId: number, who?: UserWithSession) => {
    const res = await call("GET", `/api/stories/${storyId}/comments?limit=50`, who);
    expect(res.statusCode).toBe(200);
    return { body: res.body, items: res.json().items as Item[], total: res.json().total as number };
  };

  it("counts what readers see: held once approved, hide and restore once each, deletions as before", async () => {
    const [author, writer, moderator] = [await user(), await user(), await user({ role: "moderator" })];
    const fresh = await createVerifiedUserWithSession(db(), { createdAt: ctx().clock.now() });
    const story = await createStory(db(), { authorId: author.user.id, published: true, publishedAt: new Date() });

    const visible = await post(writer, story.id, "A fine chapter");
    const held = await post(fresh, story.id, "Read mine at www.example.com");
    expect(held.awaitingReview).toBe(true);
    expect(await count(story.id)).toBe(1);
    expect((await listed(story.id)).total).toBe(1);
    expect((await act(moderator, "restore", held.id)).statusCode).toBe(200);
    expect(await count(story.id)).toBe(2);

    // Two hides at once: one applies, the other is refused, and the count moves once; the same for restores.
    const hides = await Promise.all([
      act(moderator, "hide-comment", visible.id),
      act(moderator, "hide-comment", visible.id),
    ]);
    expect(hides.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await count(story.id)).toBe(1);
    expect((await listed(story.id)).total).toBe(1);
    const restores = await Promise.all([act(moderator, "restore", visible.id), act(moderator, "restore", visible.id)]);
    expect(restores.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await count(story.id)).toBe(2);

    // Rejecting a held comment (Hide) takes nothing off: it was never counted. Nor does deleting a held or hidden one.
    const rejected = await post(fresh, story.id, "Another link: https://example.org");
    const deletedHeld = await post(fresh, story.id, "And www.example.net");
    expect(await count(story.id)).toBe(2);
    expect((await act(moderator, "hide-comment", rejected.id)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/comments/${deletedHeld.id}`, fresh)).statusCode).toBe(204);
    expect(await count(story.id)).toBe(2);
    expect((await act(moderator, "hide-comment", held.id)).statusCode).toBe(200);
    expect(await count(story.id)).toBe(1);
    expect((await call("DELETE", `/api/comments/${held.id}`, author)).statusCode).toBe(204);
    expect(await count(story.id)).toBe(1);

    // Today's rule for a visible comment with replies: it becomes '[deleted]' and leaves the count.
    const answer = await post(author, story.id, "Thank you!", visible.id);
    expect(await count(story.id)).toBe(2);
    expect((await call("DELETE", `/api/comments/${visible.id}`, writer)).statusCode).toBe(204);
    expect(await count(story.id)).toBe(1);
    const { items, total } = await listed(story.id);
    expect(items.map((c) => [c.id, c.deleted, c.hidden ?? false])).toEqual([
      [visible.id, true, false],
      [answer.id, false, false],
    ]);
    expect(total).toBe(1);
  });

  it("keeps replies under a '[hidden]' placeholder for a hidden, held or blocked comment, never with its text", async () => {
    const [author, writer, replier, blocked, moderator] = [
      await user(),
      await user(),
      await user(),
      await user(),
      await user({ role: "moderator" }),
    ];
    const fresh = await createVerifiedUserWithSession(db(), { createdAt: ctx().clock.now() });
    const story = await createStory(db(), { authorId: author.user.id, published: true, publishedAt: new Date() });

    const rude = await post(writer, story.id, "SECRET-RUDE words");
    const underRude = await post(replier, story.id, "That was uncalled for", rude.id);
    const deeper = await post(author, story.id, "Agreed", underRude.id);
    const linked = await post(fresh, story.id, "SECRET-LINK www.example.com");
    const ownReply = await post(fresh, story.id, "Also, thanks for the story", linked.id);
    const byBlocked = await post(blocked, story.id, "SECRET-BLOCKED remark");
    const underBlocked = await post(replier, story.id, "Hm", byBlocked.id);
    // A hidden comment whose only reply is hidden too, and a '[deleted]' one whose only reply is hidden: nothing shows.
    const lone = await post(writer, story.id, "SECRET-LONE");
    const loneReply = await post(writer, story.id, "SECRET-LONE-REPLY", lone.id);
    const gone = await post(replier, story.id, "Soon deleted");
    const goneReply = await post(writer, story.id, "SECRET-GONE-REPLY", gone.id);
    expect((await call("DELETE", `/api/comments/${gone.id}`, replier)).statusCode).toBe(204);
    for (const id of [rude.id, lone.id, loneReply.id, goneReply.id]) {
      expect((await act(moderator, "hide-comment", id)).statusCode).toBe(200);
    }
    expect((await call("POST", `/api/blocks/${blocked.user.username}`, author)).statusCode).toBeLessThan(300);

    const placeholder = { content: "", author: null, deleted: true, hidden: true };
    const expected = [
      [rude.id, placeholder],
      [underRude.id, { parentId: rude.id, content: "That was uncalled for", deleted: false }],
      [deeper.id, { parentId: underRude.id, content: "Agreed" }],
      [linked.id, placeholder],
      [ownReply.id, { parentId: linked.id, content: "Also, thanks for the story" }],
      [byBlocked.id, placeholder],
      [underBlocked.id, { parentId: byBlocked.id, content: "Hm" }],
    ] as const;
    for (const viewer of [undefined, replier, author, writer]) {
      const { body, items, total } = await listed(story.id, viewer);
      expect(items.map((c) => c.id)).toEqual(expected.map(([id]) => id));
      for (const [i, [, shape]] of expected.entries()) expect(items[i]).toMatchObject(shape);
      expect(body).not.toMatch(/SECRET/);
      expect(body).not.toContain(writer.user.username);
      // Every reader's count: the two replies under the hidden one, the fresh account's reply, and the blocked
      // writer's comment with its reply; for the author who blocked that writer, the count matches what they are
      // shown, without the blocked writer's comment (docs/decisions/0053-reader-side-fixes.md).
      expect(total).toBe(viewer === author ? 4 : 5);
    }
    // The writers of the held and the blocked comment still see their own, in place; a moderator-hidden one stays
    // hidden from its writer too (they were notified).
    const forFresh = (await listed(story.id, fresh)).items;
    expect(forFresh.find((c) => c.id === linked.id)).toMatchObject({ awaitingReview: true, deleted: false });
    expect(forFresh.find((c) => c.id === linked.id)?.content).toContain("SECRET-LINK");
    const forBlocked = (await listed(story.id, blocked)).items;
    expect(forBlocked.find((c) => c.id === byBlocked.id)).toMatchObject({ content: "SECRET-BLOCKED remark" });
    // A placeholder is nothing to reply to, like '[deleted]'.
    const refused = await call("POST", `/api/stories/${story.id}/comments`, replier, {
      content: "x",
      parentId: rude.id,
    });
    expect(refused.statusCode).toBe(404);

    // The author's Feedback panel: the hidden ones are left out, and their replies answer '[hidden]', not a name.
    const panel = await call("GET", `/api/stories/${story.id}/feedback?limit=50`, author);
    const panelItems = panel.json().items as Item[];
    expect(panel.body).not.toMatch(/SECRET/);
    expect(panelItems.map((c) => [c.id, c.replyTo?.username ?? null])).toEqual([
      [underBlocked.id, "[hidden]"],
      [ownReply.id, "[hidden]"],
      [deeper.id, replier.user.username],
      [underRude.id, "[hidden]"],
    ]);
    const unseen = (await call("GET", "/api/feedback/unseen", author)).json().counts;
    expect(unseen[String(story.id)]).toBe(3);
  });
});
