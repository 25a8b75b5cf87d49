// The writer's commands on scheduled releases (issue 31 section 3): schedule chapters or a whole first publish, list
// what waits, move one to another time, cancel one. Whoever may publish the story may schedule it (its creator and
// accepted co-creators, policies/story.ts); to anyone else it does not exist. Each command takes the story row's lock,
// as a save does, so a schedule and a save of the same story never pass each other (decision 0091).
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  type ScheduleCreate,
  type ScheduleEdit,
  type ScheduledReleaseView,
} from "../../shared/schemas/scheduling";
import { PublishBody } from "../../shared/schemas/story";
import { chaptersOfContent, recordNewChapters, syncStoryChapters } from "../chapters/sync-chapters";
import type { RecordedEvent } from "../events/outbox";
import type { Db } from "../db/client";
import { scheduledReleases, stories, storyChapters } from "../db/schema";
import { AppError, notFound } from "../errors";
import { resolveCoverInput } from "../images/cover-input";
import type { ImageStorage } from "../images/storage/driver";
import { editableBy } from "../policies/story";
import { getOwnStoryOrThrow } from "../stories/story-queries";
import type { UserRow } from "../types";

export type ScheduledRelease = typeof scheduledReleases.$inferSelect;

const badRequest = (message: string, field: string) =>
  new AppError(400, "VALIDATION", message, { fields: { [field]: message } });

/** The time a release may take: at least a minute and at most a year after `now`. */
export function checkReleaseTime(at: string, now: Date): Date {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) throw badRequest(SCHEDULE_MESSAGES.at, "at");
  const ahead = time.getTime() - now.getTime();
  if (ahead < SCHEDULE_LIMITS.minAheadMs) throw badRequest(SCHEDULE_MESSAGES.tooSoon, "at");
  if (ahead > SCHEDULE_LIMITS.maxAheadMs) throw badRequest(SCHEDULE_MESSAGES.tooLate, "at");
  return time;
}

export function presentRelease(row: ScheduledRelease, storyTitle: string): ScheduledReleaseView {
  return {
    id: row.id,
    storyId: row.storyId,
    storyTitle,
    at: row.at.toISOString(),
    chapters: row.chapters ? [...row.chapters].sort((a, b) => a - b) : null,
    silent: row.silent,
  };
}

/** POST /api/stories/{id}/schedule. */
export async function scheduleRelease(
  db: Db,
  storage: ImageStorage,
  user: UserRow,
  storyId: number,
  body: ScheduleCreate,
  now: Date,
): Promise<ScheduledReleaseView> {
  const story = await getOwnStoryOrThrow(db, storyId, user.id);
  const at = checkReleaseTime(body.at, now);
  // NOTE: the cover is stored now (an upload is checked and counted when it is made) and set on the draft, where
  // nobody else sees it; the unused-images sweep then leaves it alone until the publication.
  const publish = body.chapters ? undefined : publishFields(story, body.publish);
  const coverImageId =
    publish === undefined ? undefined : await resolveCoverInput(db, storage, publish.coverImage, user.id, now);
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ published: stories.published, content: stories.content, sanitizedWith: stories.sanitizedWith })
      .from(stories)
      .where(eq(stories.id, storyId))
      .for("update");
    if (!locked) throw notFound(SCHEDULE_MESSAGES.notFound);
    const waiting = await tx
      .select()
      .from(scheduledReleases)
      .where(and(eq(scheduledReleases.storyId, storyId), eq(scheduledReleases.state, "scheduled")));
    if (waiting.length >= SCHEDULE_LIMITS.perStory) throw badRequest(SCHEDULE_MESSAGES.tooMany, "at");
    const base = { storyId, at, silent: body.silent ?? false, createdBy: user.id };
    if (body.chapters) {
      const chapters = await checkChapters(tx, storyId, locked, waiting, body.chapters);
      return (
        await tx
          .insert(scheduledReleases)
          .values({ ...base, chapters })
          .returning()
      )[0]!;
    }
    if (locked.published) throw badRequest(SCHEDULE_MESSAGES.alreadyPublished, "chapters");
    if (waiting.some((r) => r.chapters === null)) throw badRequest(SCHEDULE_MESSAGES.publishScheduled, "at");
    if (coverImageId !== undefined) await tx.update(stories).set({ coverImageId }).where(eq(stories.id, storyId));
    const { coverImage: _cover, ...stored } = publish!;
    return (
      await tx
        .insert(scheduledReleases)
        .values({ ...base, publish: stored })
        .returning()
    )[0]!;
  });
  return presentRelease(row, story.title);
}

/** The publish dialog's fields, or the story's own title and description; checked as a publish checks them. */
function publishFields(story: { title: string; description: string | null }, fields: PublishBody | undefined) {
  if (fields) return fields;
  const parsed = PublishBody.safeParse({ title: story.title, description: story.description ?? "" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, `publish.${issue.path.join(".")}`);
  }
  return parsed.data;
}

