// The reveal (issue 33): a collection's anonymous works show their creators again and its unrevealed works become
// visible, by a maintainer's action (POST /api/collections/{name}/reveal) or at `collections.reveal_at` (the
// reveal-collections maintenance job). Either way one conditional update claims it (revealed_at set where it was
// null), so it happens once on whichever instance gets there first; in the same transaction every work's columns are
// synced (collections/anonymity.ts) and the notifications the hidden works held back are recorded in the outbox, one
// event per crowd: the gift recipients ('gift'), the collection's subscribers ('collection_work') and the creators'
// followers ('new_story'). After the commit the events are delivered in the background, crowd by crowd in chunks
// (community/chunked-fan-out.ts), each row keyed as the ordinary paths key it, so each notification is sent once.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { collectionItems, collections } from "../db/schema";
import { AppError } from "../errors";
import { type RecordedEvent, recordEvent } from "../events/outbox";
import { type Audience, type ChunkOptions, fanOutInChunks } from "../community/chunked-fan-out";
import { affectedRows, insertNotifications } from "../community/notification-rows";
import { syncCollectionAnonymity } from "./anonymity";

export const ALREADY_REVEALED = "Already revealed";

/** Which crowd a reveal's outbox event notifies. */
export type RevealCrowd = "gifts" | "subscribers" | "followers";
const CROWDS: RevealCrowd[] = ["gifts", "subscribers", "followers"];

export interface Revealed {
  collectionId: number;
  /** The collection's works (approved items): their cached views and lists drop. */
  storyIds: number[];
  /** The held-back notifications, to deliver after the commit. */
  durable: RecordedEvent[];
}

/** Runs the reveal of a collection just claimed (revealed_at set) inside the claim's transaction. */
async function revealClaimed(tx: Db, collectionId: number, now: Date): Promise<Revealed> {
  await syncCollectionAnonymity(tx, collectionId);
  const rows = await tx
    .select({ storyId: collectionItems.storyId })
    .from(collectionItems)
    .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.state, "approved")));
  const durable: RecordedEvent[] = [];
  for (const crowd of CROWDS)
    durable.push(await recordEvent(tx, { name: "collection.revealed", collectionId, crowd }, now));
  return { collectionId, storyIds: rows.map((r) => r.storyId), durable };
}

/**
 * POST /api/collections/{name}/reveal: the maintainer's reveal, now. 409 'Already revealed' when it was (by hand, by
 * the schedule, or by a request that won the same race a moment ago).
 */
export async function revealCollection(db: Db, collectionId: number, now: Date): Promise<Revealed> {
  const revealed = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(collections)
      .set({ revealedAt: now, updatedAt: now })
      .where(and(eq(collections.id, collectionId), isNull(collections.revealedAt)))
      .returning({ id: collections.id });
    return claimed ? revealClaimed(tx, claimed.id, now) : null;
  });
  if (!revealed) throw new AppError(409, "ALREADY_REVEALED", ALREADY_REVEALED);
  return revealed;
}

/** Reveals at most this many due collections per run; the rest wait for the next run (seconds later). */
const RUN_LIMIT = 20;

/**
 * The scheduled reveals due at `now`, oldest first, each claimed (skip locked, then the conditional update) and done
 * in its own transaction: exactly once, on whichever instance claims it; a crash before the commit leaves it due.
 */
export async function revealDue(db: Db, now: Date): Promise<Revealed[]> {
  const done: Revealed[] = [];
  for (let i = 0; i < RUN_LIMIT; i++) {
    const revealed = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(collections)
        .set({ revealedAt: now, updatedAt: now })
        .where(
          and(
            eq(
              collections.id,
              sql`(select id from collections where revealed_at is null and reveal_at <= ${now.toISOString()}::timestamptz
                order by reveal_at, id limit 1 for update skip locked)`,
            ),
            // NOTE: checked again on the row itself: an update that waited on another's lock sees its commit here.
            isNull(collections.revealedAt),
          ),
        )
        .returning({ id: collections.id });
      return claimed ? revealClaimed(tx, claimed.id, now) : null;
    });
    if (!revealed) break;
    done.push(revealed);
  }
  return done;
}

/** The collection's works whose notifications were held: approved items (insertNotifications checks the rest). */
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
