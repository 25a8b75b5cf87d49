// The series feed's works: those any visitor may read, the latest added first (a feed reader learns of a new part),
// each with its place among all the series' works.
import { and, desc, eq, sql } from "drizzle-orm";
import type { AiLabel } from "../../shared/ai-label";
import type { Db } from "../db/client";
import { seriesWorks, stories } from "../db/schema";
import { readableBy } from "../policies/visibility";
import { aiFields } from "../visibility/ai-filter";

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
      wordCount: stories.wordCount,
      aiWordCount: stories.aiWordCount,
      aiLabel: stories.aiLabel,
      position: sql<number>`(select count(*)::int from series_works o where o.series_id = ${seriesWorks.seriesId}
        and (o.position, o.story_id) <= (${seriesWorks.position}, ${seriesWorks.storyId}))`,
    })
    .from(seriesWorks)
    .innerJoin(stories, eq(stories.id, seriesWorks.storyId))
    .where(and(eq(seriesWorks.seriesId, seriesId), readableBy(null)))
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
