// What a reader's block of an author does to the reader's own side: their follow of the author and subscriptions to
// the author's stories end, the comment count matches the comments listed (saying how many the block hides), and
// Saved Stories says how many saved stories the block hides; an unblock brings the saved stories back.
import { expect, it } from "vitest";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

describeEachDb("a reader blocks an author", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "DELETE", url: string, who: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, { cookie: who.cookie });
  const user = () => createVerifiedUserWithSession(db());
  const published = (authorId: number) => createStory(db(), { authorId, published: true, publishedAt: new Date() });

  it("ends the reader's follow and subscription, and the comment and saved-story counts say what the block hides", async () => {
    const [author, reader, other] = [await user(), await user(), await user()];
    const story = await published(author.user.id);
    const kept = await published(other.user.id);
    const name = author.user.username;

    await call("POST", `/api/authors/${name}/follow`, reader);
    await call("POST", `/api/stories/${story.id}/subscription`, reader);
    await call("POST", `/api/stories/${story.id}/bookmark`, reader);
    await call("POST", `/api/stories/${kept.id}/bookmark`, reader);
    expect((await call("POST", `/api/stories/${story.id}/comments`, other, { content: "Lovely" })).statusCode).toBe(
      201,
    );
    expect((await call("POST", `/api/stories/${story.id}/comments`, author, { content: "Thanks!" })).statusCode).toBe(
      201,
    );
    const before = (await call("GET", `/api/stories/${story.id}/comments`, reader)).json();
    expect([before.total, before.items.length, before.hiddenByYou]).toEqual([2, 2, undefined]);
    expect((await call("GET", "/api/bookmarks/hidden", reader)).json()).toEqual({ hiddenByYou: 0 });

    expect((await call("POST", `/api/blocks/${name}`, reader)).json()).toEqual({ blocked: true });

    expect((await call("GET", `/api/authors/${name}/follow`, reader)).json().following).toBe(false);
    expect((await call("GET", `/api/stories/${story.id}/subscription`, reader)).json()).toEqual({ subscribed: false });
    const after = (await call("GET", `/api/stories/${story.id}/comments`, reader)).json();
    expect(after.items.map((c: { content: string }) => c.content)).toEqual(["Lovely"]);
    expect([after.total, after.hiddenByYou]).toEqual([1, 1]);
    // Everyone else still counts both.
    const theirs = (await call("GET", `/api/stories/${story.id}/comments`, other)).json();
    expect([theirs.total, theirs.hiddenByYou]).toEqual([2, undefined]);

    const saved = (await call("GET", "/api/bookmarks", reader)).json() as { id: number }[];
    expect(saved.map((s) => s.id)).toEqual([kept.id]);
    expect((await call("GET", "/api/bookmarks/hidden", reader)).json()).toEqual({ hiddenByYou: 1 });

    // Unblocking brings the saved story back; the follow stays ended.
    expect((await call("DELETE", `/api/blocks/${name}`, reader)).json()).toEqual({ blocked: false });
    const back = (await call("GET", "/api/bookmarks", reader)).json() as { id: number }[];
    expect(back.map((s) => s.id).sort()).toEqual([story.id, kept.id].sort());
    expect((await call("GET", "/api/bookmarks/hidden", reader)).json()).toEqual({ hiddenByYou: 0 });
    expect((await call("GET", `/api/authors/${name}/follow`, reader)).json().following).toBe(false);
  });

  it("answers 401 to a signed-out visitor asking for hidden saved stories", async () => {
    expect((await send(ctx().app, "GET", "/api/bookmarks/hidden")).statusCode).toBe(401);
  });
});
