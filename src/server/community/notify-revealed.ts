// The notifications a collection's reveal sent (issue 33, collections/reveal.ts records them in the outbox): what its
// anonymous and unrevealed works held back, one crowd per outbox event, every row keyed as the ordinary path keys it.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { collectionItems } from "../db/schema";
import { type Audience, type ChunkOptions, fanOutInChunks } from "./chunked-fan-out";
import { affectedRows, insertNotifications } from "./notification-rows";

/** Which crowd a reveal's outbox event notifies. */
export type RevealCrowd = "gifts" | "subscribers" | "followers";

/** About how many notification rows one chunk of a reveal's crowd writes. */
const ROWS_PER_CHUNK = 20_000;

const worksOf = (collectionId: number) =>
  sql`select ci.story_id from collection_items ci where ci.collection_id = ${collectionId}::int and ci.state = 'approved'`;

/**
 * Delivers one crowd of a reveal (the outbox's 'collection.revealed'); safe to run again (every row is keyed as the
 * ordinary path keys it: 'gift:<story>', 'collection:<collection>:<story>', 'story:<story>').
 */
export async function notifyRevealed(
  db: Db,
  collectionId: number,
  crowd: RevealCrowd,
  options: ChunkOptions = {},
): Promise<number> {
  if (crowd === "gifts") {
    // As gifts/gifts.ts notifyGifts, for every work of the collection at once.
    return affectedRows(
      await db.execute(
        insertNotifications(
          sql`select g.user_id, 'gift', s.author_id, s.id, null::int, null::int, null::int, 'gift:' || s.id
            from story_gifts g join stories s on s.id = g.story_id
            where g.story_id in (${worksOf(collectionId)}) and g.refused_at is null
              and not exists (select 1 from user_blocks b
                where b.user_id = s.author_id and b.other_id = g.user_id and b.kind = 'block')`,
        ),
      ),
    );
  }
  // NOTE: a chunk of recipients writes one row per recipient and work: chunks of about ROWS_PER_CHUNK rows, so one
  // statement never holds a connection for long, whatever the collection's size.
  const [{ n } = { n: 1 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(collectionItems)
    .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.state, "approved")));
  const chunkSize = Math.max(1, Math.min(options.chunkSize ?? 1000, Math.floor(ROWS_PER_CHUNK / Math.max(1, n))));
  const audience: Audience =
    crowd === "subscribers"
      ? {
          recipients: (after, limit) =>
            sql`select cs.user_id from collection_subscriptions cs
              where cs.collection_id = ${collectionId}::int and cs.user_id > ${after} order by cs.user_id limit ${limit}`,
          rows: sql`select c.user_id, 'collection_work', s.author_id, s.id, null::int, null::int, null::int,
              'collection:' || ${collectionId}::int || ':' || s.id
            from chunk c cross join stories s where s.id in (${worksOf(collectionId)})`,
          collectionId,
        }
      : {
          // The followers of each work's creator and accepted co-creators, told of each of their works once.
          recipients: (after, limit) =>
            sql`select distinct f.follower_id from follows f
              where f.author_id in (select s.author_id from stories s where s.id in (${worksOf(collectionId)})
                  union all select cc.user_id from story_co_creators cc
                  where cc.story_id in (${worksOf(collectionId)}) and cc.state = 'accepted')
                and f.follower_id > ${after}
              order by f.follower_id limit ${limit}`,
          rows: sql`select distinct on (c.user_id, s.id) c.user_id, 'new_story', s.author_id, s.id, null::int,
              null::int, null::int, 'story:' || s.id
            from chunk c join follows f on f.follower_id = c.user_id
            join stories s on s.id in (${worksOf(collectionId)}) and (s.author_id = f.author_id
              or exists (select 1 from story_co_creators cc where cc.story_id = s.id and cc.user_id = f.author_id
                and cc.state = 'accepted'))
            where not exists (select 1 from story_co_creators me where me.story_id = s.id and me.user_id = c.user_id
              and me.state = 'accepted')`,
        };
  return fanOutInChunks(db, audience, { ...options, chunkSize });
}
