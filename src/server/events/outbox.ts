// The outbox (decision 0054): an event whose effect must survive a crash is written in the transaction of the change
// it announces; right after the commit this instance delivers it in the background and deletes the row. A process
// that dies in between leaves the row behind, and the maintenance worker drains it a minute later. Every delivery is
// idempotent (notifications are keyed per recipient), so delivering twice (a slow first run, a drain) writes nothing
// twice; the drain still claims rows (skip locked, then a lease) so two instances draining at once split the work.
import { asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type OutboxEvent, outboxEvents } from "../db/schema/outbox";

/** How long the request's own delivery has before the drain may take its row. */
export const OWN_RUN_GRACE_MS = 60_000;
/** How long a drained row stays claimed (a failed delivery is tried again after it). */
const CLAIM_MS = 5 * 60_000;
const DRAIN_BATCH = 100;

export interface RecordedEvent {
  id: number;
  event: OutboxEvent;
  /** When the drain delivers it: the event's time, so only the followers and subscribers of then hear of it. */
  recordedAt?: Date;
}

/**
 * Delivers one durable event; answers how many rows (notifications) it wrote. Must be safe to run twice, and to run
 * after a delivery that stopped half way (a long one records its progress on the event's row, `recorded.id`).
 */
export type OutboxDelivery = (db: Db, recorded: RecordedEvent) => Promise<number>;

/** Records `event` in the outbox; call inside the transaction that makes the change. */
export async function recordEvent(tx: Db, event: OutboxEvent, now: Date): Promise<RecordedEvent> {
  const [row] = await tx
    .insert(outboxEvents)
    .values({ event, runAfter: new Date(now.getTime() + OWN_RUN_GRACE_MS) })
    .returning({ id: outboxEvents.id });
  return { id: row!.id, event };
}

/** Delivers a recorded event and then deletes its row (a failure keeps the row for the drain). */
export async function deliverRecorded(db: Db, recorded: RecordedEvent, deliver: OutboxDelivery): Promise<number> {
  const written = await deliver(db, recorded);
  await db.delete(outboxEvents).where(eq(outboxEvents.id, recorded.id));
  return written;
}

/**
 * The drain: delivers the events whose own delivery did not happen (the process died) or failed, oldest first, in
 * claimed batches. Answers how many it delivered and how many rows they wrote. A delivery that fails keeps its row
 * until the claim ends.
 */
export async function drainOutbox(
  db: Db,
  now: Date,
  deliver: OutboxDelivery,
): Promise<{ ran: number; written: number }> {
  let written = 0;
  let ran = 0;
  let failure: unknown;
  for (;;) {
    const due = db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(lte(outboxEvents.runAfter, now))
      .orderBy(asc(outboxEvents.id))
      .limit(DRAIN_BATCH)
      .for("update", { skipLocked: true });
    // NOTE: claimed in one statement: another instance's drain skips the locked rows, and once this commits, sees
    // their run_after in the future.
    const claimed = await db
      .update(outboxEvents)
      .set({ runAfter: new Date(now.getTime() + CLAIM_MS), attempts: sql`${outboxEvents.attempts} + 1` })
      .where(inArray(outboxEvents.id, due))
      .returning({ id: outboxEvents.id, event: outboxEvents.event, recordedAt: outboxEvents.createdAt });
    for (const recorded of claimed.sort((a, b) => a.id - b.id)) {
      try {
        written += await deliverRecorded(db, recorded, deliver);
        ran += 1;
      } catch (error) {
        failure ??= error;
      }
    }
    if (claimed.length < DRAIN_BATCH) break;
  }
  if (failure !== undefined) throw failure;
  return { ran, written };
}
