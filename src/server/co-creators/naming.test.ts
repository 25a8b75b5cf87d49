// Issue 30: a co-written work names its creator and co-creators, in order, wherever it is shown; the versions name
// who saved; a co-creator's followers see it; a creator's deleted account leaves it with the others.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import yauzl from "yauzl";
import { authorFeedPath, publicChapterPath, storyEpubPath, storyFeedPath } from "../../shared/chapters";
import { authorPath, publicStoryPath } from "../../shared/routes";
import { notifications, stories, storyCoCreators } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

async function opfOf(bytes: Buffer): Promise<string> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  return new Promise<string>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName !== "OEBPS/content.opf") return zip.readEntry();
      zip.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        const parts: Buffer[] = [];
        stream.on("data", (d: Buffer) => parts.push(d));
        stream.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
      });
    });
    zip.on("end", () => reject(new Error("no content.opf")));
    zip.on("error", reject);
    zip.readEntry();
  });
}

describeEachDb("co-creators: naming, versions, feeds and account deletion", (ctx) => {
  const db = () => ctx().database.db;
  const call = (
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    who?: UserWithSession,
    body?: unknown,
  ) => send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  let n = 0;
  const user = (prefix: string) =>
    createVerifiedUserWithSession(db(), { username: `${prefix}${Date.now() % 1e6}${n++}` });

  /** A published work by `creator` with `cos` accepted in that order. */
  async function coWritten(creator: UserWithSession, cos: UserWithSession[], title = "Copper Road") {
    const story = await createStory(db(), {
      authorId: creator.user.id,
      title,
      content: "<h2>Chapter 1: Dawn</h2><p>One.</p><h2>Chapter 2: Dusk</h2><p>Two.</p>",
    });
    for (const co of cos) {
      const { id } = (
        await call("POST", `/api/stories/${story.id}/co-creators`, creator, { username: co.user.username })
      ).json();
      expect((await call("POST", `/api/co-creator-invitations/${id}/accept`, co)).statusCode).toBe(200);
    }
    const published = await call("POST", `/api/stories/${story.id}/publish`, creator, {
      title,
      description: "Written together.",
      tags: [],
    });
    expect(published.statusCode).toBe(200);
    return story;
  }

  it("names every co-creator in order on cards, the reader, the public and chapter pages, feeds and the EPUB", async () => {
    const [alice, bob, carol] = [await user("alice"), await user("bob"), await user("carol")];
    const story = await coWritten(alice, [bob, carol]);
    const names = [bob.user.username, carol.user.username].map((username) => ({ username }));

    const cards = (await call("GET", "/api/published-stories?sort=new&limit=50")).json() as {
      id: number;
      author: { username: string };
      coCreators: { username: string }[];
    }[];
    const card = cards.find((c) => c.id === story.id)!;
    expect([card.author.username, card.coCreators]).toEqual([alice.user.username, names]);
    const read = (await call("GET", `/api/stories/${story.id}/read`)).json();
    expect([read.author.username, read.coCreators]).toEqual([alice.user.username, names]);

    const byline = [alice, bob, carol]
      .map((w) => `<a href="${authorPath(w.user.username)}" rel="author"><strong>${w.user.username}</strong></a>`)
      .join(", ");
    const page = await call("GET", publicStoryPath(story.id, story.title));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<p class="by">by ${byline}</p>`);
    expect(page.body).toContain(`<meta property="article:author" content="${carol.user.username}">`);
    const chapter = await call("GET", publicChapterPath(story.id, story.title, 2));
    expect(chapter.body).toContain(`<p class="by">by ${byline}</p>`);

    const feed = (await call("GET", storyFeedPath(story.id, story.title))).body;
    const authors = [...feed.matchAll(/<author><name>([^<]+)<\/name>/g)].map((m) => m[1]);
    expect(authors).toEqual([alice.user.username, bob.user.username, carol.user.username]);

    const epub = await call("GET", storyEpubPath(story.id, story.title));
    expect(epub.statusCode).toBe(200);
    const creators = [...(await opfOf(epub.rawPayload)).matchAll(/<dc:creator>([^<]+)<\/dc:creator>/g)].map(
      (m) => m[1],
    );
    expect(creators).toEqual([alice.user.username, bob.user.username, carol.user.username]);
    // The editor's own export, whoever of them takes it, names them all too.
    const own = await call("GET", `/api/stories/${story.id}/export?format=epub`, carol);
    expect(own.statusCode).toBe(200);
    expect(await opfOf(own.rawPayload)).toContain(`<dc:creator>${bob.user.username}</dc:creator>`);
  });

  it("lists a co-written work on each co-creator's author page and feed, and in their followers' Following feed", async () => {
    const [alice, bob, fan] = [await user("alice"), await user("bob"), await user("fan")];
    const story = await coWritten(alice, [bob], "Shared Tide");
    const solo = await createStory(db(), { authorId: alice.user.id, published: true, publishedAt: new Date() });
    const page = await call("GET", authorPath(bob.user.username));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(publicStoryPath(story.id, story.title));
    expect(page.body).not.toContain(publicStoryPath(solo.id, solo.title));
    expect(page.body).toContain(`rel="author"><strong>${alice.user.username}</strong></a>, <a`);
    const feed = (await call("GET", authorFeedPath(bob.user.username))).body;
    expect(feed).toContain(`<title type="text">Shared Tide</title>`);
    expect(feed).toContain(`<author><name>${alice.user.username}</name>`);

    // A follower of the co-creator (not of the creator) sees the work in their Following feed.
    await call("POST", `/api/authors/${bob.user.username}/follow`, fan);
    const following = (await call("GET", "/api/following", fan)).json();
    expect(following.items.map((i: { storyId: number; via: string }) => [i.storyId, i.via])).toEqual([
      [story.id, "author"],
    ]);
    expect(following.items[0].coCreators).toEqual([{ username: bob.user.username }]);

    // Once they leave, the work no longer names them, nor is it on their page.
    await call("DELETE", `/api/stories/${story.id}/co-creators/me`, bob);
    expect((await call("GET", `/api/stories/${story.id}/read`)).json().coCreators).toEqual([]);
    expect((await call("GET", authorPath(bob.user.username))).body).not.toContain(
      publicStoryPath(story.id, story.title),
    );
    expect((await call("GET", "/api/following", fan)).json().items).toEqual([]);
  });

  it("tells the followers of every co-creator of its first publication, once each, and not the co-creators", async () => {
    const [alice, bob, fanOfBob, fanOfBoth] = [
      await user("alice"),
      await user("bob"),
      await user("fb"),
      await user("fx"),
    ];
    await call("POST", `/api/authors/${bob.user.username}/follow`, fanOfBob);
    await call("POST", `/api/authors/${bob.user.username}/follow`, fanOfBoth);
    await call("POST", `/api/authors/${alice.user.username}/follow`, fanOfBoth);
    // A co-creator who follows the creator is not told of their own work.
    await call("POST", `/api/authors/${alice.user.username}/follow`, bob);
    const story = await coWritten(alice, [bob], "Two Lanterns");
    await ctx().app.background.settled();
    const newStory = async (who: UserWithSession) =>
      (await db().select().from(notifications).where(eq(notifications.userId, who.user.id))).filter(
        (row) => row.type === "new_story" && row.storyId === story.id,
      ).length;
    expect(await newStory(fanOfBob)).toBe(1);
    expect(await newStory(fanOfBoth)).toBe(1);
    expect(await newStory(bob)).toBe(0);
  });

  it("names who saved each version", async () => {
    const [alice, bob] = [await user("alice"), await user("bob")];
    const story = await coWritten(alice, [bob], "Two Hands");
    const first = (await call("GET", `/api/stories/${story.id}`, alice)).json().version;
    const byAlice = await call("PATCH", `/api/stories/${story.id}`, alice, {
      content: "<p>Alice's.</p>",
      version: first,
    });
    const version = byAlice.json().version;
    // A Marin insertion keeps the text before it and the new one: the first saved by alice, the second by bob.
    const saved = await call("PATCH", `/api/stories/${story.id}`, bob, {
      content: "<p>Bob's turn.</p>",
      version,
      versionOrigin: { origin: "marin", model: "offline" },
    });
    expect(saved.statusCode).toBe(200);
    const list = (await call("GET", `/api/stories/${story.id}/versions`, alice)).json();
    const [newest, before] = list.versions;
    expect([newest.origin, newest.savedBy]).toEqual(["marin", { username: bob.user.username }]);
    expect(before.savedBy).toEqual({ username: alice.user.username });
  });

  it("a deleted creator's co-written work stays with the others; a deleted co-creator's rows go", async () => {
    const [alice, bob, carol, dave] = [await user("alice"), await user("bob"), await user("carol"), await user("dave")];
    const story = await coWritten(alice, [bob, carol], "Left Behind");
    const draft = await createStory(db(), { authorId: alice.user.id });
    const deleted = await call("DELETE", "/api/account", alice, { username: alice.user.username, stories: "delete" });
    expect(deleted.statusCode).toBe(200);
    const [kept] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect([kept!.authorId, kept!.published]).toEqual([bob.user.id, true]);
    expect(await db().select().from(stories).where(eq(stories.id, draft.id))).toEqual([]);
    const rows = await db().select().from(storyCoCreators).where(eq(storyCoCreators.storyId, story.id));
    expect(rows.map((r) => [r.userId, r.state, r.position])).toEqual([[carol.user.id, "accepted", 1]]);
    const read = (await call("GET", `/api/stories/${story.id}/read`)).json();
    expect([read.author.username, read.coCreators]).toEqual([bob.user.username, [{ username: carol.user.username }]]);
    // The new creator manages it; the remaining co-creator still edits it.
    expect((await call("GET", `/api/stories/${story.id}/co-creators`, bob)).json().canManage).toBe(true);
    expect((await call("GET", `/api/stories/${story.id}`, carol)).statusCode).toBe(200);

    // A co-creator's own account going removes their rows; the work stays its creator's.
    const other = await coWritten(dave, [carol], "Carol Leaves");
    expect(
      (await call("DELETE", "/api/account", carol, { username: carol.user.username, stories: "delete" })).statusCode,
    ).toBe(200);
    expect(await db().select().from(storyCoCreators).where(eq(storyCoCreators.userId, carol.user.id))).toEqual([]);
    const [still] = await db().select().from(stories).where(eq(stories.id, other.id));
    expect(still!.authorId).toBe(dave.user.id);
    expect((await call("GET", `/api/stories/${other.id}/read`)).json().coCreators).toEqual([]);
  });
});
