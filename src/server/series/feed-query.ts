// The series feed's works: those any visitor may read, the latest added first (a feed reader learns of a new part),
// each with its place among all the series' works.
import { and, desc, eq, sql } from "drizzle-orm";
import type { AiLabel } from "../../shared/ai-label";
import type { Db } from "../db/client";
import { seriesWorks, stories } from "../db/schema";
import { readableBy } from "../policies/visibility";
import { aiFields } from "../visibility/ai-filter";
import { seriesPath } from "../../shared/routes";
import { AppError } from "../errors";
import { parseSeriesId } from "./commands";
import { getSeriesOrThrow, type SeriesHead } from "./queries";
import { readersWordCount } from "../chapters/held-from";

/** A feed lists this many works: enough to catch up, bounded for a long series. */
export const SERIES_FEED_ENTRIES = 50;

export interface SeriesFeedWork {
  id: number;
  title: string;
  description: string | null;
  position: number;
  addedAt: Date;
  createdAt: Date;
  aiLabel: AiLabel;
  aiShare: number;
}

export async function loadSeriesFeedWorks(db: Db, seriesId: number): Promise<SeriesFeedWork[]> {
  const rows = await db
    .select({
      id: stories.id,
      title: stories.title,
      description: stories.description,
      addedAt: seriesWorks.addedAt,
      createdAt: stories.createdAt,
      // Issue 31: without the chapters a scheduled release holds back.
      wordCount: readersWordCount,
      aiWordCount: stories.aiWordCount,
      aiLabel: stories.aiLabel,
      position: sql<number>`(select count(*)::int from series_works o where o.series_id = ${seriesWorks.seriesId}
        and (o.position, o.story_id) <= (${seriesWorks.position}, ${seriesWorks.storyId}))`,
    })
    .from(seriesWorks)
    .innerJoin(stories, eq(stories.id, seriesWorks.storyId))
    // Issue 33: not an anonymous work (the series names its owner).
    .where(and(eq(seriesWorks.seriesId, seriesId), readableBy(null), eq(stories.anonymous, false)))
    .orderBy(desc(seriesWorks.addedAt), desc(seriesWorks.position))
    .limit(SERIES_FEED_ENTRIES);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    position: Number(row.position),
    addedAt: row.addedAt,
    createdAt: row.createdAt,
    ...aiFields({ aiLabel: row.aiLabel, wordCount: row.wordCount ?? 0, aiWordCount: row.aiWordCount ?? 0 }),
  }));
}

export const seriesFeedPath = (id: number, title: string) => `${seriesPath(id, title)}/feed.atom`;

/** The series, or undefined when there is none (a missing id answers the app's 404 page). */
export async function findSeries(db: Db, id: number): Promise<SeriesHead | undefined> {
  return getSeriesOrThrow(db, id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  });
}

/** The series id of a /series/ path segment, or undefined. */
export function parseRef(ref: string): number | undefined {
  try {
    return parseSeriesId(ref);
  } catch {
    return undefined;
  }
}
