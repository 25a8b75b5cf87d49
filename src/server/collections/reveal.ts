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
import type { RevealCrowd } from "../community/notify-revealed";
import { syncCollectionAnonymity } from "./anonymity";

export const ALREADY_REVEALED = "Already revealed";

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
