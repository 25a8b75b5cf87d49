// The crowd fan-outs in chunks (chunked-fan-out.ts): a stop after any chunk resumes after the last recipient reached,
// two deliveries of one event take turns, and the recipients left out are the same as in one statement.
import { eq, inArray, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { BANNED_UNTIL } from "../../shared/suspension";
import {
  follows,
  notificationSettings,
  notifications,
  outboxEvents,
  storySubscriptions,
  userBlocks,
} from "../db/schema";
import { deliverRecorded, drainOutbox, OWN_RUN_GRACE_MS, recordEvent } from "../events/outbox";
import { describeEachDb } from "../test/app";
import { createStory, createUser } from "../test/factories";
import type { ChunkOptions } from "./chunked-fan-out";
import { notifyNewStory } from "./notify";
import { fanOutNotifications } from "./pending-fan-outs";

const crash = new Error("the process died");

describeEachDb("crowd fan-outs in chunks", (ctx) => {
  const db = () => ctx().database.db;
  const published = (overrides = {}) => createStory(db(), { published: true, publishedAt: new Date(), ...overrides });

  /** A published story with `n` subscribers (in id order) and its chapters.published event recorded. */
  async function storyWithSubscribers(n: number) {
    const story = await published();
    const readers = [];
    for (let i = 0; i < n; i++) readers.push(await createUser(db()));
    await db()
      .insert(storySubscriptions)
      .values(readers.map((r) => ({ userId: r.id, storyId: story.id })));
    const recorded = await recordEvent(
      db(),
      { name: "chapters.published", storyId: story.id, chapters: [2] },
      new Date(),
    );
    return { story, readers, recorded };
  }

  /** How many notifications each reader holds (in the readers' order). */
  const countsFor = async (userIds: number[]) => {
    const rows = await db()
      .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(inArray(notifications.userId, userIds))
      .groupBy(notifications.userId);
    const counts = new Map(rows.map((r) => [r.userId, r.n]));
    return userIds.map((id) => counts.get(id) ?? 0);
  };
  const progressOf = async (id: number) =>
    (await db().select({ progress: outboxEvents.progress }).from(outboxEvents).where(eq(outboxEvents.id, id)))[0]
      ?.progress;

  it("resumes a fan-out that died after chunk 2 after its last recipient: everyone once, nobody twice", async () => {
    const { readers, recorded } = await storyWithSubscribers(11);
    const ids = readers.map((r) => r.id);
    const chunks = { chunkSize: 3, pauseMs: 0 };
    const died = fanOutNotifications(db(), recorded, {
      ...chunks,
      afterChunk: (k) => {
        if (k === 2) throw crash;
      },
    });
    await expect(died).rejects.toBe(crash);
    // Two chunks of three committed, with the row's record of the last reader reached.
    expect(await countsFor(ids)).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    expect(await progressOf(recorded.id)).toBe(ids[5]);

    // A minute later the drain takes the row and goes on from the seventh reader: two more chunks, five rows.
    const resumed: number[] = [];
    const later = new Date(Date.now() + OWN_RUN_GRACE_MS + 1000);
    const drained = await drainOutbox(db(), later, (d, r) =>
      fanOutNotifications(d, r, { ...chunks, afterChunk: (k) => void resumed.push(k) }),
    );
    expect(drained).toEqual({ ran: 1, written: 5 });
    expect(resumed).toEqual([1, 2]);
    expect(await countsFor(ids)).toEqual(Array(11).fill(1));
    expect(await db().select().from(outboxEvents).where(eq(outboxEvents.id, recorded.id))).toEqual([]);
  });

  it("lets two instances delivering one event at once take turns: each chunk once, each reader once", async () => {
    const { readers, recorded } = await storyWithSubscribers(9);
    const chunksDone: string[] = [];
    const deliver = (instance: string) =>
      deliverRecorded(db(), recorded, (d, r) =>
        fanOutNotifications(d, r, { chunkSize: 2, pauseMs: 1, afterChunk: () => void chunksDone.push(instance) }),
      );
    const written = await Promise.all([deliver("a"), deliver("b")]);
    expect(written[0]! + written[1]!).toBe(9);
    // Five chunks (2, 2, 2, 2, 1) between them: neither ran a chunk the other had recorded.
    expect(chunksDone).toHaveLength(5);
    expect(await countsFor(readers.map((r) => r.id))).toEqual(Array(9).fill(1));
    expect(await db().select().from(outboxEvents).where(eq(outboxEvents.id, recorded.id))).toEqual([]);
  });

  it("leaves out, chunk by chunk, whom a fan-out always left out, and suspended or banned readers", async () => {
    const author = await createUser(db());
    const story = await published({ authorId: author.id });
    const make = () => createUser(db());
    const [byEmail, unverified, inApp, off, blocks, mutes, banned, suspended, gone] = [
      await make(),
      await createUser(db(), { emailVerified: false }),
      await make(),
      await make(),
      await make(),
      await make(),
      await createUser(db(), { suspendedUntil: BANNED_UNTIL }),
      await createUser(db(), { suspendedUntil: new Date(Date.now() + 24 * 3600_000) }),
      await make(),
    ];
    const everyone = [byEmail, unverified, inApp, off, blocks, mutes, banned, suspended, gone];
    for (const reader of everyone) {
      await db().insert(storySubscriptions).values({ userId: reader.id, storyId: story.id });
      await db().insert(follows).values({ followerId: reader.id, authorId: author.id });
    }
    await db()
      .insert(notificationSettings)
      .values([
        { userId: inApp.id, type: "new_chapter", channel: "app" },
        { userId: inApp.id, type: "new_story", channel: "app" },
        { userId: off.id, type: "new_chapter", channel: "off" },
        { userId: off.id, type: "new_story", channel: "off" },
      ]);
    await db()
      .insert(userBlocks)
      .values([
        { userId: blocks.id, otherId: author.id, kind: "block" },
        { userId: mutes.id, otherId: author.id, kind: "mute" },
      ]);
    // Unsubscribed and unfollowed after the event was recorded, before it was delivered.
    const recorded = await recordEvent(
      db(),
      { name: "chapters.published", storyId: story.id, chapters: [2, 3] },
      new Date(),
    );
    await db().delete(storySubscriptions).where(eq(storySubscriptions.userId, gone.id));
    await db().delete(follows).where(eq(follows.followerId, gone.id));

    const options: Omit<ChunkOptions, "eventId"> = { chunkSize: 2, pauseMs: 0 };
    expect(await fanOutNotifications(db(), recorded, options)).toBe(6);
    expect(await notifyNewStory(db(), story.id, options)).toBe(3);
    const rows = await db()
      .select({ userId: notifications.userId, key: notifications.dedupeKey, email: notifications.emailState })
      .from(notifications)
      .where(
        inArray(
          notifications.userId,
          everyone.map((r) => r.id),
        ),
      )
      .orderBy(notifications.userId, notifications.dedupeKey);
    const name = new Map([
      [byEmail.id, "byEmail"],
      [unverified.id, "unverified"],
      [inApp.id, "inApp"],
    ]);
    expect(rows.map((r) => `${name.get(r.userId)} ${r.key.replace(`:${story.id}`, "")} ${r.email}`)).toEqual([
      "byEmail chapter:2 pending",
      "byEmail chapter:3 pending",
      "byEmail story pending",
      "unverified chapter:2 none",
      "unverified chapter:3 none",
      "unverified story none",
      "inApp chapter:2 none",
      "inApp chapter:3 none",
      "inApp story none",
    ]);
  });
});
