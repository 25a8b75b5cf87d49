import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { readMarks, readSalts } from "../db/schema";
import { createTestApp, describeEachDb, send, sendFrom } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { createReadCounter, READ_COUNTING } from "./read-counter";
import { pruneReadSalts, utcDay } from "./read-salts";

// NOTE: no timer flush during these tests: each says when its batch is written.
const { flushEveryMs } = READ_COUNTING;
READ_COUNTING.flushEveryMs = 3_600_000;
afterAll(() => {
  READ_COUNTING.flushEveryMs = flushEveryMs;
});

const AGENT = "Mozilla/5.0 (X11; Linux x86_64) FicForgeReader/7.7";
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDb("read counting and the author's stats", (ctx) => {
  const db = () => ctx().database.db;
  const published = (overrides = {}) =>
    createStory(db(), { published: true, publishedAt: new Date(), title: "Counted Tale", ...overrides });
  const readAs = (ip: string, url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
    sendFrom(ctx().app, ip, method, url, undefined, { "user-agent": AGENT, ...headers });
  const stats = async (storyId: number, cookie: string) =>
    (await send(ctx().app, "GET", `/api/stories/${storyId}/stats`, undefined, { cookie })).json();

  it("counts reads and once-a-day readers from the reader and the public page, storing no address", async () => {
    const author = await createVerifiedUserWithSession(db());
    const story = await published({ authorId: author.user.id });
    const reader = await createVerifiedUserWithSession(db());
    const api = `/api/stories/${story.id}/read`;
    // 10.9.8.7 reads in the app twice (the second from the read cache's fast path) and on the public page: one
    // sitting, one read.
    expect((await readAs("10.9.8.7", api)).statusCode).toBe(200);
    expect((await readAs("10.9.8.7", api)).statusCode).toBe(200);
    expect((await readAs("10.9.8.7", `/s/${story.id}-counted-tale`)).statusCode).toBe(200);
    await readAs("10.6.5.4", api);
    await readAs("10.6.5.4", api, { "user-agent": "Googlebot/2.1" });
    await readAs("10.6.5.4", api, {}, "HEAD");
    // A wrong slug is a redirect, not a read; a public chapter page is a read that reached its chapter.
    expect((await readAs("10.6.5.4", `/s/${story.id}-old-name`)).statusCode).toBe(301);
    expect((await readAs("10.6.5.4", `/s/${story.id}-counted-tale/1`)).statusCode).toBe(200);
    await readAs("10.3.3.3", api, reader.headers);
    await readAs("10.3.3.4", api, reader.headers);
    // The reader reached chapter 2: reach, not another read.
    const reach = await sendFrom(
      ctx().app,
      "10.3.3.3",
      "POST",
      `/api/stories/${story.id}/reads`,
      { chapter: 2 },
      {
        ...reader.headers,
        "user-agent": AGENT,
      },
    );
    expect(reach.statusCode).toBe(204);

    expect(ctx().app.readCounter.pending().reads).toBe(3);
    expect((await stats(story.id, author.cookie)).reads).toBe(0);
    await ctx().app.readCounter.flush();
    const today = utcDay(ctx().clock.now());
    const answer = await stats(story.id, author.cookie);
    expect(answer).toMatchObject({
      reads: 3,
      readers: 3,
      chapters: [
        { chapter: 1, readers: 1 },
        { chapter: 2, readers: 1 },
      ],
    });
    expect(answer.days).toHaveLength(30);
    expect(answer.days.at(-1)).toEqual({ day: today, reads: 3, readers: 3 });

    // Nothing anywhere in the database holds the address or the user agent.
    const columns = (await db().execute(
      sql`select distinct table_name from information_schema.columns where table_schema = 'public'`,
    )) as unknown as { rows: { table_name: string }[] };
    for (const { table_name } of columns.rows) {
      const found = (await db().execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} t
            where row_to_json(t)::text like '%10.9.8.7%' or row_to_json(t)::text like '%FicForgeReader%'
               or row_to_json(t)::text like '%10.6.5.4%'`,
      )) as unknown as { rows: { n: number }[] };
      expect({ table_name, n: Number(found.rows[0]!.n) }).toEqual({ table_name, n: 0 });
    }

    // The next day the same reader is a reader of that day; the old salt and the marks before yesterday go.
    ctx().clock.advance(DAY_MS);
    await readAs("10.9.8.7", api);
    await ctx().app.readCounter.flush();
    const later = await stats(story.id, author.cookie);
    expect(later).toMatchObject({ reads: 4, readers: 4 });
    expect(later.days.at(-2)).toEqual({ day: today, reads: 3, readers: 3 });
    ctx().clock.advance(2 * DAY_MS);
    await pruneReadSalts(db(), ctx().clock.now());
    const salts = await db().select({ day: readSalts.day }).from(readSalts);
    expect(salts.every((s) => s.day >= utcDay(ctx().clock.now()))).toBe(true);
    expect(await db().select().from(readMarks)).toEqual([]);
  });

  it("batches in memory and adds up across two instances, and writes what is pending on shutdown", async () => {
    const author = await createVerifiedUserWithSession(db());
    const story = await published({ authorId: author.user.id });
    const other = await createTestApp(ctx().kind, { database: ctx().database });
    // One wall clock for both (the first test moved this one's days on); an empty flush loads that day's salt.
    other.clock.advance(ctx().clock.now().getTime() - other.clock.now().getTime());
    const apps = [ctx().app, other.app];
    try {
      await Promise.all(apps.map((app) => app.readCounter.flush()));
      // Ten readers, each reading three times on each instance.
      for (const app of apps) {
        for (let round = 0; round < 3; round++) {
          for (let r = 0; r < 10; r++) {
            await sendFrom(app, `10.1.0.${r}`, "GET", `/api/stories/${story.id}/read`, undefined, {
              "user-agent": AGENT,
            });
          }
        }
        for (let r = 0; r < 4; r++) {
          await sendFrom(
            app,
            `10.1.0.${r}`,
            "POST",
            `/api/stories/${story.id}/reads`,
            { chapter: 3 },
            {
              "user-agent": AGENT,
            },
          );
        }
      }
      // In memory: each reader's three reads are one sitting (one read), each reader once (plus its chapter). NOTE:
      // each instance knows its own sittings, so a reader served by both counts once on each.
      for (const app of apps) expect(app.readCounter.pending()).toEqual({ reads: 10, marks: 14 });
      expect((await stats(story.id, author.cookie)).reads).toBe(0);
      await Promise.all(apps.map((app) => app.readCounter.flush()));
      expect(await stats(story.id, author.cookie)).toMatchObject({
        reads: 20,
        readers: 10,
        chapters: [{ chapter: 3, readers: 4 }],
      });
      await sendFrom(other.app, "10.1.0.99", "GET", `/api/stories/${story.id}/read`, undefined, {
        "user-agent": AGENT,
      });
    } finally {
      await other.app.close();
    }
    expect(await stats(story.id, author.cookie)).toMatchObject({ reads: 21, readers: 11 });
  });

  it("leaves out the author's own reads and reach, in the app and on the public page, known there by cookie", async () => {
    const author = await createVerifiedUserWithSession(db());
    const story = await published({ authorId: author.user.id });
    const reader = await createVerifiedUserWithSession(db());
    const api = `/api/stories/${story.id}/read`;
    const page = `/s/${story.id}-counted-tale`;
    const reach = (ip: string, headers: Record<string, string>) =>
      sendFrom(
        ctx().app,
        ip,
        "POST",
        `/api/stories/${story.id}/reads`,
        { chapter: 2 },
        { ...headers, "user-agent": AGENT },
      );
    // The author in the app, on the public page (whose session the crawler shield resolves, as it does for every
    // cookie on public reading: the author's own reads there are left out at once), and in chapter 2.
    expect((await readAs("10.7.0.1", api, author.headers)).statusCode).toBe(200);
    expect((await readAs("10.7.0.1", page, author.headers)).statusCode).toBe(200);
    expect((await reach("10.7.0.1", author.headers)).statusCode).toBe(204);
    // A reader on the public page and in the app, from two addresses: one reader (their session), one read.
    await readAs("10.7.0.2", page, reader.headers);
    await readAs("10.7.0.3", api, reader.headers);
    await reach("10.7.0.3", reader.headers);
    // A session cookie with no live session behind it is a signed-out visitor.
    await readAs("10.7.0.4", page, { cookie: "ff_session=forged" });
    expect(ctx().app.readCounter.pending()).toEqual({ reads: 3, marks: 5 });
    await ctx().app.readCounter.flush();
    // The reader's page and app reads, minutes apart, are one read now that the page knows who they are.
    expect(await stats(story.id, author.cookie)).toMatchObject({
      reads: 2,
      readers: 2,
      chapters: [{ chapter: 2, readers: 1 }],
    });
  });

  it("counts readers' comments, not the author's own replies", async () => {
    const author = await createVerifiedUserWithSession(db());
    const story = await published({ authorId: author.user.id });
    const comment = (who: { headers: Record<string, string> }, content: string, parentId?: number) =>
      send(ctx().app, "POST", `/api/stories/${story.id}/comments`, { content, parentId }, who.headers);
    const first = await comment(await createVerifiedUserWithSession(db()), "Loved the storm scene.");
    expect(first.statusCode).toBe(201);
    expect((await comment(await createVerifiedUserWithSession(db()), "More please!")).statusCode).toBe(201);
    expect((await comment(author, "Thank you!", first.json().id)).statusCode).toBe(201);
    expect((await comment(author, "Chapter 3 is coming Friday.")).statusCode).toBe(201);
    expect((await stats(story.id, author.cookie)).comments).toBe(2);
  });

  it("shows stats to the author alone", async () => {
    const author = await createVerifiedUserWithSession(db());
    const story = await published({ authorId: author.user.id, likeCount: 2, bookmarkCount: 1 });
    const stranger = await createVerifiedUserWithSession(db());
    const mine = await send(ctx().app, "GET", `/api/stories/${story.id}/stats`, undefined, author.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ likes: 2, bookmarks: 1, comments: 0, reads: 0, chapters: [] });
    const theirs = await send(ctx().app, "GET", `/api/stories/${story.id}/stats`, undefined, stranger.headers);
    expect(theirs.statusCode).toBe(404);
    expect((await send(ctx().app, "GET", `/api/stories/${story.id}/stats`)).statusCode).toBe(401);
    const bad = await send(ctx().app, "POST", `/api/stories/${story.id}/reads`, { chapter: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("chapter must be a whole number from 1 to 1000");
    const draft = await createStory(db(), { published: false });
    expect((await send(ctx().app, "POST", `/api/stories/${draft.id}/reads`, { chapter: 1 })).statusCode).toBe(404);
  });
});

describe("the read counter in memory", () => {
  it("tells readers apart on one connection (a proxy's) by address and agent, and days apart by the clock", () => {
    let now = Date.UTC(2026, 10, 26, 23, 59, 59);
    const counter = createReadCounter({} as never, () => new Date(now), { warn() {} });
    const socket = {};
    const read = (ip: string, agent: string, storyId = 1, chapter?: number) =>
      counter.count({
        storyId,
        chapter,
        request: { method: "GET", headers: { "user-agent": agent }, ip, user: null, raw: { socket } } as never,
      });
    read("10.0.0.1", AGENT);
    read("10.0.0.1", AGENT); // a repeat in the same sitting: neither a read nor a reader
    read("10.0.0.2", AGENT); // another client through the same connection
    read("10.0.0.2", "Googlebot/2.1"); // not a reader at all
    read("10.0.0.2", `${AGENT} other`);
    read("10.0.0.2", `${AGENT} other`, 2, 3); // another story, and its chapter 3
    expect(counter.pending()).toEqual({ reads: 4, marks: 5 });
    now += 1_000; // the next UTC day: the same reader is a read and a reader of that day
    read("10.0.0.1", AGENT);
    read("10.0.0.1", AGENT, 1, 1); // the same sitting: chapter 1 reached, no new read
    expect(counter.pending()).toEqual({ reads: 5, marks: 7 });
  });

  it("counts a reader's reads of one story within the read window once, and again after it", () => {
    let now = Date.UTC(2026, 10, 26, 10, 0, 0);
    const counter = createReadCounter({} as never, () => new Date(now), { warn() {} });
    const read = (ip: string, storyId = 1, user: { id: number } | null = null) =>
      counter.count({
        storyId,
        request: { method: "GET", headers: { "user-agent": AGENT }, ip, user, raw: { socket: {} } } as never,
      });
    read("10.0.0.1");
    now += 2 * 60_000;
    read("10.0.0.1"); // a reload two minutes later
    now += 3 * 60_000;
    read("10.0.0.1"); // and three minutes after that: one reader, one read
    expect(counter.pending().reads).toBe(1);
    read("10.0.0.1", 2); // another story is another read
    read("10.0.0.9"); // and another reader
    read("10.0.0.5", 1, { id: 42 }); // a signed-in reader, from two addresses: one read
    read("10.0.0.6", 1, { id: 42 });
    expect(counter.pending().reads).toBe(4);
    now += READ_COUNTING.readWindowMs; // past the window from the first read: a new sitting
    read("10.0.0.1");
    expect(counter.pending().reads).toBe(5);
  });
});
