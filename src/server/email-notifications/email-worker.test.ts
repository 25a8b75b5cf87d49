import { randomUUID } from "node:crypto";
// The notification email worker against a real SMTP server on 127.0.0.1, on PGlite and PostgreSQL: timing and
// batching on the test clock, an hour-long outage, two instances, a crash mid-pass, unverified addresses.
import { and, eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { emailSettings, notifications } from "../db/schema";
import { createSmtpMailer, type Mailer } from "../mail/mailer";
import { describeEachDb, TEST_APP_URL, type TestContext } from "../test/app";
import { createStory, createUser } from "../test/factories";
import { startSmtpPeer } from "../test/smtp-peer";
import type { UserRow } from "../types";
import { startEmailWorker } from "./start";
import { signingKeyLoader } from "./unsubscribe-token";
import { createEmailWorker, LEASE_MS } from "./worker";

const smtp = await startSmtpPeer();
afterAll(() => smtp.close());
const smtpMailer = createSmtpMailer(smtp.url, "FicForge <no-reply@ficforge.test>");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const mailTo = (user: UserRow) => smtp.messages.filter((m) => m.to.includes(user.email));

function workerFor(ctx: TestContext, instance: string, mailer: Mailer = smtpMailer, concurrency = 4) {
  const { db } = ctx.database;
  return createEmailWorker({
    db,
    mailer,
    now: ctx.clock.now,
    appUrl: TEST_APP_URL,
    signingKey: signingKeyLoader(db, undefined),
    instance,
    concurrency,
  });
}

/** What h/community's fan-out writes: a notification whose email is pending. */
async function notify(ctx: TestContext, user: UserRow, values: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(notifications)
    .values({
      userId: user.id,
      type: "new_follower",
      emailState: "pending",
      createdAt: ctx.clock.now(),
      dedupeKey: `test:${randomUUID()}`,
      ...values,
    })
    .returning();
  return row!;
}

async function states(ctx: TestContext, user: UserRow) {
  const rows = await ctx.database.db
    .select({ state: notifications.emailState })
    .from(notifications)
    .where(eq(notifications.userId, user.id));
  return rows.map((r) => r.state);
}

describeEachDb("notification email worker", (ctx) => {
  it("sends the first email of an hour at once and the rest together when the hour ends", async () => {
    const author = await createUser(ctx().database.db);
    const reader = await createUser(ctx().database.db, { username: `ana_${author.id}` });
    const story = await createStory(ctx().database.db, { authorId: author.id, title: "Ember & Ash" });
    const worker = workerFor(ctx(), "a");

    await notify(ctx(), author, { type: "comment", actorId: reader.id, storyId: story.id });
    await worker.runOnce();
    const first = mailTo(author);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe(`${reader.username} commented on “Ember & Ash”`);
    expect(first[0]!.text).toContain(`${TEST_APP_URL}/dashboard/story/${story.id}/details`);
    expect(first[0]!.text).toContain(`${TEST_APP_URL}/dashboard/settings`);
    expect(first[0]!.html).toContain("Unsubscribe from all notification emails");
    expect(first[0]!.headers["list-unsubscribe"]).toMatch(
      new RegExp(`^<${TEST_APP_URL}/unsubscribe\\?token=u1\\.${author.id}\\.0\\.all\\.[A-Za-z0-9_-]{43}>$`),
    );
    expect(first[0]!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    ctx().clock.advance(10 * MINUTE);
    await notify(ctx(), author, { type: "like_milestone", storyId: story.id, milestone: 10 });
    await worker.runOnce();
    ctx().clock.advance(30 * MINUTE);
    await notify(ctx(), author, { type: "new_follower", actorId: reader.id });
    await worker.runOnce();
    expect(mailTo(author)).toHaveLength(1);
    expect(await states(ctx(), author)).toEqual(["sent", "pending", "pending"]);

    ctx().clock.advance(20 * MINUTE); // an hour after the first email
    await worker.runOnce();
    const batch = mailTo(author);
    expect(batch).toHaveLength(2);
    expect(batch[1]!.subject).toBe("2 new notifications on FicForge");
    expect(batch[1]!.text).toContain("“Ember & Ash” reached 10 likes");
    expect(batch[1]!.text).toContain(
      `${reader.username} started following you\n  ${TEST_APP_URL}/u/${reader.username}`,
    );
    expect(await states(ctx(), author)).toEqual(["sent", "sent", "sent"]);
  });

  it("holds a daily digest until 08:00 in the user's time zone", async () => {
    const user = await createUser(ctx().database.db);
    await ctx().database.db.insert(emailSettings).values({ userId: user.id, cadence: "daily", timeZone: "Asia/Tokyo" });
    // 10:00 in Tokyo (01:00 UTC): the next digest is at 23:00 UTC.
    const target = new Date(ctx().clock.now());
    target.setUTCDate(target.getUTCDate() + 2);
    target.setUTCHours(1, 0, 0, 0);
    ctx().clock.advance(target.getTime() - ctx().clock.now().getTime());
    const worker = workerFor(ctx(), "a");
    await notify(ctx(), user);
    ctx().clock.advance(5 * HOUR);
    await notify(ctx(), user, { type: "new_chapter", chapterNumber: 2 });
    await worker.runOnce();
    ctx().clock.advance(16 * HOUR + 59 * MINUTE); // 22:59 UTC, 07:59 in Tokyo
    await worker.runOnce();
    expect(mailTo(user)).toHaveLength(0);
    ctx().clock.advance(MINUTE);
    await worker.runOnce();
    const [digest] = mailTo(user);
    expect(digest?.subject).toBe("Your FicForge daily digest: 2 notifications");
    expect(digest?.text).toContain("Chapter 2 of your story is out");
  });

  it("loses nothing and sends nothing twice when the mail server refuses for an hour", async () => {
    const users = [await createUser(ctx().database.db), await createUser(ctx().database.db)];
    const worker = workerFor(ctx(), "a");
    smtp.refuse(1_000_000);
    try {
      for (const user of users) await notify(ctx(), user);
      for (let minute = 0; minute < 60; minute += 5) {
        if (minute === 30) await notify(ctx(), users[0]!, { type: "new_story" });
        const result = await worker.runOnce();
        if (minute === 0) expect(result.failures).toBeGreaterThan(0);
        ctx().clock.advance(5 * MINUTE);
      }
    } finally {
      smtp.refuse(0);
    }
    for (const user of users) expect(mailTo(user)).toHaveLength(0);
    // Backoff is at most 30 minutes per user.
    for (let minute = 0; minute <= 30; minute += 5) {
      await worker.runOnce();
      ctx().clock.advance(5 * MINUTE);
    }
    expect(mailTo(users[0]!)).toHaveLength(1);
    expect(mailTo(users[0]!)[0]!.subject).toBe("2 new notifications on FicForge");
    expect(mailTo(users[1]!)).toHaveLength(1);
    for (const user of users) expect(new Set(await states(ctx(), user))).toEqual(new Set(["sent"]));
  });

  it("sends each email once with two instances on one database", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(ctx().database.db)));
    for (const user of users) {
      await notify(ctx(), user);
      await notify(ctx(), user, { type: "new_story" });
    }
    smtp.slowDown(15);
    try {
      await Promise.all([workerFor(ctx(), "a").runOnce(), workerFor(ctx(), "b").runOnce()]);
    } finally {
      smtp.slowDown(0);
    }
    for (const user of users) {
      expect(mailTo(user)).toHaveLength(1);
      expect(await states(ctx(), user)).toEqual(["sent", "sent"]);
    }
  });

  it("a crash mid-pass loses nothing: the next instance sends the rest, the claimed one after its lease", async () => {
    ctx().clock.advance(2 * HOUR); // every earlier test's users are due again; their mail is already sent
    const users = [
      await createUser(ctx().database.db),
      await createUser(ctx().database.db),
      await createUser(ctx().database.db),
    ];
    for (const user of users) await notify(ctx(), user);
    const [first, stuck, third] = users as [UserRow, UserRow, UserRow];
    // The first instance dies while the server is taking the second user's email: its send never returns.
    const dying: Mailer = { send: (m) => (m.to === stuck.email ? new Promise(() => {}) : smtpMailer.send(m)) };
    void workerFor(ctx(), "dies", dying, 1).runOnce();
    const leased = async () =>
      (await ctx().database.db.select().from(emailSettings).where(eq(emailSettings.userId, stuck.id)))[0]?.leaseOwner;
    for (let i = 0; i < 200 && (await leased()) !== "dies"; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await leased()).toBe("dies");
    expect(mailTo(first)).toHaveLength(1);

    const restarted = workerFor(ctx(), "restarted");
    ctx().clock.advance(MINUTE);
    await restarted.runOnce();
    expect(mailTo(third)).toHaveLength(1);
    expect(mailTo(stuck)).toHaveLength(0);
    ctx().clock.advance(LEASE_MS);
    await restarted.runOnce();
    for (const user of users) expect(mailTo(user)).toHaveLength(1);
    expect(await states(ctx(), stuck)).toEqual(["sent"]);
  });

  it("never emails an unverified address", async () => {
    const user = await createUser(ctx().database.db, { emailVerified: false });
    await notify(ctx(), user);
    const result = await workerFor(ctx(), "a").runOnce();
    expect(result.dropped).toBeGreaterThanOrEqual(1);
    expect(mailTo(user)).toHaveLength(0);
    expect(await states(ctx(), user)).toEqual(["none"]);
    const [row] = await ctx()
      .database.db.select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.emailState, "pending")));
    expect(row).toBeUndefined();
  });

  it("the running worker sends as soon as it is woken, not at its next tick", async () => {
    const user = await createUser(ctx().database.db);
    ctx().clock.advance(2 * HOUR);
    const quiet = { warn: () => {}, debug: () => {}, info: () => {} };
    const running = startEmailWorker(ctx().deps, quiet, workerFor(ctx(), "woken"), {
      everyMs: HOUR,
      firstRunAfterMs: HOUR,
    });
    try {
      await notify(ctx(), user);
      const woken = Date.now();
      ctx().deps.emailWake.notify();
      await smtp.waitFor(user.email, () => true, 5_000);
      expect(Date.now() - woken).toBeLessThan(5_000);
    } finally {
      await running.stop();
    }
  });
});
