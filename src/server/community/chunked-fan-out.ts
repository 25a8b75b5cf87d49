// A fan-out to a crowd (a story's subscribers, an author's followers: 100,000 for a popular writer) in chunks of
// recipients taken in user-id order (keyset). Each chunk is one INSERT … SELECT, and when the fan-out is an outbox
// event, the event's row records the last recipient reached in the same transaction, under a row lock: a fan-out that
// stopped (the process died, a chunk failed) resumes after it, and two instances delivering the same
// event take turns instead of both doing every chunk. The per-recipient key (ON CONFLICT DO NOTHING) stays the last
// guard against a duplicate. Between chunks the loop pauses, so the saves and reads queued behind it go first.
import { eq, type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { outboxEvents } from "../db/schema/outbox";
import { insertNotifications } from "./notification-rows";

/** Recipients per chunk and the pause after each (docs/decisions/0066-fan-out-in-chunks.md has the measurements). */
export interface ChunkSetting {
  chunkSize: number;
  pauseMs: number;
}

/**
 * Per database. PostgreSQL: a save or read runs beside a chunk, on another connection and core. PGlite runs the
 * process's queries one at a time, so each query of a save may wait for a whole chunk: smaller chunks, longer pauses.
 */
export const FAN_OUT_CHUNKS: Record<Database["kind"], ChunkSetting> = {
  postgres: { chunkSize: 1000, pauseMs: 5 },
  pglite: { chunkSize: 250, pauseMs: 20 },
};
const FAN_OUT_CHUNK = FAN_OUT_CHUNKS.postgres.chunkSize;

export interface ChunkOptions {
  /** The outbox event that records how far the fan-out got; without one the progress lives in this call only. */
  eventId?: number;
  chunkSize?: number;
  pauseMs?: number;
  /** Called after each committed chunk (1, 2, …); a test throws here to play a crash after chunk k. */
  afterChunk?: (chunk: number) => void | Promise<void>;
}

export interface Audience {
  /** Selects the next recipients' user ids: those after `after`, in ascending order, at most `limit`. */
  recipients(after: number, limit: number): SQL;
  /** Selects the notification rows (notification-rows.ts's columns) for the recipients in `chunk(user_id)`. */
  rows: SQL;
  /** Issue 30: the series every row names (a new work in a series). */
  seriesId?: number;
  /** Issue 33: the collection every row names (a new work in a collection, or its works revealed). */
  collectionId?: number;
}

interface ChunkResult {
  /** The last recipient of the chunk; null when none was left. */
  last: number | null;
  seen: number;
  written: number;
}

/** Fans `audience` out chunk by chunk; answers how many notifications this call inserted. */
export async function fanOutInChunks(db: Db, audience: Audience, options: ChunkOptions = {}): Promise<number> {
  const { eventId, chunkSize = FAN_OUT_CHUNK, pauseMs = FAN_OUT_CHUNKS.postgres.pauseMs, afterChunk } = options;
  const chunkOf = (run: Db, after: number) => writeChunk(run, audience, after, chunkSize);
  let written = 0;
  let after = 0;
  for (let chunk = 1; ; chunk++) {
    const result =
      eventId === undefined
        ? await chunkOf(db, after)
        : await db.transaction(async (tx) => {
            // NOTE: a chunk's commit need not wait for the disk: lost in a crash, it is lost with the progress it
            // recorded (the log keeps their order), and the event's row, committed with the change, runs it again.
            // The delivery's last statement (deleting the row) commits as usual.
            await tx.execute(sql`set local synchronous_commit = off`);
            // NOTE: the lock makes a second delivery of the same event wait for this chunk, then read its progress.
            const [row] = await tx
              .select({ progress: outboxEvents.progress })
              .from(outboxEvents)
              .where(eq(outboxEvents.id, eventId))
              .for("update");
            // Gone: delivered to the end by another instance (and deleted), or its author's account was deleted.
            if (!row) return null;
            const done = await chunkOf(tx, row.progress ?? 0);
            if (done.last !== null) {
              await tx.update(outboxEvents).set({ progress: done.last }).where(eq(outboxEvents.id, eventId));
            }
            return done;
          });
    if (!result) break;
    written += result.written;
    if (result.last === null) break;
    after = result.last;
    await afterChunk?.(chunk);
    if (result.seen < chunkSize) break;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return written;
}

async function writeChunk(db: Db, audience: Audience, after: number, limit: number): Promise<ChunkResult> {
  const result = await db.execute(sql`
    with chunk(user_id) as materialized (${audience.recipients(after, limit)}),
      written as (${insertNotifications(audience.rows, { seriesId: audience.seriesId, collectionId: audience.collectionId })} returning 1)
    select (select max(user_id) from chunk) as last, (select count(*) from chunk)::int as seen,
      (select count(*) from written)::int as written`);
  const [row] = (result as unknown as { rows: { last: number | null; seen: number; written: number }[] }).rows;
  return { last: row?.last ?? null, seen: row?.seen ?? 0, written: row?.written ?? 0 };
}
