// The release worker (issue 31 section 3): every due release is claimed by one conditional update ('scheduled' →
// 'released', the row locked with skip locked so another instance takes the next one) in the transaction that does
// its work, so it happens exactly once on whichever instance gets there first, and a crash before the commit leaves
// it waiting. It runs as a maintenance job soon after start and then every few seconds, so a release whose time
// passed while every instance was down happens at start-up. The subscribers' new-chapter notifications go through the
// outbox as a save's do (keyed per reader and chapter); the writer's 'chapter_live' one is written in the claim's
// transaction, keyed by the release.
import { and, eq, inArray, sql } from "drizzle-orm";
import { recordNewChapters, syncStoryChapters } from "../chapters/sync-chapters";
import { insertNotifications, affectedRows } from "../community/notification-rows";
import type { Db } from "../db/client";
import { outboxEvents, scheduledReleases, stories, users } from "../db/schema";
import { AppError } from "../errors";
import type { RecordedEvent } from "../events/outbox";
import type { ImageStorage } from "../images/storage/driver";
import { PublishBody } from "../../shared/schemas/story";
import { publishStory } from "../stories/publish-story";
import type { EventBus } from "../events/bus";
import type { ReadCache } from "../read-cache/read-cache";
import type { ScheduledRelease } from "./schedules";

/** Releases one run takes at most; the rest wait for the next run (seconds later). */
const RUN_LIMIT = 100;

export interface Released {
  releaseId: number;
  storyId: number;
  authorId: number;
  /** The chapters readers see for the first time (ascending). */
  newChapters: number[];
  /** A whole publish happened. */
  published: boolean;
  /** Outbox rows to deliver now (none for a silent release): the followers' new story, the subscribers' chapters. */
  newStory: RecordedEvent | null;
  chaptersFanOut: RecordedEvent | null;
  /** 'chapter_live' notifications written (0 or 1). */
  notified: number;
}

/** Releases what is due at `now`, oldest first, each in its own transaction; answers what it released. */
export async function releaseDue(db: Db, storage: ImageStorage, now: Date): Promise<Released[]> {
  const done: Released[] = [];
  for (let i = 0; i < RUN_LIMIT; i++) {
    const released = await db.transaction(async (tx) => {
      const release = await claimNext(tx, now);
      return release ? releaseOne(tx, storage, release, now) : null;
    });
    if (!released) break;
    done.push(released);
  }
  return done;
}

async function claimNext(tx: Db, now: Date): Promise<ScheduledRelease | undefined> {
  const [claimed] = await tx
    .update(scheduledReleases)
    .set({ state: "released", releasedAt: now })
    .where(
      and(
        eq(
          scheduledReleases.id,
          sql`(select id from scheduled_releases where state = 'scheduled' and at <= ${now.toISOString()}::timestamptz
            order by at, id limit 1 for update skip locked)`,
        ),
        // NOTE: checked again on the row itself: an update that waited on another's lock sees its commit here.
        eq(scheduledReleases.state, "scheduled"),
      ),
    )
    .returning();
  return claimed;
}

async function releaseOne(tx: Db, storage: ImageStorage, release: ScheduledRelease, now: Date): Promise<Released> {
  const [story] = await tx
    .select({ authorId: stories.authorId, published: stories.published })
    .from(stories)
    .where(eq(stories.id, release.storyId));
  const result: Released = {
    releaseId: release.id,
    storyId: release.storyId,
    authorId: story?.authorId ?? 0,
    newChapters: [],
    published: false,
    newStory: null,
    chaptersFanOut: null,
    notified: 0,
  };
  if (!story) return result;
  if (release.chapters === null) {
    // NOTE: published by hand in the meantime: nothing left to do, and nothing to tell.
    if (story.published) return result;
    const outcome = await publishInSavepoint(tx, storage, release, story.authorId, now);
    if (!outcome) return result;
    Object.assign(result, outcome, { published: true });
  } else {
    result.newChapters = await syncStoryChapters(tx, release.storyId, now);
    result.chaptersFanOut = await recordNewChapters(tx, release.storyId, result.newChapters, now);
  }
  const recorded = [result.newStory, result.chaptersFanOut].flatMap((event) => (event ? [event.id] : []));
  if (release.silent && recorded.length > 0) {
    // 'Silent update': the events go unrecorded, so nobody hears of it (the chapters keep their dates).
    await tx.delete(outboxEvents).where(inArray(outboxEvents.id, recorded));
    result.newStory = null;
    result.chaptersFanOut = null;
  }
  result.notified = await notifyWriter(tx, release, story.authorId, result.newChapters);
  return result;
}

/**
 * The whole publish, as the publish button does it, by the story's creator. A publish the rules now refuse (the
 * description emptied since, the declaration no longer true) is rolled back to its savepoint and the release ends
 * without it; the writer finds the story still a draft and nothing waiting on the dashboard.
 */
async function publishInSavepoint(
  tx: Db,
  storage: ImageStorage,
  release: ScheduledRelease,
  authorId: number,
  now: Date,
): Promise<Pick<Released, "newChapters" | "newStory" | "chaptersFanOut"> | null> {
  const [author] = await tx.select().from(users).where(eq(users.id, authorId));
  const body = PublishBody.safeParse(release.publish);
  if (!author || !body.success) return null;
  try {
    // NOTE: publishStory opens its own transaction: a savepoint inside this one, so a refusal undoes only it.
    const committed = await publishStory(tx, storage, author, release.storyId, body.data, now);
    const { newChapters, newStory, chaptersFanOut } = committed;
    return { newChapters, newStory, chaptersFanOut };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

/** 'Chapter 7 went live' (or the story did), to whoever scheduled it (its creator if they are gone); keyed once. */
async function notifyWriter(tx: Db, release: ScheduledRelease, authorId: number, newChapters: number[]) {
  const recipient = release.createdBy ?? authorId;
  const chapter = release.chapters ? (newChapters[0] ?? release.chapters[0] ?? null) : null;
  return affectedRows(
    await tx.execute(
      insertNotifications(
        sql`select u.id, 'chapter_live', null::int, ${release.storyId}::int, null::int, ${chapter}::int, null::int,
          'live:' || ${release.id}::int
        from users u where u.id = (select coalesce(
          (select ${recipient}::int where exists (select 1 from users where id = ${recipient}::int)), ${authorId}::int))`,
      ),
    ),
  );
}

/**
 * After the commit, what a publish or a save would set off: the events whose subscribers deliver the notifications
 * now (the drain does it a minute later if this process dies first) and drop the story's cached views everywhere.
 */
export async function announceReleased(
  deps: { events?: EventBus; emailWake?: { notify(): void } },
  readCache: Pick<ReadCache, "invalidateStory"> | undefined,
  released: Released[],
): Promise<void> {
  for (const one of released) {
    const { storyId, authorId, newChapters, chaptersFanOut } = one;
    if (one.published) {
      await deps.events?.emit("story.published", { storyId, authorId, durable: one.newStory ? [one.newStory] : [] });
    }
    if (chaptersFanOut) {
      await deps.events?.emit("chapters.published", { storyId, chapters: newChapters, durable: chaptersFanOut });
    }
    readCache?.invalidateStory(storyId);
    if (one.notified > 0) deps.emailWake?.notify();
  }
}
