// The series' commands. Each runs in one transaction that first locks the series' row, so two edits of one series
// take turns; positions are kept 1..n without gaps (a deleted story leaves a gap the next command closes). A work is
// in at most SERIES_LIMITS.seriesPerWork series: adding locks the story's row too, so two series cannot both take
// its tenth place. Every command answers the works to drop from the read cache (series.changed).
import { and, asc, eq, gte, sql } from "drizzle-orm";
import {
  SERIES_FULL,
  SERIES_LIMITS,
  SERIES_NOT_FOUND,
  SERIES_ORDER_MISMATCH,
  SERIES_POSITION_OUT_OF_RANGE,
  SERIES_STORY_ALREADY_IN,
  SERIES_STORY_NOT_FOUND,
  SERIES_STORY_NOT_IN,
  SERIES_STORY_NOT_PUBLISHED,
  SERIES_STORY_NOT_YOURS,
  SERIES_WORK_LIMIT,
  type SeriesCreate,
  type SeriesUpdate,
  type SeriesWorkAdd,
} from "../../shared/schemas/series";
import type { Db } from "../db/client";
import { series, seriesWorks, stories } from "../db/schema";
import { AppError, notFound } from "../errors";
import { type RecordedEvent, recordEvent } from "../events/outbox";

type SeriesRow = typeof series.$inferSelect;

/** Route ids are numbers; anything else is no series. */
export function parseSeriesId(raw: string): number {
  const match = /^(\d{1,10})(?:-|$)/.exec(raw);
  const id = match ? Number(match[1]) : Number.NaN;
  if (!(id >= 1 && id <= 2_147_483_647)) throw notFound(SERIES_NOT_FOUND);
  return id;
}

const invalid = (field: string, message: string, status = 400) =>
  new AppError(status, status === 409 ? "CONFLICT" : "VALIDATION", message, { fields: { [field]: message } });

/** Another writer's series is answered like a missing one: nobody learns which ids are taken. */
async function lockOwnSeriesOrThrow(tx: Db, id: number, ownerId: number): Promise<SeriesRow> {
  const [row] = await tx
    .select()
    .from(series)
    .where(and(eq(series.id, id), eq(series.ownerId, ownerId)))
    .for("update");
  if (!row) throw notFound(SERIES_NOT_FOUND);
  return row;
}

/** The series' works in order, their positions first rewritten to 1..n where a deleted story left a gap. */
async function compactedWorks(tx: Db, seriesId: number): Promise<number[]> {
  const rows = await tx
    .select({ storyId: seriesWorks.storyId, position: seriesWorks.position })
    .from(seriesWorks)
    .where(eq(seriesWorks.seriesId, seriesId))
    .orderBy(asc(seriesWorks.position), asc(seriesWorks.storyId));
  if (rows.some((row, i) => row.position !== i + 1))
    await writeOrder(
      tx,
      seriesId,
      rows.map((r) => r.storyId),
    );
  return rows.map((r) => r.storyId);
}

/** Positions 1..n in `order`'s order, in one statement. */
async function writeOrder(tx: Db, seriesId: number, order: readonly number[]): Promise<void> {
  if (order.length === 0) return;
  await tx.execute(sql`
    update series_works sw set position = o.n
    from unnest(${sql.raw(`array[${order.map(Number).join(",")}]`)}::int[]) with ordinality as o(story_id, n)
    where sw.series_id = ${seriesId} and sw.story_id = o.story_id and sw.position <> o.n`);
}

export async function createSeries(db: Db, ownerId: number, body: SeriesCreate, now: Date): Promise<number> {
  const [row] = await db
    .insert(series)
    .values({ ownerId, title: body.title, description: body.description, createdAt: now, updatedAt: now })
    .returning({ id: series.id });
  return row!.id;
}

