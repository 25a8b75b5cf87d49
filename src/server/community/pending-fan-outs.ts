// Durable fan-outs. An event that notifies (a comment, a publish, new chapters, a follow, a like at a milestone)
// records a pending row in its own transaction; right after the commit this instance runs it in the background
// and deletes the row. A process that dies between the commit and that run leaves the row behind, and the
// maintenance sweep runs it a minute later. Every fan-out is keyed per recipient (notify.ts), so running one twice
// (a slow first run, a sweep) writes nothing twice; the sweep still claims rows (skip locked, then a lease) so two
// instances sweeping at once split the work instead of both doing it.
import { asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { type FanOutEvent, pendingFanOuts } from "../db/schema";
import { notifyComment, notifyLikeMilestone, notifyNewChapters, notifyNewFollower, notifyNewStory } from "./notify";
import { notifyLater } from "./notify-later";

/** How long the request's own run has before the sweep may take its row. */
export const OWN_RUN_GRACE_MS = 60_000;
/** How long a swept row stays claimed (a failed run is tried again after it). */
const CLAIM_MS = 5 * 60_000;
const SWEEP_BATCH = 100;

export interface PendingFanOut {
  id: number;
  event: FanOutEvent;
  /** When the sweep runs it: the event's time, so only the followers and subscribers of then hear of it. */
  recordedAt?: Date;
}

/** Records `event` as pending; call inside the transaction that writes the event. */
export async function recordFanOut(tx: Db, event: FanOutEvent, now: Date): Promise<PendingFanOut> {
  const [row] = await tx
    .insert(pendingFanOuts)
    .values({ event, runAfter: new Date(now.getTime() + OWN_RUN_GRACE_MS) })
    .returning({ id: pendingFanOuts.id });
  return { id: row!.id, event };
}

/** Writes the event's notifications; answers how many rows were inserted. */
function fanOut(db: Db, event: FanOutEvent, asOf: Date | undefined): Promise<number> {
  switch (event.kind) {
    case "comment":
      return notifyComment(db, event.commentId);
    case "new_chapters":
      return notifyNewChapters(db, event.storyId, event.chapters, asOf);
    case "new_story":
      return notifyNewStory(db, event.storyId, asOf);
    case "new_follower":
      return notifyNewFollower(db, event.authorId, event.followerId);
    case "like_milestone":
      return notifyLikeMilestone(db, event.storyId, event.likeCount, event.likerId);
  }
}

/** Runs a recorded fan-out and then deletes its row (a failure keeps the row for the sweep). */
export async function runFanOut(db: Db, pending: PendingFanOut): Promise<number> {
  const written = await fanOut(db, pending.event, pending.recordedAt);
  await db.delete(pendingFanOuts).where(eq(pendingFanOuts.id, pending.id));
  return written;
}

/** After the commit: runs the recorded fan-outs in the background (the request never waits for them). */
export function fanOutLater(request: FastifyRequest, ...pending: (PendingFanOut | null | undefined)[]): void {
  for (const one of pending) {
    if (one) notifyLater(request, `${one.event.kind} notifications`, () => runFanOut(request.db, one));
  }
}

/**
 * The maintenance sweep: runs the fan-outs whose own run did not happen (the process died) or failed, oldest first,
 * in claimed batches. Answers how many it ran and how many notifications they wrote. A run that fails keeps its row
 * until the claim ends.
 */
export async function sweepPendingFanOuts(db: Db, now: Date): Promise<{ ran: number; written: number }> {
  let written = 0;
  let ran = 0;
  let failure: unknown;
  for (;;) {
    const due = db
      .select({ id: pendingFanOuts.id })
      .from(pendingFanOuts)
      .where(lte(pendingFanOuts.runAfter, now))
      .orderBy(asc(pendingFanOuts.id))
      .limit(SWEEP_BATCH)
      .for("update", { skipLocked: true });
    // NOTE: claimed in one statement: another instance's sweep skips the locked rows, and once this commits, sees
    // their run_after in the future.
    const claimed = await db
      .update(pendingFanOuts)
      .set({ runAfter: new Date(now.getTime() + CLAIM_MS), attempts: sql`${pendingFanOuts.attempts} + 1` })
      .where(inArray(pendingFanOuts.id, due))
      .returning({ id: pendingFanOuts.id, event: pendingFanOuts.event, recordedAt: pendingFanOuts.createdAt });
    for (const pending of claimed.sort((a, b) => a.id - b.id)) {
      try {
        written += await runFanOut(db, pending);
        ran += 1;
      } catch (error) {
        failure ??= error;
      }
    }
    if (claimed.length < SWEEP_BATCH) break;
  }
  if (failure !== undefined) throw failure;
  return { ran, written };
}
