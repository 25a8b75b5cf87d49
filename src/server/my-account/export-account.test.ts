// Export my data (issue 18): the zip's files against the database, stories as HTML and valid EPUB 3, once an hour,
// and a large account streamed rather than built in memory.
import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import yauzl from "yauzl";
import { sha256 } from "../accounts/tokens";
import { createApiToken } from "../api-tokens/tokens";
import { comments, notificationSettings, users } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { exportAccount } from "./export-account";

interface Entry {
  name: string;
  method: number;
  extraLength: number;
  data: Buffer;
}

function unzip(buffer: Buffer): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: Entry[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            entries.push({
              name: entry.fileName,
              method: entry.compressionMethod,
              extraLength: entry.extraFieldLength,
              data: Buffer.concat(chunks),
            });
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

const json = (entries: Entry[], name: string) =>
  JSON.parse(entries.find((e) => e.name === name)!.data.toString("utf8"));

// jsdom's DOMParser is a strict XML parser for application/xhtml+xml (jsdom ships no types of its own).
type Jsdom = { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };
const jsdomModule = "jsdom";
const { JSDOM } = (await import(/* @vite-ignore */ jsdomModule)) as Jsdom;

function wellFormedXhtml(source: string): boolean {
  const parsed = new new JSDOM("").window.DOMParser().parseFromString(source, "application/xhtml+xml");
  return parsed.getElementsByTagName("parsererror").length === 0;
}

describeEachDb("exporting my data", (ctx) => {
  const app = () => ctx().app;
  const db = () => ctx().database.db;

  it("zips account.json, each story as HTML and EPUB 3, and the rest as JSON; once an hour; only mine", async () => {
    const me = await createVerifiedUserWithSession(db(), { description: "I write at night." });
    const other = await createVerifiedUserWithSession(db());
    const theirs = await createStory(db(), { authorId: other.user.id, published: true, publishedAt: new Date() });
    const mine = await createStory(db(), {
      authorId: me.user.id,
      title: "Salt & Stars",
      content:
        "<h2>Chapter 1: Harbour</h2><p>Fish &amp; chips<br>by the sea.</p><h2>Chapter 2: Open water</h2><p>Waves&nbsp;rose.</p>",
      published: true,
      publishedAt: new Date(),
    });
    const draft = await createStory(db(), { authorId: me.user.id, title: "Notes", content: "<p>Just an idea</p>" });
    const call = (method: "GET" | "POST", url: string, cookie: string, body?: unknown) =>
      send(app(), method, url, body, { cookie });
    expect(
      (await call("POST", `/api/stories/${theirs.id}/comments`, me.cookie, { content: "Lovely <3" })).statusCode,
    ).toBe(201);
    expect(
      (await call("POST", `/api/stories/${theirs.id}/comments`, other.cookie, { content: "Not mine to export" }))
        .statusCode,
    ).toBe(201);
    for (const path of ["like", "bookmark"]) await call("POST", `/api/stories/${theirs.id}/${path}`, me.cookie);
    const apiToken = await createApiToken(db(), me.user.id, { name: "Export script", scopes: ["read"] }, new Date());
    await createApiToken(db(), other.user.id, { name: "Not mine", scopes: ["read"] }, new Date());
    await call("POST", `/api/authors/${other.user.username}/follow`, me.cookie);
    await call("POST", `/api/authors/${me.user.username}/follow`, other.cookie);
    await db().insert(notificationSettings).values({ userId: me.user.id, type: "reply", channel: "off" });

    const res = await send(app(), "GET", "/api/account/export", undefined, { cookie: me.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="ficforge-${me.user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const entries = await unzip(res.rawPayload);
    const names = entries.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "account.json",
        `stories/${mine.id}-Salt-Stars.html`,
        `stories/${mine.id}-Salt-Stars.epub`,
        `stories/${draft.id}-Notes.html`,
        `stories/${draft.id}-Notes.epub`,
        "comments.json",
        "bookmarks.json",
        "likes.json",
        "follows.json",
        "lorebook.json",
        "canon-packs.json",
        "notifications.json",
        "reading-history.json",
        "marin.json",
      ]),
    );
    expect(names.filter((n) => n.startsWith("stories/"))).toHaveLength(4);

    const account = json(entries, "account.json");
    const [row] = await db().select().from(users).where(eq(users.id, me.user.id));
    expect(account.profile).toMatchObject({
      id: row!.id,
      username: row!.username,
      email: row!.email,
      description: "I write at night.",
    });
    expect(account.settings.notifications.reply).toBe("off");
    expect(account.subscription).toEqual({ plus: false, status: null, paidUntil: null, cancelAtPeriodEnd: false });
    expect(JSON.stringify(account)).not.toMatch(/argon2|password"\s*:\s*"/);
    expect(account.apiTokens).toEqual([
      expect.objectContaining({ id: apiToken.id, name: "Export script", scopes: ["read"], lastUsedAt: null }),
    ]);
    expect(JSON.stringify(account)).not.toContain(apiToken.token);
    expect(JSON.stringify(account)).not.toContain(sha256(apiToken.token));

    const myComments = await db().select().from(comments).where(eq(comments.authorId, me.user.id));
    expect(json(entries, "comments.json")).toEqual(
      myComments.map((c) => expect.objectContaining({ id: c.id, content: c.content, storyId: theirs.id })),
    );
    expect(json(entries, "likes.json")).toEqual([
      expect.objectContaining({ storyId: theirs.id, storyTitle: theirs.title }),
    ]);
    expect(json(entries, "bookmarks.json")).toEqual([expect.objectContaining({ storyId: theirs.id })]);
    expect(json(entries, "follows.json")).toEqual([
      expect.objectContaining({ id: other.user.id, username: other.user.username }),
    ]);
    expect(json(entries, "notifications.json")).toEqual([expect.objectContaining({ type: "new_follower" })]);
    expect(json(entries, "marin.json")).toEqual([]);

    const html = entries.find((e) => e.name.endsWith("Salt-Stars.html"))!.data.toString("utf8");
    expect(html).toContain("<h1>Salt &amp; Stars</h1>");
    expect(html).toContain("Open water");

    // EPUB 3: mimetype first, stored, no extra field; container, package document with nav, one file per chapter.
    const epub = await unzip(entries.find((e) => e.name.endsWith("Salt-Stars.epub"))!.data);
    expect(epub[0]).toMatchObject({ name: "mimetype", method: 0, extraLength: 0 });
    expect(epub[0]!.data.toString("ascii")).toBe("application/epub+zip");
    expect(epub.map((e) => e.name).sort()).toEqual(
      [
        "META-INF/container.xml",
        "OEBPS/chapter-1.xhtml",
        "OEBPS/chapter-2.xhtml",
        "OEBPS/content.opf",
        "OEBPS/nav.xhtml",
        "OEBPS/title.xhtml",
        "mimetype",
      ].sort(),
    );
    const file = (name: string) => epub.find((e) => e.name === name)!.data.toString("utf8");
    expect(file("META-INF/container.xml")).toContain('full-path="OEBPS/content.opf"');
    const opf = file("OEBPS/content.opf");
    expect(opf).toContain('version="3.0"');
    expect(opf).toContain('properties="nav"');
    expect(opf).toMatch(/<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/meta>/);
    expect(opf).toContain(`<dc:creator>${me.user.username}</dc:creator>`);
    expect(opf).toContain("<dc:title>Salt &amp; Stars</dc:title>");
    for (const name of ["OEBPS/content.opf", "OEBPS/nav.xhtml", "OEBPS/chapter-1.xhtml", "OEBPS/chapter-2.xhtml"]) {
      expect(wellFormedXhtml(file(name)), name).toBe(true);
    }
    expect(file("OEBPS/nav.xhtml")).toContain('<a href="chapter-2.xhtml">Chapter 2: Open water</a>');
    expect(file("OEBPS/chapter-1.xhtml")).toContain("Fish &amp; chips<br/>by the sea.");
    expect(file("OEBPS/chapter-2.xhtml")).toContain("<h2>Chapter 2: Open water</h2><p>Waves&#xa0;rose.</p>");

    // Once an hour, saying when next.
    const again = await send(app(), "GET", "/api/account/export", undefined, { cookie: me.cookie });
    expect(again.statusCode).toBe(429);
    const next = new Date(ctx().clock.now().getTime() + 60 * 60 * 1000).toISOString();
    expect(again.json()).toMatchObject({ code: "RATE_LIMITED", nextExportAt: next });
    expect(again.json().message).toBe(
      `You can export your data once an hour. Your next export is possible at ${next.slice(11, 16)} UTC.`,
    );
    // Someone else's limit is their own; signed out there is nothing to export.
    expect((await send(app(), "GET", "/api/account/export", undefined, { cookie: other.cookie })).statusCode).toBe(200);
    expect((await send(app(), "GET", "/api/account/export")).statusCode).toBe(401);
    ctx().clock.advance(60 * 60 * 1000);
    expect((await send(app(), "GET", "/api/account/export", undefined, { cookie: me.cookie })).statusCode).toBe(200);
  });

  it("streams a large account: the archive is never all in memory at once", async () => {
    const me = await createVerifiedUserWithSession(db());
    // Four stories of ~2 MB of text that does not compress much: about 14 MB of zip in all.
    for (let i = 0; i < 4; i++) {
      const content = `<p>${randomBytes(1_500_000)
        .toString("base64")
        .replace(/(.{80})/g, "$1 ")}</p>`;
      await createStory(db(), { authorId: me.user.id, title: `Long ${i}`, content });
    }
    // Counts the queries, to see when the first bytes leave compared to the reading of the stories.
    let queries = 0;
    const counted = new Proxy(db(), {
      get(target, property, receiver) {
        if (property === "select") queries++;
        return Reflect.get(target, property, receiver);
      },
    });
    const stream: Readable = await exportAccount(counted, ctx().deps.imageStorage, me.user);
    let total = 0;
    let maxBuffered = 0;
    let maxChunk = 0;
    let queriesAtFirstChunk = -1;
    for await (const chunk of stream) {
      if (queriesAtFirstChunk < 0) queriesAtFirstChunk = queries;
      total += (chunk as Buffer).length;
      maxChunk = Math.max(maxChunk, (chunk as Buffer).length);
      maxBuffered = Math.max(maxBuffered, stream.readableLength);
      // A slow reader: let the producer run ahead if it would.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(total).toBeGreaterThan(12_000_000);
    // What waits in the stream for the reader stays small: the zip is made as it is read.
    expect(maxBuffered).toBeLessThan(1_000_000);
    // At most about one story's worth moves at once (a chapter is one deflated piece), never the archive.
    expect(maxChunk).toBeLessThan(2_500_000);
    // The first bytes went out before the stories were read (each is read when the zip reaches it, twice).
    expect(queriesAtFirstChunk).toBeLessThan(queries - 4);
  });
});
