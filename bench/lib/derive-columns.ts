// Today's seeder leaves each story's rating and search text to the app's start-up backfill (stories/rate-stories.ts),
// which stores one row per statement: about 40 rows a second on this machine, an hour and a half at 200,000 works.
// The list bench derives the same columns with the same function (derivedStoryColumns) before it starts the app,
// and stores them a thousand rows per statement.
import { and, asc, gt, isNull, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { stories } from "../../src/server/db/schema";
import { tagNames } from "../../src/server/stories/story-queries";
import { derivedStoryColumns } from "../../src/server/stories/story-rating";

const BATCH = 1000;

/** Stores the derived columns of every story without them; answers how many it stored. */
export async function deriveStoryColumns(client: pg.Pool, log: (line: string) => void): Promise<number> {
  const db = drizzle(client);
  const unrated = or(isNull(stories.searchText), isNull(stories.searchTags));
  let done = 0;
  for (let afterId = 0; ; ) {
    const batch = await db
      .select({
        id: stories.id,
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
      .limit(BATCH);
    if (batch.length === 0) break;
    afterId = batch.at(-1)!.id;
    const derived = batch.map((row) => derivedStoryColumns(row, row.tags));
    await client.query(
      `update stories s set rating = v.rating, search_text = v.search_text, search_tags = v.search_tags
       from unnest($1::int[], $2::text[], $3::text[], $4::text[]) v(id, rating, search_text, search_tags)
       where s.id = v.id`,
      [
        batch.map((row) => row.id),
        ...(["rating", "searchText", "searchTags"] as const).map((k) => derived.map((d) => d[k])),
      ],
    );
    done += batch.length;
    if (done % 20_000 < BATCH) log(`derived the rating and search text of ${done} stories`);
  }
  if (done > 0) await client.query("analyze stories");
  return done;
}
