// Issue 31 section 3: scheduled chapters and publishes. The rules and bad input; a held chapter invisible on every
// reader path until the worker releases it; exactly once with two instances racing; released at start-up after an
// outage that spanned the time; the notifications once (none for 'Silent update').
import { and, eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { storyFeedPath } from "../../shared/chapters";
import { publicStoryPath } from "../../shared/routes";
import { SCHEDULE_MESSAGES, type ScheduledReleaseView } from "../../shared/schemas/scheduling";
import { notifications, scheduledReleases, stories, storyCoCreators } from "../db/schema";
import { startMaintenance } from "../maintenance";
import { maintenanceJobs } from "../maintenance-jobs";
import { createEmailWorker } from "../email-notifications/worker";
import { signingKeyLoader } from "../email-notifications/unsubscribe-token";
import { createTestApp, describeEachDb, send, TEST_APP_URL, type TestContext } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

const chapter = (n: number, text = `Words of chapter ${n}.`) => `<h2>Chapter ${n}</h2><p>${text}</p>`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describeEachDb("scheduled releases", (ctx) => {
  const db = () => ctx().database.db;
  const ahead = (ms: number) => new Date(ctx().clock.now().getTime() + ms).toISOString();
  const others: TestContext[] = [];
  afterAll(async () => {
    for (const other of others) await other.app.close();
  });

  /** A second instance of the app on the same database, its clock at the first's. */
  async function secondInstance(): Promise<TestContext> {
    const other = await createTestApp(ctx().kind, { database: ctx().database });
    other.clock.advance(ctx().clock.now().getTime() - other.clock.now().getTime());
    others.push(other);
    return other;
  }

  const releaseJob = (instance: TestContext) =>
    maintenanceJobs(instance.deps, instance.app.readCache).find((job) => job.name === "release-scheduled")!;

  async function writer() {
    const session = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown) =>
      send(ctx().app, method, url, body, { cookie: session.cookie });
    return { session, call };
  }

  /** A published story with chapter 1, a subscriber, and its writer's calls. */
  async function publishedStory() {
    const { session, call } = await writer();
    const story = await createStory(db(), { authorId: session.user.id, title: "The Long Road", content: chapter(1) });
    expect(
      (await call("POST", `/api/stories/${story.id}/publish`, { title: "The Long Road", description: "D" })).statusCode,
    ).toBe(200);
    // NOTE: the publish's own fan-out finishes first: a subscription made while it runs hears of chapter 1.
    await ctx().app.background.settled();
    const reader = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const subscribed = await send(
      ctx().app,
      "POST",
      `/api/stories/${story.id}/subscription`,
      undefined,
      reader.headers,
    );
    expect(subscribed.statusCode).toBe(200);
    const save = async (content: string) => {
      const res = await call("PATCH", `/api/stories/${story.id}`, { content });
      expect(res.statusCode).toBe(200);
    };
    return { story, session, call, reader, save };
  }

  const notificationsOf = (userId: number, type: string) =>
    db()
      .select({ chapter: notifications.chapterNumber, storyId: notifications.storyId })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  it("refuses bad times, chapters and stories with clear 400s and 404s", async () => {
    const { story, call } = await publishedStory();
    const schedule = (body: unknown) => call("POST", `/api/stories/${story.id}/schedule`, body);
    const refused = async (body: unknown, message: string, status = 400) => {
      const res = await schedule(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused({ at: ahead(-MINUTE), chapters: [2] }, SCHEDULE_MESSAGES.tooSoon);
    await refused({ at: ahead(30_000), chapters: [2] }, SCHEDULE_MESSAGES.tooSoon);
    await refused({ at: ahead(366 * 24 * HOUR), chapters: [2] }, SCHEDULE_MESSAGES.tooLate);
    await refused({ at: "tomorrow at six", chapters: [2] }, SCHEDULE_MESSAGES.at);
    await refused({ at: "2027-13-45T99:00:00Z", chapters: [2] }, SCHEDULE_MESSAGES.at);
    await refused({ at: 1_800_000_000_000, chapters: [2] }, SCHEDULE_MESSAGES.at);
    await refused({ at: ahead(HOUR), chapters: [5] }, SCHEDULE_MESSAGES.missingChapter(5, 1));
    await refused({ at: ahead(HOUR), chapters: [1] }, SCHEDULE_MESSAGES.alreadyLive(1));
    await refused({ at: ahead(HOUR), chapters: [0] }, SCHEDULE_MESSAGES.chapters);
    await refused({ at: ahead(HOUR), chapters: ["2"] }, SCHEDULE_MESSAGES.chapters);
    await refused({ at: ahead(HOUR), chapters: [2, 2] }, SCHEDULE_MESSAGES.chaptersTwice);
    await refused(
      { at: ahead(HOUR), chapters: Array.from({ length: 51 }, (_, i) => i + 2) },
      SCHEDULE_MESSAGES.tooManyChapters,
    );
    await refused({ at: ahead(HOUR) }, SCHEDULE_MESSAGES.alreadyPublished);
    await refused(
      { at: ahead(HOUR), chapters: [2], publish: { title: "T", description: "D" } },
      SCHEDULE_MESSAGES.publishWithChapters,
    );
    await refused({ at: "2027-03-01T18:00:00", chapters: [2] }, SCHEDULE_MESSAGES.at);

    // The next chapter, not written yet, may be held back; once.
    const ok = await schedule({ at: ahead(HOUR), chapters: [2] });
    expect(ok.statusCode).toBe(201);
    const release = ok.json() as ScheduledReleaseView;
    expect(release).toMatchObject({ storyId: story.id, storyTitle: "The Long Road", chapters: [2], silent: false });
    await refused({ at: ahead(2 * HOUR), chapters: [2] }, SCHEDULE_MESSAGES.alreadyScheduled(2));

    // Edit moves it within the same rules; unknown and malformed release ids are 404s.
    const moved = await call("PATCH", `/api/stories/${story.id}/schedule/${release.id}`, { at: ahead(3 * HOUR) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().at).toBe(ahead(3 * HOUR));
    expect(
      (await call("PATCH", `/api/stories/${story.id}/schedule/${release.id}`, { at: ahead(10_000) })).statusCode,
    ).toBe(400);
    expect((await call("PATCH", `/api/stories/${story.id}/schedule/99999999`, { at: ahead(HOUR) })).statusCode).toBe(
      404,
    );
    expect((await call("DELETE", `/api/stories/${story.id}/schedule/abc`)).statusCode).toBe(404);

    // Another user's story and its releases do not exist for them; signed out is a 401.
    const stranger = await writer();
    const theirs = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown) =>
      stranger.call(method, url, body);
    expect(
      (await theirs("POST", `/api/stories/${story.id}/schedule`, { at: ahead(HOUR), chapters: [3] })).statusCode,
    ).toBe(404);
    expect((await theirs("GET", `/api/stories/${story.id}/schedule`)).statusCode).toBe(404);
    expect(
      (await theirs("PATCH", `/api/stories/${story.id}/schedule/${release.id}`, { at: ahead(HOUR) })).statusCode,
    ).toBe(404);
    expect((await theirs("DELETE", `/api/stories/${story.id}/schedule/${release.id}`)).statusCode).toBe(404);
    expect((await theirs("GET", "/api/schedules")).json()).toEqual([]);
    // An accepted co-creator may publish the work, so may schedule it; an invitation still pending may not.
    await db().insert(storyCoCreators).values({ storyId: story.id, userId: stranger.session.user.id });
    expect((await theirs("GET", `/api/stories/${story.id}/schedule`)).statusCode).toBe(404);
    await db().update(storyCoCreators).set({ state: "accepted" }).where(eq(storyCoCreators.storyId, story.id));
    const asCoCreator = await theirs("GET", `/api/stories/${story.id}/schedule`);
    expect(asCoCreator.json().map((r: ScheduledReleaseView) => r.id)).toEqual([release.id]);
    await db().delete(storyCoCreators).where(eq(storyCoCreators.storyId, story.id));
    const signedOut = await send(ctx().app, "POST", `/api/stories/${story.id}/schedule`, {
      at: ahead(HOUR),
      chapters: [3],
    });
    expect(signedOut.statusCode).toBe(401);

    // A draft schedules its publication first; its chapters after that.
    const draft = await createStory(db(), {
      authorId: (await publishedStoryAuthor(story.id))!,
      content: chapter(1) + chapter(2),
    });
    // A release is reached through its own story only.
    expect(
      (await call("PATCH", `/api/stories/${draft.id}/schedule/${release.id}`, { at: ahead(HOUR) })).statusCode,
    ).toBe(404);
    expect((await call("DELETE", `/api/stories/${draft.id}/schedule/${release.id}`)).statusCode).toBe(404);
    const draftSchedule = (body: unknown) => call("POST", `/api/stories/${draft.id}/schedule`, body);
    expect((await draftSchedule({ at: ahead(HOUR), chapters: [2] })).json().message).toBe(
      SCHEDULE_MESSAGES.notPublished,
    );
    const noDescription = await draftSchedule({ at: ahead(HOUR), publish: { title: "Draft", description: "  " } });
    expect(noDescription.statusCode).toBe(400);
    expect(
      (await draftSchedule({ at: ahead(HOUR), publish: { title: "Draft", description: "Soon." } })).statusCode,
    ).toBe(201);
    expect(
      (await draftSchedule({ at: ahead(HOUR), publish: { title: "Draft", description: "Soon." } })).json().message,
    ).toBe(SCHEDULE_MESSAGES.publishScheduled);
    expect((await draftSchedule({ at: ahead(2 * HOUR), chapters: [2] })).statusCode).toBe(201);

    const mine = (await call("GET", "/api/schedules")).json() as ScheduledReleaseView[];
    expect(mine.map((r) => [r.storyId, r.chapters])).toEqual([
      [draft.id, null],
      [draft.id, [2]],
      [story.id, [2]],
    ]);
    // NOTE: out of the way of the next tests' worker runs, which count what they release.
    await db().update(scheduledReleases).set({ state: "canceled" }).where(eq(scheduledReleases.state, "scheduled"));
  });

  async function publishedStoryAuthor(id: number) {
    const [row] = await db().select({ authorId: stories.authorId }).from(stories).where(eq(stories.id, id));
    return row?.authorId;
  }

  it("holds a scheduled chapter back from every reader path; two instances release it once, with one notification each", async () => {
    const { story, call, reader, save, session } = await publishedStory();
    const created = await call("POST", `/api/stories/${story.id}/schedule`, { at: ahead(HOUR), chapters: [2] });
    expect(created.statusCode).toBe(201);
    await save(chapter(1) + chapter(2, "The secret chapter.") + chapter(3, "Written ahead too."));

    const path = publicStoryPath(story.id, "The Long Road");
    const publicGet = (url: string) => send(ctx().app, "GET", url);
    const hidden = async () => {
      const read = (await send(ctx().app, "GET", `/api/stories/${story.id}/read`, undefined, reader.headers)).json();
      expect(read.content).not.toContain("secret");
      expect(read.content).not.toContain("Written ahead");
      expect(read.chapters.map((c: { n: number }) => c.n)).toEqual([1]);
      const page = await publicGet(path);
      expect(page.body).toContain("Words of chapter 1.");
      expect(page.body).not.toContain("secret");
      expect((await publicGet(`${path}/2`)).statusCode).toBe(404);
      expect((await publicGet(storyFeedPath(story.id, "The Long Road"))).body).not.toContain("Chapter 2");
      // The author page's card counts the words readers have: chapter 1's 6 (its heading and text).
      expect((await publicGet(`/u/${session.user.username}`)).body).toContain("<li>6 words</li>");
    };
    await hidden();
    // The writer edits the whole document.
    expect((await call("GET", `/api/stories/${story.id}`)).json().content).toContain("secret");
    expect(await notificationsOf(reader.user.id, "new_chapter")).toEqual([]);

    // Not yet due: the worker leaves it.
    const other = await secondInstance();
    ctx().clock.advance(HOUR - MINUTE);
    other.clock.advance(HOUR - MINUTE);
    expect(await releaseJob(ctx()).run()).toBe(0);
    await hidden();

    ctx().clock.advance(MINUTE);
    other.clock.advance(MINUTE);
    const runs = await Promise.all([releaseJob(ctx()).run(), releaseJob(other).run(), releaseJob(ctx()).run()]);
    expect(runs.reduce((a, b) => Number(a) + Number(b), 0)).toBe(1);
    expect(await releaseJob(other).run()).toBe(0);
    await waitFor(async () => (await notificationsOf(reader.user.id, "new_chapter")).length > 0);

    const read = (await send(ctx().app, "GET", `/api/stories/${story.id}/read`, undefined, reader.headers)).json();
    expect(read.content).toContain("secret");
    expect(read.chapters.map((c: { n: number; firstPublishedAt: string }) => [c.n, c.firstPublishedAt])).toEqual([
      [1, expect.any(String)],
      [2, ctx().clock.now().toISOString()],
      [3, ctx().clock.now().toISOString()],
    ]);
    expect((await publicGet(`${path}/2`)).body).toContain("secret");
    expect((await notificationsOf(reader.user.id, "new_chapter")).map((n) => n.chapter).sort()).toEqual([2, 3]);
    expect(await notificationsOf(session.user.id, "chapter_live")).toEqual([{ chapter: 2, storyId: story.id }]);
    expect((await call("GET", `/api/stories/${story.id}/schedule`)).json()).toEqual([]);
    const [row] = await db().select().from(scheduledReleases).where(eq(scheduledReleases.storyId, story.id));
    expect(row).toMatchObject({ state: "released", releasedAt: ctx().clock.now() });
  });

  it("releases at start-up what came due while every instance was down; a silent one tells only the writer", async () => {
    const { story, call, reader, save, session } = await publishedStory();
    await call("POST", `/api/stories/${story.id}/schedule`, { at: ahead(HOUR), chapters: [2], silent: true });
    await save(chapter(1) + chapter(2, "Quietly out."));
    // Every instance down across the time; one comes back three hours later.
    const restarted = await secondInstance();
    restarted.clock.advance(3 * HOUR);
    const log = { warn: () => undefined, debug: () => undefined };
    const upkeep = startMaintenance({ log, jobs: [releaseJob(restarted)], firstRunAfterMs: 1 });
    try {
      await waitFor(async () => (await notificationsOf(session.user.id, "chapter_live")).length > 0);
    } finally {
      await upkeep.stop();
    }
    const read = (await send(ctx().app, "GET", `/api/stories/${story.id}/read`, undefined, reader.headers)).json();
    expect(read.content).toContain("Quietly out.");
    expect(await notificationsOf(reader.user.id, "new_chapter")).toEqual([]);
    expect(await notificationsOf(session.user.id, "chapter_live")).toEqual([{ chapter: 2, storyId: story.id }]);
    // By email too (the default for the type): the first of the hour goes at once.
    const emails = createEmailWorker({
      db: db(),
      mailer: ctx().mailer,
      now: restarted.clock.now,
      appUrl: TEST_APP_URL,
      signingKey: signingKeyLoader(db(), undefined),
    });
    await emails.runOnce();
    const sent = (ctx().mailer.outbox?.() ?? []).filter((m) => m.to === session.user.email);
    expect(sent.map((m) => m.subject)).toEqual(["Chapter 2 of “The Long Road” went live"]);
    expect(sent[0]!.text).toContain(`${TEST_APP_URL}/dashboard/story/${story.id}`);
  });

  it("publishes a scheduled draft at its time with the dialog's fields, and Cancel lets held chapters out", async () => {
    const { session, call } = await writer();
    const follower = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    expect(
      (await send(ctx().app, "POST", `/api/authors/${session.user.username}/follow`, undefined, follower.headers))
        .statusCode,
    ).toBeLessThan(300);
    const draft = await createStory(db(), { authorId: session.user.id, content: chapter(1) + chapter(2) });
    const res = await call("POST", `/api/stories/${draft.id}/schedule`, {
      at: ahead(2 * MINUTE),
      publish: { title: "Out Soon", description: "A scheduled story.", tags: ["Romance"] },
    });
    expect(res.statusCode).toBe(201);
    expect(
      (await send(ctx().app, "GET", `/api/stories/${draft.id}/read`, undefined, follower.headers)).statusCode,
    ).toBe(404);
    ctx().clock.advance(2 * MINUTE);
    expect(await releaseJob(ctx()).run()).toBe(1);
    const read = await send(ctx().app, "GET", `/api/stories/${draft.id}/read`, undefined, follower.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ title: "Out Soon", description: "A scheduled story.", tags: ["Romance"] });
    await waitFor(async () => (await notificationsOf(follower.user.id, "new_story")).length === 1);
    expect(await notificationsOf(session.user.id, "chapter_live")).toEqual([{ chapter: null, storyId: draft.id }]);

    // Cancel: chapter 3, held back, is public from then on and announced as a save would announce it.
    const held = await call("POST", `/api/stories/${draft.id}/schedule`, { at: ahead(HOUR), chapters: [3] });
    await call("PATCH", `/api/stories/${draft.id}`, { content: chapter(1) + chapter(2) + chapter(3, "Let out.") });
    const readerView = async () =>
      (await send(ctx().app, "GET", `/api/stories/${draft.id}/read`, undefined, follower.headers)).json();
    expect((await readerView()).content).not.toContain("Let out.");
    expect((await call("DELETE", `/api/stories/${draft.id}/schedule/${held.json().id}`)).statusCode).toBe(204);
    expect((await readerView()).content).toContain("Let out.");
    expect((await readerView()).chapters.map((c: { n: number }) => c.n)).toEqual([1, 2, 3]);
    expect((await call("DELETE", `/api/stories/${draft.id}/schedule/${held.json().id}`)).statusCode).toBe(404);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
