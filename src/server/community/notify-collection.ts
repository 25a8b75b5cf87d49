// Issue 33: a work newly in a collection tells the collection's subscribers, once per work (keyed per collection and
// work), in chunks of subscribers like a series' new work. Nobody hears of a work no longer approved there, one still
// hidden (unrevealed: the reveal sends it), or one not published; an anonymous work's notification names no creator.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { fanOutInChunks } from "./chunked-fan-out";
import type { CrowdOptions } from "./notify";

const madeBy = (asOf: Date | undefined) =>
  asOf ? sql`and cs.created_at <= ${asOf.toISOString()}::timestamptz` : sql``;

export async function notifyCollectionWork(
  db: Db,
  collectionId: number,
  storyId: number,
  options: CrowdOptions = {},
): Promise<number> {
  return fanOutInChunks(
    db,
    {
      recipients: (after, limit) =>
        sql`select cs.user_id from collection_subscriptions cs
          where cs.collection_id = ${collectionId} and cs.user_id > ${after} ${madeBy(options.asOf)}
            and not exists (select 1 from stories s join user_blocks b on b.kind = 'block'
              and ((b.user_id = cs.user_id and b.other_id = s.author_id)
                or (b.user_id = s.author_id and b.other_id = cs.user_id))
              where s.id = ${storyId} and not s.anonymous)
          order by cs.user_id limit ${limit}`,
      rows: sql`select c.user_id, 'collection_work', case when s.anonymous then null else s.author_id end, s.id,
          null::int, null::int, null::int, 'collection:' || ${collectionId}::int || ':' || s.id
        from chunk c cross join stories s
        where s.id = ${storyId} and s.published and not s.unrevealed and c.user_id <> s.author_id
          and exists (select 1 from collection_items ci join collections co on co.id = ci.collection_id
            where ci.collection_id = ${collectionId}::int and ci.story_id = s.id and ci.state = 'approved'
              and (not co.unrevealed or co.revealed_at is not null))`,
      collectionId,
    },
    options,
  );
}
