// Issue 33: anonymous and unrevealed works on every path that names a creator (the reader API, Discover, search by
// author, the public story and chapter pages, the feeds, the EPUB, the author page, the tag page, the sitemap,
// comments, notifications, the Following feed, bookmarks), the maintainers' works route, the reveal (once, on two
// instances at the same time) and the notifications held back until it — on PGlite and PostgreSQL.
import { and, eq } from "drizzle-orm";
import yauzl from "yauzl";
import { expect, it } from "vitest";
import { publicStoryPath } from "../../shared/routes";
import { notifyGifts } from "../gifts/gifts";
import { notifyNewStory } from "../community/notify";
import {
  collectionItems,
  collectionMaintainers,
  collections,
  collectionSubscriptions,
  follows,
  notifications,
  storyGifts,
} from "../db/schema";
import { createTestApp, describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";
import { syncStoryAnonymity } from "./anonymity";
import { revealDue } from "./reveal";

async function zipText(bytes: Buffer): Promise<string> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  return new Promise<string>((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.on("entry", (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        stream.on("data", (d: Buffer) => parts.push(d));
        stream.on("end", () => zip.readEntry());
      }),
    );
    zip.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    zip.readEntry();
  });
}

describeEachDb("anonymous and unrevealed works", (ctx) => {
  const db = () => ctx().database.db;
  let n = 0;
  const user = () => createVerifiedUserWithSession(db(), { username: `an${Date.now() % 100000}_${n++}` });
  const call = (method: "GET" | "POST", url: string, who?: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});

  /** A collection maintained by `owner`, with `storyIds` approved in it, and the works synced. */
  async function collection(
    owner: UserWithSession,
    flags: { anonymous?: boolean; unrevealed?: boolean },
    storyIds: number[],
    revealAt?: Date,
  ) {
    const [c] = await db()
      .insert(collections)
      .values({ name: `fest_${n++}_${Date.now() % 100000}`, title: "Fest", ownerId: owner.user.id, revealAt, ...flags })
      .returning();
    await db().insert(collectionMaintainers).values({ collectionId: c!.id, userId: owner.user.id, role: "owner" });
    for (const storyId of storyIds)
      await db().insert(collectionItems).values({ collectionId: c!.id, storyId, state: "approved" });
    await syncStoryAnonymity(db(), storyIds);
    return c!;
  }
  const notesOf = (userId: number, type: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  it("names an anonymous work's creator to nobody but its creators and maintainers, on every path, until the reveal", async () => {
    const [writer, maintainer, reader, follower, subscriber, recipient] = [
      await user(),
      await user(),
      await user(),
      await user(),
      await user(),
      await user(),
    ];
    const name = writer.user.username;
    const title = `Lanterns ${n++}`;
    const story = await createStory(db(), {
      authorId: writer.user.id,
      title,
      published: true,
      publishedAt: new Date(),
      content: "<h2>One</h2><p>The lanterns burned low.</p><h2>Two</h2><p>Morning came.</p>",
      tags: ["Romance"],
      tagKeys: ["romance"],
    });
    await db().insert(follows).values({ followerId: follower.user.id, authorId: writer.user.id });
    await db().insert(storyGifts).values({ storyId: story.id, userId: recipient.user.id });
    const fest = await collection(maintainer, { anonymous: true }, [story.id]);
    await db().insert(collectionSubscriptions).values({ collectionId: fest.id, userId: subscriber.user.id });
    // The work's publication, as its outbox delivery runs it: the followers are held back, the gift is told.
    expect(await notifyNewStory(db(), story.id)).toBe(0);
    expect(await notifyGifts(db(), story.id)).toBe(1);

    // The creator answers a reader's comment; the reader bookmarks it.
    const asked = await call("POST", `/api/stories/${story.id}/comments`, reader, { content: "Who wrote this?" });
    expect(asked.statusCode).toBe(201);
    const answered = await call("POST", `/api/stories/${story.id}/comments`, writer, {
      content: "A secret for now.",
      parentId: asked.json().comment?.id ?? asked.json().id,
    });
    expect(answered.statusCode).toBe(201);
    for (const who of [reader, recipient])
      expect((await call("POST", `/api/stories/${story.id}/bookmark`, who)).statusCode).toBeLessThan(300);
    await ctx().app.background.settled();

    const path = publicStoryPath(story.id, title);
    const leaks = (text: string) => text.includes(name) || text.includes(`"authorId":${writer.user.id}`);
    /** Every answer that names a creator, for `who` (undefined: signed out). */
    const answers = async (who?: UserWithSession) => {
      const texts: Record<string, string> = {
        read: (await call("GET", `/api/stories/${story.id}/read`, who)).body,
        discover: (await call("GET", "/api/published-stories?sort=new&limit=50", who)).body,
        comments: (await call("GET", `/api/stories/${story.id}/comments`, who)).body,
        page: (await call("GET", path, who)).body,
        chapter: (await call("GET", `${path}/2`, who)).body,
        storyFeed: (await call("GET", `${path}/feed.atom`, who)).body,
        tagPage: (await call("GET", "/t/Romance", who)).body,
        epub: await zipText((await call("GET", `${path}/download.epub`, who)).rawPayload),
      };
      if (who) {
        texts.notifications = (await call("GET", "/api/notifications?limit=50", who)).body;
        texts.bookmarks = (await call("GET", "/api/bookmarks", who)).body;
      }
      return texts;
    };
    for (const who of [undefined, reader, recipient]) {
      const texts = await answers(who);
      for (const [where, text] of Object.entries(texts)) {
        expect(text.length, where).toBeGreaterThan(0);
        if (where !== "epub")
          expect(text, where).toContain(where === "comments" || where === "notifications" ? "Anonymous" : title);
        expect(leaks(text), `${where} names the creator`).toBe(false);
      }
      expect(texts.read).toContain('"author":{"username":"Anonymous"}');
      expect(texts.discover).toContain(title);
      expect(texts.page).toContain("<strong>Anonymous</strong>");
      expect(texts.epub).toContain("Anonymous");
      expect(texts.comments).toContain('"author":{"id":null,"username":"Anonymous"}');
    }
    expect((await answers(recipient)).notifications).toContain('"actor":{"username":"Anonymous"}');
    // Search by the creator's name finds nothing; the author page, its feed and the sitemap do not list the work.
    const byName = await call("GET", `/api/published-stories?q=${name}&sort=relevance`, reader);
    expect(byName.body).not.toContain(title);
    expect((await call("GET", `/u/${name}`)).body).not.toContain(title);
    expect((await call("GET", `/u/${name}/feed.atom`)).body).not.toContain(title);
    expect((await call("GET", "/sitemaps/authors-1.xml")).body).not.toContain(`/u/${name}`);
    // The Following feed of the creator's follower does not carry it (that would name the creator).
    expect((await call("GET", "/api/following", follower)).body).not.toContain(title);
    // Its creator and the collection's maintainer see who wrote it.
    for (const who of [writer, maintainer]) {
      const read = (await call("GET", `/api/stories/${story.id}/read`, who)).json();
      expect(read).toMatchObject({ authorId: writer.user.id, author: { username: name } });
    }
    const works = await call("GET", `/api/collections/${fest.name}/works`, maintainer);
    expect(works.json().items).toMatchObject([{ storyId: story.id, author: { id: writer.user.id, username: name } }]);
    expect((await call("GET", `/api/collections/${fest.name}/works`, reader)).statusCode).toBe(403);
    // Reading it signed out first (the shared cached copy) does not hand the creator's view to anyone.
    expect(leaks((await call("GET", `/api/stories/${story.id}/read`)).body)).toBe(false);

    // The reveal: the maintainer's, once; a reader may not.
    expect((await call("POST", `/api/collections/${fest.name}/reveal`, reader)).statusCode).toBe(403);
    const revealed = await call("POST", `/api/collections/${fest.name}/reveal`, maintainer);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toMatchObject({ works: 1 });
    const again = await call("POST", `/api/collections/${fest.name}/reveal`, maintainer);
    expect(again.statusCode).toBe(409);
    expect(again.json().error ?? again.json().message).toContain("Already revealed");
    await ctx().app.background.settled();

    const after = await answers(reader);
    for (const where of ["read", "page", "chapter", "storyFeed", "tagPage", "epub", "comments", "discover"])
      expect(after[where], where).toContain(name);
    expect((await call("GET", `/u/${name}`)).body).toContain(title);
    // The held-back notifications, each once: the follower's new story, the subscriber's collection work; the gift
    // recipient, told at publication, is not told twice.
    expect(await notesOf(follower.user.id, "new_story")).toHaveLength(1);
    expect(await notesOf(subscriber.user.id, "collection_work")).toHaveLength(1);
    expect(await notesOf(recipient.user.id, "gift")).toHaveLength(1);
    expect((await call("GET", "/api/notifications?limit=50", recipient)).body).toContain(
      `"actor":{"username":"${name}"}`,
    );
  });

  it("hides an unrevealed work from everyone but its creators and maintainers, and reveals it once on two instances", async () => {
    const [writer, maintainer, reader, follower, subscriber, recipient] = [
      await user(),
      await user(),
      await user(),
      await user(),
      await user(),
      await user(),
    ];
    const title = `Hidden ${n++}`;
    const story = await createStory(db(), {
      authorId: writer.user.id,
      title,
      published: true,
      publishedAt: new Date(),
      tags: ["Romance"],
      tagKeys: ["romance"],
    });
    await db().insert(follows).values({ followerId: follower.user.id, authorId: writer.user.id });
    await db().insert(storyGifts).values({ storyId: story.id, userId: recipient.user.id });
    const due = new Date(ctx().clock.now().getTime() - 1000);
    const fest = await collection(maintainer, { anonymous: true, unrevealed: true }, [story.id], due);
    await db().insert(collectionSubscriptions).values({ collectionId: fest.id, userId: subscriber.user.id });
    expect(await notifyNewStory(db(), story.id)).toBe(0);
    expect(await notifyGifts(db(), story.id)).toBe(0);

    const path = publicStoryPath(story.id, title);
    for (const who of [undefined, reader, recipient]) {
      expect((await call("GET", `/api/stories/${story.id}/read`, who)).statusCode).toBe(404);
      expect((await call("GET", `/api/stories/${story.id}/comments`, who)).statusCode).toBe(404);
      expect((await call("GET", path, who)).statusCode).toBe(404);
      expect((await call("GET", "/api/published-stories?sort=new&limit=50", who)).body).not.toContain(title);
      expect((await call("GET", "/t/Romance", who)).body).not.toContain(title);
    }
    expect((await call("POST", `/api/stories/${story.id}/bookmark`, reader)).statusCode).toBe(404);
    for (const who of [writer, maintainer]) {
      const read = await call("GET", `/api/stories/${story.id}/read`, who);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ title, author: { username: writer.user.username } });
    }
    expect((await call("GET", `/api/collections/${fest.name}/works`, maintainer)).json().items).toMatchObject([
      { storyId: story.id, unrevealed: true, anonymous: true },
    ]);

    // Two instances on the same database: the scheduled job on each and a maintainer's request, all at once.
    const other = await createTestApp(ctx().kind, { database: ctx().database });
    try {
      const now = ctx().clock.now();
      const [mine, theirs, byHand] = await Promise.all([
        revealDue(db(), now),
        revealDue(other.database.db, now),
        send(other.app, "POST", `/api/collections/${fest.name}/reveal`, undefined, { cookie: maintainer.cookie }),
      ]);
      const reveals =
        mine.filter((r) => r.collectionId === fest.id).length +
        theirs.filter((r) => r.collectionId === fest.id).length +
        (byHand.statusCode === 200 ? 1 : 0);
      expect(reveals).toBe(1);
      if (byHand.statusCode !== 200) expect(byHand.statusCode).toBe(409);
      // Whichever revealed, its held-back notifications go through the outbox (delivered here by the events).
      for (const one of [...mine, ...theirs]) await ctx().deps.events.emit("collection.revealed", one);
      await ctx().app.background.settled();
      await other.app.background.settled();
    } finally {
      await other.app.close();
    }
    const [row] = await db().select().from(collections).where(eq(collections.id, fest.id));
    expect(row!.revealedAt).not.toBeNull();
    const read = await call("GET", `/api/stories/${story.id}/read`, reader);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ author: { username: writer.user.username }, authorId: writer.user.id });
    expect(await notesOf(recipient.user.id, "gift")).toHaveLength(1);
    expect(await notesOf(follower.user.id, "new_story")).toHaveLength(1);
    expect(await notesOf(subscriber.user.id, "collection_work")).toHaveLength(1);
    // A second run finds nothing due.
    expect((await revealDue(db(), ctx().clock.now())).filter((r) => r.collectionId === fest.id)).toHaveLength(0);
  });
});
