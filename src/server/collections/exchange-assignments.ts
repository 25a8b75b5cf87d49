// Gift exchange assignments (issue 33 section 2): sending the proposed pairs, a participant's list, posting the gift
// (the work joins the collection as an approved item and becomes a gift for the recipient), defaulting, pinch hits,
// and the due-date reminder. Each state change is one conditional update, so a repeat or a race changes nothing.
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  ASSIGNMENT_ALREADY_POSTED,
  ASSIGNMENT_HAS_PINCH_HITTER,
  ASSIGNMENT_NOT_FOUND,
  ASSIGNMENT_NOT_SENT,
  ASSIGNMENT_STORY_NOT_PUBLISHED,
  ASSIGNMENT_STORY_NOT_YOURS,
  MATCHING_NOT_DONE,
  MATCHING_SENT,
  type MyAssignmentView,
  PINCH_HITTER_BUSY,
  PINCH_HITTER_IS_RECIPIENT,
  PINCH_HITTER_UNKNOWN,
} from "../../shared/schemas/exchange";
import { affectedRows, insertNotifications } from "../community/notification-rows";
import type { Db } from "../db/client";
import {
  collections,
  exchangeAssignments,
  exchangeSignups,
  giftExchanges,
  stories,
  storyGifts,
  users,
} from "../db/schema";
import { AppError, conflict, notFound } from "../errors";
import { notifyGifts } from "../gifts/gifts";
import type { CollectionRow } from "./access";
import { getExchangeOrThrow } from "./exchange-settings";
import { joinCollectionLocked, lockStory } from "./items";
import { pairOverlap } from "./matching-solver";

/** A work is in at most this many collections. */
/** The due-date reminder goes this long before the due date. */
export const REMIND_BEFORE_MS = 2 * 24 * 60 * 60 * 1000;

