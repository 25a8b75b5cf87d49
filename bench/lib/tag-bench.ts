// Free-form tags and statuses on seeded stories, for the Discover-with-filters case and its EXPLAIN: 'Slow Burn'
// on 2 of every 5 stories, 'Dark' on 1 of every 4 (so excluding it drops a quarter), every other story complete.
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";

export const FILTERED_QUERY = "tag=Slow%20Burn&exclude=dark&exclude=Horror&status=complete&minWords=100&sort=likes";

export async function tagSeededStories(db: Db): Promise<void> {
  await db.execute(sql`insert into free_tags (key, name) values ('slow burn', 'Slow Burn'), ('dark', 'Dark')
    on conflict do nothing`);
  await db.execute(sql`insert into story_free_tags (story_id, kind, key, position)
    select id, 'freeform', 'slow burn', 0 from stories where id % 5 in (0, 1) on conflict do nothing`);
  await db.execute(sql`insert into story_free_tags (story_id, kind, key, position)
    select id, 'freeform', 'dark', 1 from stories where id % 4 = 0 on conflict do nothing`);
  await db.execute(sql`update stories set status = 'complete' where id % 2 = 0`);
}
