// Reading series: one series with its works as Discover cards (what the viewer may read, in order), the writer's
// own list, and whether a reader subscribes.
import { creatorHiddenFrom, STORIES } from "../policies/anonymity";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { seriesPath } from "../../shared/routes";
import type { PublishedStoryItem } from "../../shared/schemas/reading";
import { type MySeriesItem, SERIES_NOT_FOUND, type SeriesView } from "../../shared/schemas/series";
import type { Db } from "../db/client";
import { series, seriesSubscriptions, seriesWorks, stories, users } from "../db/schema";
import { notFound } from "../errors";
import { readableBy, type Viewer } from "../policies/visibility";
import { storyCards } from "../reading/discover";
import { notHiddenFrom } from "../safety/blocks";

export interface SeriesHead {
  id: number;
  ownerId: number;
  ownerName: string;
  title: string;
  description: string;
  complete: boolean;
  createdAt: Date;
  updatedAt: Date;
  workCount: number;
}

export async function getSeriesOrThrow(db: Db, id: number): Promise<SeriesHead> {
  const [row] = await db
    .select({
      id: series.id,
      ownerId: series.ownerId,
      ownerName: users.username,
      title: series.title,
      description: series.description,
      complete: series.complete,
      createdAt: series.createdAt,
      updatedAt: series.updatedAt,
      workCount: sql<number>`(select count(*)::int from series_works c where c.series_id = ${series.id})`,
    })
    .from(series)
    .innerJoin(users, eq(users.id, series.ownerId))
    .where(eq(series.id, id))
    .limit(1);
  if (!row) throw notFound(SERIES_NOT_FOUND);
  return { ...row, workCount: Number(row.workCount) };
}

export type SeriesCard = PublishedStoryItem & { position: number };

/**
 * The works `viewer` may read, in the series' order, as Discover cards; `position` is the work's place among all the
 * series' works (a hidden part still counts, so 'Part 3' is Part 3 for everyone).
 */
export async function loadSeriesCards(db: Db, seriesId: number, viewer: Viewer): Promise<SeriesCard[]> {
  // NOTE: two queries: the series' order first, then the cards by primary key. One join let the planner misjudge how
  // few stories pass the read rule and walk every story of the writer's (132 ms for 200 works among 5,200; now ~10).
  const order = await db
    .select({ id: seriesWorks.storyId })
    .from(seriesWorks)
    .where(eq(seriesWorks.seriesId, seriesId))
    .orderBy(asc(seriesWorks.position), asc(seriesWorks.storyId));
  if (order.length === 0) return [];
  const where = [
    inArray(
      stories.id,
      order.map((r) => r.id),
    ),
    readableBy(viewer),
    // Issue 33: an anonymous work is not listed in its creator's series (the series names its owner).
    sql`not ${creatorHiddenFrom(STORIES, viewer?.id)}`,
  ];
  if (viewer) where.push(notHiddenFrom(viewer.id, stories.authorId));
  const cards = new Map((await storyCards(db, where, order.length)).map((card) => [card.id, card]));
  return order.flatMap(({ id }, i) => {
    const card = cards.get(id);
    return card ? [{ ...card, position: i + 1 }] : [];
  });
}

export async function isSubscribedToSeries(db: Db, seriesId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(seriesSubscriptions)
    .where(and(eq(seriesSubscriptions.seriesId, seriesId), eq(seriesSubscriptions.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** GET /api/series/{id}. */
export async function loadSeriesView(db: Db, id: number, viewer: Viewer): Promise<SeriesView> {
  const head = await getSeriesOrThrow(db, id);
  const works = await loadSeriesCards(db, id, viewer);
  return {
    id: head.id,
    title: head.title,
    description: head.description,
    complete: head.complete,
    owner: { username: head.ownerName },
    path: seriesPath(head.id, head.title),
    createdAt: head.createdAt.toISOString(),
    updatedAt: head.updatedAt.toISOString(),
    workCount: head.workCount,
    works,
    subscribed: viewer ? await isSubscribedToSeries(db, id, viewer.id) : false,
  };
}

/** GET /api/me/series: the writer's series, the latest changed first, each with every work in order. */
export async function listMySeries(db: Db, ownerId: number): Promise<MySeriesItem[]> {
  const rows = await db
    .select()
    .from(series)
    .where(eq(series.ownerId, ownerId))
    .orderBy(desc(series.updatedAt), desc(series.id));
  if (rows.length === 0) return [];
  const works = await db
    .select({
      seriesId: seriesWorks.seriesId,
      storyId: seriesWorks.storyId,
      title: stories.title,
      published: stories.published,
    })
    .from(seriesWorks)
    .innerJoin(stories, eq(stories.id, seriesWorks.storyId))
    .where(
      inArray(
        seriesWorks.seriesId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(seriesWorks.seriesId), asc(seriesWorks.position), asc(seriesWorks.storyId));
  return rows.map((row) => {
    const mine = works.filter((w) => w.seriesId === row.id);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      complete: row.complete,
      path: seriesPath(row.id, row.title),
      updatedAt: row.updatedAt.toISOString(),
      works: mine.map((w, i) => ({ storyId: w.storyId, position: i + 1, title: w.title, published: w.published })),
    };
  });
}