/** 'assignment' for the givers of `ids`, once per assignment. */
async function notifyAssigned(db: Db, collectionId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return affectedRows(
    await db.execute(
      insertNotifications(
        sql`select a.giver_id, 'assignment', null::int, null::int, null::int, null::int, null::int,
            'assignment:' || a.id
          from exchange_assignments a where a.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        { collectionId },
      ),
    ),
  );
}

/** POST …/assignments/send: proposed → sent (once: the exchange's 'done' → 'sent'); answers how many went out. */
export async function sendAssignments(db: Db, collection: CollectionRow, now: Date): Promise<{ sent: number }> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(giftExchanges)
      .set({ matchingState: "sent", sentAt: now, updatedAt: now })
      .where(and(eq(giftExchanges.collectionId, collection.id), eq(giftExchanges.matchingState, "done")))
      .returning({ id: giftExchanges.collectionId });
    if (!claimed) {
      const { matchingState } = await getExchangeOrThrow(tx, collection.id);
      throw conflict(matchingState === "sent" ? MATCHING_SENT : MATCHING_NOT_DONE);
    }
    const sent = await tx
      .update(exchangeAssignments)
      .set({ state: "sent", sentAt: now })
      .where(and(eq(exchangeAssignments.collectionId, collection.id), eq(exchangeAssignments.state, "proposed")))
      .returning({ id: exchangeAssignments.id });
    await notifyAssigned(
      tx,
      collection.id,
      sent.map((a) => a.id),
    );
    return { sent: sent.length };
  });
}

/** GET /api/me/assignments: the viewer's sent and defaulted assignments, newest first. */
export async function myAssignments(db: Db, userId: number): Promise<MyAssignmentView[]> {
  const rows = await db
    .select({
      id: exchangeAssignments.id,
      name: collections.name,
      title: collections.title,
      recipient: users.username,
      requests: exchangeSignups.requests,
      prompt: exchangeSignups.prompt,
      dueAt: giftExchanges.dueAt,
      state: exchangeAssignments.state,
      pinchHitFor: exchangeAssignments.pinchHitFor,
      storyId: exchangeAssignments.storyId,
      storyTitle: stories.title,
    })
    .from(exchangeAssignments)
    .innerJoin(collections, eq(collections.id, exchangeAssignments.collectionId))
    .innerJoin(giftExchanges, eq(giftExchanges.collectionId, exchangeAssignments.collectionId))
    .innerJoin(users, eq(users.id, exchangeAssignments.recipientId))
    .leftJoin(
      exchangeSignups,
      and(
        eq(exchangeSignups.collectionId, exchangeAssignments.collectionId),
        eq(exchangeSignups.userId, exchangeAssignments.recipientId),
      ),
    )
    .leftJoin(stories, eq(stories.id, exchangeAssignments.storyId))
    .where(and(eq(exchangeAssignments.giverId, userId), inArray(exchangeAssignments.state, ["sent", "defaulted"])))
    .orderBy(desc(exchangeAssignments.id));
  return rows.map((r) => ({
    id: r.id,
    collection: { name: r.name, title: r.title },
    recipient: r.recipient,
    requests: r.requests ?? { fandoms: [], characters: [], relationships: [] },
    prompt: r.prompt ?? "",
    dueAt: r.dueAt.toISOString(),
    state: r.state as MyAssignmentView["state"],
    pinchHit: r.pinchHitFor !== null,
    story: r.storyId !== null && r.storyTitle !== null ? { id: r.storyId, title: r.storyTitle } : null,
  }));
}

/** The viewer's own assignment, locked; 404 for anyone else's. */
async function ownAssignmentOrThrow(tx: Db, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(exchangeAssignments)
    .where(and(eq(exchangeAssignments.id, id), eq(exchangeAssignments.giverId, userId)))
    .for("update");
  if (!row) throw notFound(ASSIGNMENT_NOT_FOUND);
  if (row.storyId !== null) throw conflict(ASSIGNMENT_ALREADY_POSTED);
  if (row.state !== "sent") throw conflict(ASSIGNMENT_NOT_SENT);
  return row;
}

/**
 * POST /api/me/assignments/{id}/fulfil { storyId }: the giver's published work joins the collection (approved) and is
 * a gift for the recipient. The recipient hears of it now, unless the work is unrevealed (then at the reveal).
 */
export async function fulfilAssignment(
  db: Db,
  userId: number,
  id: number,
  storyId: number,
  now: Date,
): Promise<{ storyId: number; collection: string; unrevealed: boolean }> {
  const result = await db.transaction(async (tx) => {
    const assignment = await ownAssignmentOrThrow(tx, userId, id);
    const story = await lockStory(tx, storyId);
    if (!story || story.authorId !== userId) throw new AppError(403, "FORBIDDEN", ASSIGNMENT_STORY_NOT_YOURS);
    if (!story.published) throw new AppError(400, "VALIDATION", ASSIGNMENT_STORY_NOT_PUBLISHED);
    // The assignment admits it whatever the collection's open and moderated settings; the 20-collection limit holds.
    const [collection] = await tx.select().from(collections).where(eq(collections.id, assignment.collectionId));
    await joinCollectionLocked(tx, collection!, story, userId, now, { admitted: true, keepExisting: true });
    await tx
      .insert(storyGifts)
      .values({ storyId, userId: assignment.recipientId, createdAt: now })
      .onConflictDoUpdate({ target: [storyGifts.storyId, storyGifts.userId], set: { refusedAt: null } });
    await tx.update(exchangeAssignments).set({ storyId, postedAt: now }).where(eq(exchangeAssignments.id, id));
    const [after] = await tx
      .select({ unrevealed: stories.unrevealed, name: collections.name })
      .from(stories)
      .innerJoin(collections, eq(collections.id, assignment.collectionId))
      .where(eq(stories.id, storyId));
    return { storyId, collection: after!.name, unrevealed: after!.unrevealed };
  });
  // NOTE: an unrevealed work's recipient is told at the collection's reveal, with the other notifications it held.
  if (!result.unrevealed) await notifyGifts(db, storyId);
  return result;
}

/** POST /api/me/assignments/{id}/default: the giver steps back before posting. */
export async function defaultAssignment(db: Db, userId: number, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await ownAssignmentOrThrow(tx, userId, id);
    await tx
      .update(exchangeAssignments)
      .set({ state: "defaulted", defaultedAt: now })
      .where(eq(exchangeAssignments.id, id));
  });
}

/**
 * POST …/assignments/{id}/pinch-hit { username }: the assignment (sent or defaulted, gift not posted) goes to
 * `username`, a volunteer or any user with no open assignment here; the old row is 'defaulted', the new one 'sent'.
 */
export async function assignPinchHit(
  db: Db,
  collection: CollectionRow,
  id: number,
  username: string,
  now: Date,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(exchangeAssignments)
      .where(and(eq(exchangeAssignments.id, id), eq(exchangeAssignments.collectionId, collection.id)))
      .for("update");
    if (!old || old.state === "proposed") throw notFound(ASSIGNMENT_NOT_FOUND);
    if (old.storyId !== null) throw conflict(ASSIGNMENT_ALREADY_POSTED);
    const [hitter] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    if (!hitter) throw new AppError(400, "VALIDATION", PINCH_HITTER_UNKNOWN(username));
    if (hitter.id === old.recipientId) throw new AppError(400, "VALIDATION", PINCH_HITTER_IS_RECIPIENT);
    const live = await tx
      .select({ giverId: exchangeAssignments.giverId, recipientId: exchangeAssignments.recipientId })
      .from(exchangeAssignments)
      .where(
        and(
          eq(exchangeAssignments.collectionId, collection.id),
          inArray(exchangeAssignments.state, ["proposed", "sent"]),
          sql`${exchangeAssignments.id} <> ${id}`,
        ),
      );
    if (live.some((a) => a.giverId === hitter.id)) throw conflict(PINCH_HITTER_BUSY(hitter.username));
    if (live.some((a) => a.recipientId === old.recipientId)) throw conflict(ASSIGNMENT_HAS_PINCH_HITTER);
    await tx
      .update(exchangeAssignments)
      .set({ state: "defaulted", defaultedAt: old.defaultedAt ?? now })
      .where(eq(exchangeAssignments.id, id));
    const signups = await tx
      .select({ userId: exchangeSignups.userId, offers: exchangeSignups.offers, requests: exchangeSignups.requests })
      .from(exchangeSignups)
      .where(
        and(
          eq(exchangeSignups.collectionId, collection.id),
          inArray(exchangeSignups.userId, [hitter.id, old.recipientId]),
        ),
      );
    const giver = signups.find((s) => s.userId === hitter.id);
    const recipient = signups.find((s) => s.userId === old.recipientId);
    const overlap =
      giver && recipient ? (pairOverlap(giver, recipient, { minFandomMatch: 0, minCharacterMatch: 0 }) ?? 0) : 0;
    const [created] = await tx
      .insert(exchangeAssignments)
      .values({
        collectionId: collection.id,
        giverId: hitter.id,
        recipientId: old.recipientId,
        state: "sent",
        overlap,
        pinchHitFor: old.id,
        createdAt: now,
        sentAt: now,
      })
      .returning({ id: exchangeAssignments.id });
    await notifyAssigned(tx, collection.id, [created!.id]);
    return { id: created!.id };
  });
}

/**
 * The maintenance job: for each exchange whose due date is two days away or less (and not past) and whose reminder
 * has not gone, claims it (reminded_at, conditional) and reminds every giver with a sent assignment and no gift.
 */
export async function remindDueAssignments(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ collectionId: giftExchanges.collectionId })
    .from(giftExchanges)
    .where(
      and(
        sql`${giftExchanges.sentAt} is not null`,
        isNull(giftExchanges.remindedAt),
        sql`${giftExchanges.dueAt} <= ${new Date(now.getTime() + REMIND_BEFORE_MS)}`,
        sql`${giftExchanges.dueAt} > ${now}`,
      ),
    )
    .limit(100);
  let reminded = 0;
  for (const { collectionId } of due) {
    reminded += await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(giftExchanges)
        .set({ remindedAt: now })
        .where(and(eq(giftExchanges.collectionId, collectionId), isNull(giftExchanges.remindedAt)))
        .returning({ id: giftExchanges.collectionId });
      if (!claimed) return 0;
      return affectedRows(
        await tx.execute(
          insertNotifications(
            sql`select a.giver_id, 'assignment_due', null::int, null::int, null::int, null::int, null::int,
                'assignment_due:' || a.id
              from exchange_assignments a
              where a.collection_id = ${collectionId} and a.state = 'sent' and a.story_id is null`,
            { collectionId },
          ),
        ),
      );
    });
  }
  return reminded;
}
