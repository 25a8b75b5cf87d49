// Issue 30 section 1: the series API, its bad input, the 'Part N of' line, the notifications, the public page, its
// Subscribe form and the feed — on PGlite and PostgreSQL.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { publicStoryPath, seriesPath } from "../../shared/routes";
import {
  SERIES_NOT_FOUND,
  SERIES_ORDER_MISMATCH,
  SERIES_POSITION_OUT_OF_RANGE,
  SERIES_STORY_ALREADY_IN,
  SERIES_STORY_NOT_FOUND,
  SERIES_STORY_NOT_PUBLISHED,
  SERIES_STORY_NOT_YOURS,
  SERIES_TITLE_REQUIRED,
  SERIES_TITLE_TOO_LONG,
  SERIES_WORK_LIMIT,
  type SeriesView,
} from "../../shared/schemas/series";
import { notifications, series, seriesSubscriptions, seriesWorks, stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

describeEachDb("series", (ctx) => {
  const db = () => ctx().database.db;
  const call = (
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    who?: UserWithSession,
    body?: unknown,
  ) => send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const user = (overrides = {}) => createVerifiedUserWithSession(db(), overrides);
  const published = (authorId: number, overrides = {}) =>
    createStory(db(), { authorId, published: true, publishedAt: new Date(), ...overrides });
  const settled = () => ctx().app.background.settled();
  const makeSeries = async (who: UserWithSession, title = "The Copper Road") => {
    const res = await call("POST", "/api/series", who, { title, description: "Roads and rust." });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const add = (who: UserWithSession, id: number, storyId: number, position?: number) =>
    call("POST", `/api/series/${id}/works`, who, { storyId, ...(position ? { position } : {}) });
  const order = async (id: number) =>
    (await db().select().from(seriesWorks).where(eq(seriesWorks.seriesId, id)).orderBy(seriesWorks.position)).map(
      (r) => [r.storyId, r.position],
    );
  const seriesNotes = (userId: number) =>
    db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .then((rows) => rows.filter((n) => n.type === "series_work"));

  it("creates, fills in order, reorders, renames, completes and deletes a series; lists it for its writer", async () => {
    const writer = await user();
    const id = await makeSeries(writer);
    const [a, b, c] = [
      await published(writer.user.id),
      await published(writer.user.id),
      await published(writer.user.id),
    ];
    expect((await add(writer, id, a.id)).statusCode).toBe(201);
    expect((await add(writer, id, c.id)).statusCode).toBe(201);
    // Inserted at 2, shifting c down.
    const added = await add(writer, id, b.id, 2);
    expect(added.statusCode).toBe(201);
    const view: SeriesView = added.json();
    expect(view.works.map((w) => [w.id, w.position])).toEqual([
      [a.id, 1],
      [b.id, 2],
      [c.id, 3],
    ]);
    expect(view.works[0]).toMatchObject({
      title: a.title,
      author: { username: writer.user.username },
      rating: "general",
    });
    expect(view).toMatchObject({
      title: "The Copper Road",
      owner: { username: writer.user.username },
      complete: false,
    });
    expect(view.path).toBe(seriesPath(id, "The Copper Road"));

    const patched = await call("PATCH", `/api/series/${id}`, writer, {
      title: "The Iron Road",
      complete: true,
      order: [c.id, a.id, b.id],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: "The Iron Road", complete: true, description: "Roads and rust." });
    expect(await order(id)).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);

    // A deleted story leaves a gap that reads (and the next command) close.
    await db().delete(stories).where(eq(stories.id, a.id));
    expect((await call("GET", `/api/series/${id}`)).json().works.map((w: { position: number }) => w.position)).toEqual([
      1, 2,
    ]);
    const removed = await call("DELETE", `/api/series/${id}/works/${c.id}`, writer);
    expect(removed.json().works.map((w: { id: number }) => w.id)).toEqual([b.id]);
    expect(await order(id)).toEqual([[b.id, 1]]);

    const mine = (await call("GET", "/api/me/series", writer)).json().series;
    expect(mine).toEqual([
      expect.objectContaining({
        id,
        title: "The Iron Road",
        works: [{ storyId: b.id, position: 1, title: b.title, published: true }],
      }),
    ]);
    expect((await call("DELETE", `/api/series/${id}`, writer)).statusCode).toBe(204);
    expect((await call("GET", `/api/series/${id}`)).statusCode).toBe(404);
    expect((await call("GET", "/api/me/series", writer)).json().series).toEqual([]);
  });

  it("answers bad input with a 4xx naming the field, and never writes half", async () => {
    const [writer, other] = [await user(), await user()];
    const id = await makeSeries(writer);
    const mine = await published(writer.user.id);
    const theirs = await published(other.user.id);
    const theirDraft = await createStory(db(), { authorId: other.user.id });
    const myDraft = await createStory(db(), { authorId: writer.user.id });

    expect((await call("POST", "/api/series", undefined, { title: "x" })).statusCode).toBe(401);
    const blank = await call("POST", "/api/series", writer, { title: "   " });
    expect([blank.statusCode, blank.json().fields.title]).toEqual([400, SERIES_TITLE_REQUIRED]);
    const long = await call("POST", "/api/series", writer, { title: "x".repeat(201) });
    expect([long.statusCode, long.json().fields.title]).toEqual([400, SERIES_TITLE_TOO_LONG]);
    expect((await call("POST", "/api/series", writer, { title: "x".repeat(200) })).statusCode).toBe(201);

    const cases: [number, unknown, number, string, string][] = [
      [id, { storyId: theirs.id }, 403, "storyId", SERIES_STORY_NOT_YOURS],
      [id, { storyId: theirDraft.id }, 404, "storyId", SERIES_STORY_NOT_FOUND],
      [id, { storyId: 999_999_999 }, 404, "storyId", SERIES_STORY_NOT_FOUND],
      [id, { storyId: myDraft.id }, 400, "storyId", SERIES_STORY_NOT_PUBLISHED],
      [id, { storyId: mine.id, position: 3 }, 400, "position", SERIES_POSITION_OUT_OF_RANGE],
      [id, { storyId: mine.id, position: 0 }, 400, "position", SERIES_POSITION_OUT_OF_RANGE],
      [id, { storyId: "12" }, 400, "storyId", "Story id must be a number"],
    ];
    for (const [seriesId, body, status, field, message] of cases) {
      const res = await call("POST", `/api/series/${seriesId}/works`, writer, body);
      expect([res.statusCode, res.json().fields?.[field]], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await order(id)).toEqual([]);

    // Another writer's series is nobody's to them; a garbage id too.
    for (const [method, url, body] of [
      ["POST", `/api/series/${id}/works`, { storyId: theirs.id }],
      ["PATCH", `/api/series/${id}`, { title: "Mine now" }],
      ["DELETE", `/api/series/${id}`, undefined],
      ["DELETE", `/api/series/${id}/works/${mine.id}`, undefined],
    ] as const) {
      const res = await call(method, url, other, body);
      expect([res.statusCode, res.json().message]).toEqual([404, SERIES_NOT_FOUND]);
    }
    expect((await call("GET", "/api/series/abc")).statusCode).toBe(404);

    expect((await add(writer, id, mine.id)).statusCode).toBe(201);
    const twice = await add(writer, id, mine.id);
    expect([twice.statusCode, twice.json().fields.storyId]).toEqual([409, SERIES_STORY_ALREADY_IN]);
    // A reorder must name every work once: a duplicate position, a missing or a foreign work.
    for (const bad of [[mine.id, mine.id], [], [theirs.id]]) {
      const res = await call("PATCH", `/api/series/${id}`, writer, { title: "Renamed", order: bad });
      expect([res.statusCode, res.json().fields.order]).toEqual([400, SERIES_ORDER_MISMATCH]);
    }
    // Nothing of the refused PATCH was written (the title came with a bad order).
    const [row] = await db().select().from(series).where(eq(series.id, id));
    expect(row!.title).toBe("The Copper Road");

    // A work is in at most 10 series.
    for (let i = 0; i < 9; i++)
      expect((await add(writer, await makeSeries(writer, `S${i}`), mine.id)).statusCode).toBe(201);
    const eleventh = await add(writer, await makeSeries(writer, "Eleventh"), mine.id);
    expect([eleventh.statusCode, eleventh.json().fields.storyId]).toEqual([400, SERIES_WORK_LIMIT]);
  });

  it("leaves out of a series what the viewer may not read; 'Part N of' links the readable neighbours", async () => {
    const writer = await user();
    const id = await makeSeries(writer);
    const one = await published(writer.user.id, { title: "Rust" });
    const mature = await published(writer.user.id, { title: "Embers", rating: "mature" });
    const members = await published(writer.user.id, { title: "Gate", audience: "members" });
    const four = await published(writer.user.id, { title: "Iron" });
    for (const s of [one, mature, members, four]) expect((await add(writer, id, s.id)).statusCode).toBe(201);
    const [free, plus] = [await user(), await user({ isPremium: true })];
    const titles = async (who?: UserWithSession) =>
      (await call("GET", `/api/series/${id}`, who))
        .json()
        .works.map((w: { title: string; position: number }) => `${w.position}:${w.title}`);
    expect(await titles()).toEqual(["1:Rust", "4:Iron"]);
    expect(await titles(free)).toEqual(["1:Rust", "3:Gate", "4:Iron"]);
    expect(await titles(plus)).toEqual(["1:Rust", "2:Embers", "3:Gate", "4:Iron"]);

    // The read view: the neighbours anyone who may read this work may read.
    const line = async (storyId: number, who = plus) =>
      (await call("GET", `/api/stories/${storyId}/read`, who)).json().series[0];
    expect(await line(one.id)).toMatchObject({
      seriesId: id,
      title: "The Copper Road",
      position: 1,
      previous: null,
      next: { id: four.id, title: "Iron", position: 4 },
    });
    expect(await line(mature.id)).toMatchObject({ position: 2, previous: { id: one.id }, next: { id: four.id } });
    expect(await line(members.id)).toMatchObject({ position: 3, previous: { id: one.id }, next: { id: four.id } });
    // The line is built into the cached view: a second read builds nothing (so runs no series query).
    const misses = ctx().app.readCache.stats.misses;
    expect(await line(members.id)).toMatchObject({ position: 3 });
    expect(ctx().app.readCache.stats.misses).toBe(misses);

    // Cached, then dropped when the series changes: a reorder shows at once.
    await call("PATCH", `/api/series/${id}`, writer, { order: [four.id, one.id, mature.id, members.id] });
    expect(await line(one.id)).toMatchObject({ position: 2, previous: { id: four.id }, next: null });
    // A neighbour's new title shows on the others' cached lines.
    await call("PATCH", `/api/stories/${four.id}`, writer, { title: "Iron Road" });
    expect((await line(one.id)).previous).toMatchObject({ title: "Iron Road" });

    // The public story and chapter pages show the line (signed out: general, open neighbours only).
    const page = (await call("GET", publicStoryPath(one.id, "Rust"))).body;
    expect(page).toContain(
      `<nav class="series" aria-label="Series: The Copper Road"><p>Part 2 of <a href="${seriesPath(id, "The Copper Road")}">The Copper Road</a></p>`,
    );
    expect(page).toContain(`<a rel="prev" href="${publicStoryPath(four.id, "Iron Road")}">← Part 1: Iron Road</a>`);
    expect(page).not.toContain("Embers");
    const chapter = (await call("GET", `${publicStoryPath(one.id, "Rust")}/1`)).body;
    expect(chapter).toContain("Part 2 of");

    // A part deleted (unpublished first): the others' cached lines renumber at once.
    await call("POST", `/api/stories/${mature.id}/unpublish`, writer);
    // Unpublished, it keeps its number (cached so).
    expect(await line(members.id)).toMatchObject({ position: 4 });
    expect((await call("DELETE", `/api/stories/${mature.id}`, writer)).statusCode).toBe(204);
    expect(await line(members.id)).toMatchObject({ position: 3, previous: { id: one.id } });
  });

  it("notifies subscribers of a new work once, never a blocked pair, never a free reader of a mature work", async () => {
    const writer = await user();
    const id = await makeSeries(writer);
    const [fan, plusFan, blockedByWriter, blocker, later] = [
      await user(),
      await user({ isPremium: true }),
      await user(),
      await user(),
      await user(),
    ];
    for (const who of [fan, plusFan, blockedByWriter, blocker]) {
      const res = await call("PUT", `/api/series/${id}/subscription`, who);
      expect(res.json()).toEqual({ subscribed: true });
    }
    expect((await call("PUT", "/api/series/999999999/subscription", fan)).statusCode).toBe(404);
    expect((await call("POST", `/api/blocks/${blockedByWriter.user.username}`, writer)).statusCode).toBeLessThan(300);
    expect((await call("POST", `/api/blocks/${writer.user.username}`, blocker)).statusCode).toBeLessThan(300);
    // A block ends the subscriptions both ways; rows left from before (written directly) are still never notified.
    expect((await call("GET", `/api/series/${id}/subscription`, blocker)).json()).toEqual({ subscribed: false });
    await db()
      .insert(seriesSubscriptions)
      .values([blockedByWriter, blocker].map((who) => ({ userId: who.user.id, seriesId: id })));
    // A reader the writer blocked cannot subscribe again (the neutral refusal).
    expect((await call("PUT", `/api/series/${id}/subscription`, blockedByWriter)).statusCode).toBe(403);

    const work = await published(writer.user.id, { title: "Part one" });
    expect((await add(writer, id, work.id)).statusCode).toBe(201);
    await settled();
    const [note] = await seriesNotes(fan.user.id);
    expect(note).toMatchObject({
      storyId: work.id,
      seriesId: id,
      actorId: writer.user.id,
      dedupeKey: `series:${id}:${work.id}`,
    });
    expect(note!.emailState).toBe("pending");
    expect(await seriesNotes(blockedByWriter.user.id)).toEqual([]);
    expect(await seriesNotes(blocker.user.id)).toEqual([]);
    // The listing names the series.
    const listed = (await call("GET", "/api/notifications", fan)).json().items[0];
    expect(listed).toMatchObject({
      type: "series_work",
      series: { id, title: "The Copper Road" },
      story: { id: work.id },
    });

    // Removed and added again: still once.
    await call("DELETE", `/api/series/${id}/works/${work.id}`, writer);
    await add(writer, id, work.id);
    await settled();
    expect(await seriesNotes(fan.user.id)).toHaveLength(1);

    // A mature work reaches the Plus reader only.
    const mature = await published(writer.user.id, { rating: "mature" });
    await add(writer, id, mature.id);
    await settled();
    expect((await seriesNotes(fan.user.id)).map((n) => n.storyId)).toEqual([work.id]);
    expect((await seriesNotes(plusFan.user.id)).map((n) => n.storyId).sort()).toEqual([work.id, mature.id].sort());

    // Unsubscribed: nothing more.
    expect((await call("DELETE", `/api/series/${id}/subscription`, fan)).json()).toEqual({ subscribed: false });
    await call("PUT", `/api/series/${id}/subscription`, later);
    const third = await published(writer.user.id);
    await add(writer, id, third.id);
    await settled();
    expect(await seriesNotes(fan.user.id)).toHaveLength(1);
    expect((await seriesNotes(later.user.id)).map((n) => n.storyId)).toEqual([third.id]);

    // The Following feed lists the series' works for a subscriber.
    const feed = (await call("GET", "/api/following", later)).json().items;
    expect(feed.map((i: { storyId: number; via: string }) => [i.storyId, i.via])).toContainEqual([third.id, "series"]);
  });

  it("serves the public page (canonical path, cards, Subscribe form, feed) and redraws it per viewer", async () => {
    const writer = await user();
    const id = await makeSeries(writer, "Salt & Iron");
    const one = await published(writer.user.id, { title: "First Tide", tags: ["Romance"] });
    const hidden = await published(writer.user.id, { title: "Secret Ember", rating: "mature" });
    await add(writer, id, one.id);
    await add(writer, id, hidden.id);
    const path = seriesPath(id, "Salt & Iron");
    expect((await call("GET", `/series/${id}`)).headers.location).toBe(path);
    expect((await call("GET", `/series/${id}-wrong`)).headers.location).toBe(path);
    expect((await call("GET", "/series/999999999")).statusCode).toBe(404);
    const page = await call("GET", path);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("script-src 'none'");
    expect(page.body).toContain("<h1>Salt &amp; Iron</h1>");
    expect(page.body).toContain(`<a href="${publicStoryPath(one.id, "First Tide")}">First Tide</a>`);
    expect(page.body).toContain('rel="tag">Romance</a>');
    expect(page.body).not.toContain("Secret Ember");
    expect(page.body).not.toContain("<script");
    expect(page.body).toContain('<a class="btn" href="/auth">Sign in to subscribe</a>');
    expect(page.body).toContain(`href="${path}/feed.atom"`);

    const reader = await user();
    const signedIn = await call("GET", path, reader);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.body).toContain(`<form method="post" action="/series/${id}/subscription">`);
    const form = await ctx().app.inject({
      method: "POST",
      url: `/series/${id}/subscription`,
      headers: {
        cookie: reader.cookie,
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
      },
      payload: "on=1",
    });
    expect([form.statusCode, form.headers.location]).toEqual([303, `${path}#subscribe`]);
    expect((await call("GET", `/api/series/${id}/subscription`, reader)).json()).toEqual({ subscribed: true });
    expect((await call("GET", path, reader)).body).toContain('aria-pressed="true">Subscribed</button>');
    const crossSite = await ctx().app.inject({
      method: "POST",
      url: `/series/${id}/subscription`,
      headers: {
        cookie: reader.cookie,
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
      },
      payload: "on=0",
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await call("GET", path, writer)).body).toContain(`href="/dashboard/series/${id}">Edit series</a>`);

    // A rename shows at once (the cached page is dropped).
    await call("PATCH", `/api/series/${id}`, writer, { description: "Tides & rust." });
    expect((await call("GET", path)).body).toContain("Tides &amp; rust.");

    // In the sitemap (it has a work any visitor may read).
    expect((await call("GET", "/sitemap.xml")).body).toContain("/sitemaps/series-1.xml");
    expect((await call("GET", "/sitemaps/series-1.xml")).body).toContain(`<loc>http://localhost:3000${path}</loc>`);

    const feed = await call("GET", `${path}/feed.atom`);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("application/atom+xml");
    expect(feed.body).toContain('<title type="text">Salt &amp; Iron</title>');
    expect(feed.body).toContain('<title type="text">Part 1: First Tide</title>');
    expect(feed.body).not.toContain("Secret Ember");
  });
});
