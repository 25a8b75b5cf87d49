// Gift exchange matching (issue 33 section 2). One maintainer's run claims the exchange with a conditional update
// ('none' or 'done' → 'running'; a second run at once is told so), solves off the request's thread and replaces the
// proposed pairs in one transaction. Maintainers then change pairs by hand, keeping one gift given and one received
// per participant, before sending.
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import {
  MATCHING_BEFORE_CLOSE,
  MATCHING_NOT_DONE,
  MATCHING_RUNNING,
  MATCHING_SENT,
  MATCHING_TOO_FEW,
  type MatchingView,
  PAIR_NOT_SIGNED_UP,
  PAIR_RECIPIENT_TAKEN,
  PAIR_SELF,
} from "../../shared/schemas/exchange";
import type { Db } from "../db/client";
import { exchangeAssignments, exchangeSignups, giftExchanges, users } from "../db/schema";
import { AppError, conflict } from "../errors";
import type { CollectionRow } from "./access";
import { getExchangeOrThrow, rulesOf } from "./exchange-settings";
import { solveOffThread } from "./matching-run";
import { type MatchParticipant, pairOverlap } from "./matching-solver";

/** A run still 'running' after this long died with its instance; the next run may take over. */
const STALE_RUN_MS = 10 * 60 * 1000;

const participantsOf = async (db: Db, collectionId: number) =>
  (
    await db
      .select({ userId: exchangeSignups.userId, offers: exchangeSignups.offers, requests: exchangeSignups.requests })
      .from(exchangeSignups)
      .where(eq(exchangeSignups.collectionId, collectionId))
      .orderBy(asc(exchangeSignups.id))
  ).map((r): MatchParticipant => r);

/** POST …/matching: answers the number of pairs proposed. */
export async function runMatching(
  db: Db,
  collection: CollectionRow,
  now: Date,
  inlineUpTo?: number,
): Promise<{ pairs: number }> {
  const exchange = await getExchangeOrThrow(db, collection.id);
  if (now < exchange.signupClosesAt) throw conflict(MATCHING_BEFORE_CLOSE);
  const [claimed] = await db
    .update(giftExchanges)
    .set({ matchingState: "running", matchingStartedAt: now })
    .where(
      and(
        eq(giftExchanges.collectionId, collection.id),
        or(
          inArray(giftExchanges.matchingState, ["none", "done"]),
          and(
            eq(giftExchanges.matchingState, "running"),
            lt(giftExchanges.matchingStartedAt, new Date(now.getTime() - STALE_RUN_MS)),
          ),
        ),
      ),
    )
    .returning({ state: giftExchanges.matchingState });
  if (!claimed) {
    const { matchingState } = await getExchangeOrThrow(db, collection.id);
    throw conflict(matchingState === "sent" ? MATCHING_SENT : MATCHING_RUNNING);
  }
  const release = (on: Db, state: "none" | "done") =>
    on
      .update(giftExchanges)
      .set({ matchingState: state, ...(state === "done" ? { matchedAt: now } : {}) })
      .where(and(eq(giftExchanges.collectionId, collection.id), eq(giftExchanges.matchingState, "running")));
  try {
    const participants = await participantsOf(db, collection.id);
    if (participants.length < 2) throw conflict(MATCHING_TOO_FEW);
    const pairs = await solveOffThread(participants, rulesOf(exchange.rules), inlineUpTo);
    await db.transaction(async (tx) => {
      await tx
        .delete(exchangeAssignments)
        .where(and(eq(exchangeAssignments.collectionId, collection.id), eq(exchangeAssignments.state, "proposed")));
      for (let i = 0; i < pairs.length; i += 1000) {
        await tx
          .insert(exchangeAssignments)
          .values(
            pairs
              .slice(i, i + 1000)
              .map((p) => ({ collectionId: collection.id, ...p, state: "proposed", createdAt: now })),
          );
      }
      await release(tx, "done");
    });
    return { pairs: pairs.length };
  } catch (error) {
    await release(db, "none");
    throw error;
  }
}