/** Rename, describe, mark complete, reorder (a full list of the series' works, each once). */
export async function updateSeries(
  db: Db,
  id: number,
  ownerId: number,
  body: SeriesUpdate,
  now: Date,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockOwnSeriesOrThrow(tx, id, ownerId);
    const works = await compactedWorks(tx, id);
    if (body.order) {
      const mine = new Set(works);
      if (body.order.length !== works.length || body.order.some((storyId) => !mine.has(storyId)))
        throw invalid("order", SERIES_ORDER_MISMATCH);
      await writeOrder(tx, id, body.order);
    }
    await tx
      .update(series)
      .set({
        ...(body.title === undefined ? {} : { title: body.title }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.complete === undefined ? {} : { complete: body.complete }),
        updatedAt: now,
      })
      .where(eq(series.id, id));
    return works;
  });
}

export async function deleteSeries(db: Db, id: number, ownerId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockOwnSeriesOrThrow(tx, id, ownerId);
    const works = await compactedWorks(tx, id);
    await tx.delete(series).where(eq(series.id, id));
    return works;
  });
}

/**
 * Puts the owner's own published story at `position` (the end when absent), shifting the works from there down one.
 * Answers the series' works after the change and the subscribers' notification, recorded with it.
 */
export async function addSeriesWork(
  db: Db,
  id: number,
  ownerId: number,
  body: SeriesWorkAdd,
  now: Date,
): Promise<{ works: number[]; durable: RecordedEvent }> {
  return db.transaction(async (tx) => {
    await lockOwnSeriesOrThrow(tx, id, ownerId);
    const [story] = await tx
      .select({ authorId: stories.authorId, published: stories.published })
      .from(stories)
      .where(eq(stories.id, body.storyId))
      .for("update");
    // Another writer's draft is answered like a missing story: nobody learns it exists.
    if (!story || (story.authorId !== ownerId && !story.published))
      throw invalid("storyId", SERIES_STORY_NOT_FOUND, 404);
    if (story.authorId !== ownerId) throw invalid("storyId", SERIES_STORY_NOT_YOURS, 403);
    if (!story.published) throw invalid("storyId", SERIES_STORY_NOT_PUBLISHED);
    const works = await compactedWorks(tx, id);
    if (works.includes(body.storyId)) throw invalid("storyId", SERIES_STORY_ALREADY_IN, 409);
    if (works.length >= SERIES_LIMITS.works) throw invalid("storyId", SERIES_FULL);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(seriesWorks)
      .where(eq(seriesWorks.storyId, body.storyId));
    if (Number(n) >= SERIES_LIMITS.seriesPerWork) throw invalid("storyId", SERIES_WORK_LIMIT);
    const position = body.position ?? works.length + 1;
    if (position > works.length + 1) throw invalid("position", SERIES_POSITION_OUT_OF_RANGE);
    await tx
      .update(seriesWorks)
      .set({ position: sql`${seriesWorks.position} + 1` })
      .where(and(eq(seriesWorks.seriesId, id), gte(seriesWorks.position, position)));
    await tx.insert(seriesWorks).values({ seriesId: id, storyId: body.storyId, position, addedAt: now });
    await tx.update(series).set({ updatedAt: now }).where(eq(series.id, id));
    const durable = await recordEvent(tx, { name: "series.work_added", seriesId: id, storyId: body.storyId }, now);
    const after = [...works];
    after.splice(position - 1, 0, body.storyId);
    return { works: after, durable };
  });
}

/** Takes the story out, closing the gap it leaves. Answers the works before the change (the removed one included). */
export async function removeSeriesWork(
  db: Db,
  id: number,
  ownerId: number,
  storyId: number,
  now: Date,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockOwnSeriesOrThrow(tx, id, ownerId);
    const works = await compactedWorks(tx, id);
    if (!works.includes(storyId)) throw invalid("storyId", SERIES_STORY_NOT_IN, 404);
    await tx.delete(seriesWorks).where(and(eq(seriesWorks.seriesId, id), eq(seriesWorks.storyId, storyId)));
    await writeOrder(
      tx,
      id,
      works.filter((w) => w !== storyId),
    );
    await tx.update(series).set({ updatedAt: now }).where(eq(series.id, id));
    return works;
  });
}
