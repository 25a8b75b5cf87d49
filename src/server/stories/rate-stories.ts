// Backfills the rating and search text of stories stored before they were derived on write (search_text or
// search_tags is null), in batches, in the background. Every write derives its own (story-rating.ts), so later runs
// find nothing, with one probe of the partial index stories_unrated_idx.
import { and, asc, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { derivedStoryColumns } from "./story-rating";
import { tagNames } from "./story-queries";
import { yieldToRequests } from "../db/yield";

const unrated = or(isNull(stories.searchText), isNull(stories.searchTags));

/** Rates every story without search text, `batchSize` rows at a time, and answers how many it stored. */
export async function rateUnratedStories(db: Db, { batchSize = 100 }: { batchSize?: number } = {}): Promise<number> {
  let done = 0;
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({
        id: stories.id,
        version: stories.version,
        title: stories.title,
        description: stories.description,
        moods: stories.moods,
        themes: stories.themes,
        fandoms: stories.fandoms,
        markedMature: stories.markedMature,
        contentRating: stories.contentRating,
        tags: tagNames,
      })
      .from(stories)
      .where(and(unrated, gt(stories.id, afterId)))
      .orderBy(asc(stories.id))
      .limit(batchSize);
    if (batch.length === 0) return done;
    afterId = batch.at(-1)!.id;
    const rated = batch.map((row) => ({ id: row.id, version: row.version, ...derivedStoryColumns(row, row.tags) }));
    // NOTE: one statement per batch, each row conditional on the version read, so a save landing meanwhile (which
    // derives its own) wins.
    const stored = await db.execute(sql`
      update ${stories} set rating = d.rating, search_text = d.search_text, search_tags = d.search_tags
      from unnest(
        ${sql.param(rated.map((r) => r.id))}::int[],
        ${sql.param(rated.map((r) => r.version))}::int[],
        ${sql.param(rated.map((r) => r.rating))}::text[],
        ${sql.param(rated.map((r) => r.searchText))}::text[],
        ${sql.param(rated.map((r) => r.searchTags))}::text[]
      ) as d(id, version, rating, search_text, search_tags)
      where ${stories.id} = d.id and ${stories.version} = d.version and ${unrated}
      returning ${stories.id}`);
    done += (stored as { rows?: unknown[] }).rows?.length ?? 0;
    await yieldToRequests();
  }
}