/** GET …/matching: the pairs (proposed, or sent and after), their overlap, and who gives or gets nothing. */
export async function matchingView(db: Db, collection: CollectionRow): Promise<MatchingView> {
  const exchange = await getExchangeOrThrow(db, collection.id);
  const rows = await db
    .select({
      id: exchangeAssignments.id,
      giver: sql<string>`(select username from users where id = ${exchangeAssignments.giverId})`,
      recipient: sql<string>`(select username from users where id = ${exchangeAssignments.recipientId})`,
      giverId: exchangeAssignments.giverId,
      recipientId: exchangeAssignments.recipientId,
      overlap: exchangeAssignments.overlap,
      state: exchangeAssignments.state,
      pinchHitFor: exchangeAssignments.pinchHitFor,
      storyId: exchangeAssignments.storyId,
    })
    .from(exchangeAssignments)
    .where(eq(exchangeAssignments.collectionId, collection.id))
    .orderBy(asc(exchangeAssignments.id));
  const signedUp = await db
    .select({ userId: exchangeSignups.userId, username: users.username })
    .from(exchangeSignups)
    .innerJoin(users, eq(users.id, exchangeSignups.userId))
    .where(eq(exchangeSignups.collectionId, collection.id))
    .orderBy(asc(users.username));
  const live = rows.filter((r) => r.state !== "defaulted");
  const gives = new Set(live.map((r) => r.giverId));
  const gets = new Set(live.map((r) => r.recipientId));
  return {
    matchingState: exchange.matchingState as MatchingView["matchingState"],
    pairs: rows.map((r) => ({
      id: r.id,
      giver: r.giver,
      recipient: r.recipient,
      overlap: r.overlap,
      state: r.state as MatchingView["pairs"][number]["state"],
      pinchHitFor: r.pinchHitFor,
      posted: r.storyId !== null,
    })),
    unmatched: signedUp
      .filter((s) => !gives.has(s.userId) || !gets.has(s.userId))
      .map((s) => ({ username: s.username, gives: gives.has(s.userId), gets: gets.has(s.userId) })),
    overlapTotal: live.reduce((sum, r) => sum + r.overlap, 0),
  };
}

async function signedUpUser(tx: Db, collectionId: number, username: string): Promise<MatchParticipant> {
  const [row] = await tx
    .select({ userId: exchangeSignups.userId, offers: exchangeSignups.offers, requests: exchangeSignups.requests })
    .from(exchangeSignups)
    .innerJoin(users, eq(users.id, exchangeSignups.userId))
    .where(and(eq(exchangeSignups.collectionId, collectionId), sql`lower(${users.username}) = lower(${username})`))
    .limit(1);
  if (!row) throw new AppError(400, "VALIDATION", PAIR_NOT_SIGNED_UP(username));
  return row;
}

/**
 * PUT …/matching/{giver} { recipient } (recipient null: DELETE, the giver gives nothing for now). Only while the
 * result is proposed; the exchange's row is locked so two changes apply one after the other.
 */
export async function changePair(
  db: Db,
  collection: CollectionRow,
  giverName: string,
  recipientName: string | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [exchange] = await tx
      .select()
      .from(giftExchanges)
      .where(eq(giftExchanges.collectionId, collection.id))
      .for("update");
    if (exchange?.matchingState !== "done") {
      throw conflict(exchange?.matchingState === "sent" ? MATCHING_SENT : MATCHING_NOT_DONE);
    }
    const giver = await signedUpUser(tx, collection.id, giverName);
    const proposed = and(
      eq(exchangeAssignments.collectionId, collection.id),
      eq(exchangeAssignments.state, "proposed"),
    );
    if (recipientName === null) {
      await tx.delete(exchangeAssignments).where(and(proposed, eq(exchangeAssignments.giverId, giver.userId)));
      return;
    }
    const recipient = await signedUpUser(tx, collection.id, recipientName);
    if (recipient.userId === giver.userId) throw new AppError(400, "VALIDATION", PAIR_SELF);
    const [taken] = await tx
      .select({ giverId: exchangeAssignments.giverId, giver: users.username })
      .from(exchangeAssignments)
      .innerJoin(users, eq(users.id, exchangeAssignments.giverId))
      .where(and(proposed, eq(exchangeAssignments.recipientId, recipient.userId)));
    if (taken && taken.giverId !== giver.userId) {
      throw conflict(PAIR_RECIPIENT_TAKEN(recipientName, taken.giver), { giver: taken.giver });
    }
    if (taken) return;
    // NOTE: a pair set by hand may share less than the rules ask: the maintainers' call; its overlap says how much.
    const overlap = pairOverlap(giver, recipient, { minFandomMatch: 0, minCharacterMatch: 0 }) ?? 0;
    await tx.delete(exchangeAssignments).where(and(proposed, eq(exchangeAssignments.giverId, giver.userId)));
    await tx.insert(exchangeAssignments).values({
      collectionId: collection.id,
      giverId: giver.userId,
      recipientId: recipient.userId,
      overlap,
      state: "proposed",
      createdAt: now,
    });
  });
}