/**
 * Chapters a release may name: in the document, or the next one not written yet (so a chapter can be held back
 * before its first save would make it public); not live already (a hold never takes back what readers have; chapter
 * 1 of a draft goes live with the story); not in another waiting release. Answers them ascending.
 */
async function checkChapters(
  tx: Db,
  storyId: number,
  story: { published: boolean; content: string; sanitizedWith: number },
  waiting: ScheduledRelease[],
  requested: number[],
): Promise<number[]> {
  const chapters = [...requested].sort((a, b) => a - b);
  if (!story.published && !waiting.some((r) => r.chapters === null)) {
    throw badRequest(SCHEDULE_MESSAGES.notPublished, "chapters");
  }
  const count = chaptersOfContent(story.content, story.sanitizedWith).length;
  const live = story.published
    ? new Set(
        (
          await tx
            .select({ n: storyChapters.n })
            .from(storyChapters)
            .where(
              and(
                eq(storyChapters.storyId, storyId),
                isNull(storyChapters.removedAt),
                inArray(storyChapters.n, chapters),
              ),
            )
        ).map((row) => row.n),
      )
    : new Set([1]);
  const taken = new Set(waiting.flatMap((r) => r.chapters ?? []));
  for (const n of chapters) {
    if (n > count + 1) throw badRequest(SCHEDULE_MESSAGES.missingChapter(n, count), "chapters");
    if (live.has(n)) throw badRequest(SCHEDULE_MESSAGES.alreadyLive(n), "chapters");
    if (taken.has(n)) throw badRequest(SCHEDULE_MESSAGES.alreadyScheduled(n), "chapters");
  }
  return chapters;
}

/** What waits for the stories `userId` may publish (one story's, or all of them for the dashboard), soonest first. */
export async function listReleases(db: Db, userId: number, storyId?: number): Promise<ScheduledReleaseView[]> {
  const rows = await db
    .select({ release: scheduledReleases, title: stories.title })
    .from(scheduledReleases)
    .innerJoin(stories, eq(stories.id, scheduledReleases.storyId))
    .where(
      and(
        eq(scheduledReleases.state, "scheduled"),
        storyId === undefined ? undefined : eq(scheduledReleases.storyId, storyId),
        editableBy(userId),
      ),
    )
    .orderBy(asc(scheduledReleases.at), asc(scheduledReleases.id))
    .limit(SCHEDULE_LIMITS.perStory * 4);
  return rows.map((row) => presentRelease(row.release, row.title));
}

/** Edit: another time (and 'Silent update' on or off) for a release still waiting. */
export async function editRelease(
  db: Db,
  user: UserRow,
  storyId: number,
  releaseId: number,
  body: ScheduleEdit,
  now: Date,
): Promise<ScheduledReleaseView> {
  const story = await getOwnStoryOrThrow(db, storyId, user.id);
  const at = checkReleaseTime(body.at, now);
  const [row] = await db
    .update(scheduledReleases)
    .set({ at, ...(body.silent === undefined ? {} : { silent: body.silent }) })
    .where(waitingRelease(storyId, releaseId))
    .returning();
  if (!row) throw notFound(SCHEDULE_MESSAGES.notFound);
  return presentRelease(row, story.title);
}

/**
 * Cancel: the release never happens. A whole publish leaves the draft a draft; chapters are held back no longer, so
 * they are what every saved chapter of a published story is: public from now, recorded and announced (unless the
 * release was silent) as a save would, in the cancel's transaction.
 */
export async function cancelRelease(
  db: Db,
  user: UserRow,
  storyId: number,
  releaseId: number,
  now: Date,
): Promise<{ newChapters: number[]; fanOut: RecordedEvent | null }> {
  await getOwnStoryOrThrow(db, storyId, user.id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(scheduledReleases)
      .set({ state: "canceled" })
      .where(waitingRelease(storyId, releaseId))
      .returning({ chapters: scheduledReleases.chapters, silent: scheduledReleases.silent });
    if (!row) throw notFound(SCHEDULE_MESSAGES.notFound);
    if (!row.chapters) return { newChapters: [], fanOut: null };
    const newChapters = await syncStoryChapters(tx, storyId, now);
    return { newChapters, fanOut: row.silent ? null : await recordNewChapters(tx, storyId, newChapters, now) };
  });
}

// NOTE: only while it waits: a release the worker has claimed is history, and Edit or Cancel answer 404.
const waitingRelease = (storyId: number, releaseId: number) =>
  and(
    eq(scheduledReleases.id, releaseId),
    eq(scheduledReleases.storyId, storyId),
    eq(scheduledReleases.state, "scheduled"),
  );
