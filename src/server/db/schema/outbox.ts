// The outbox: domain events whose effect must survive a crash (notifications). A row is written in the same
// transaction as the change it announces, delivered right after the commit, and deleted once delivered. A process
// that dies in between leaves the row; the maintenance worker drains it later (events/outbox.ts).
import { index, integer, jsonb, pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** The durable events and the ids their subscribers need to run again. */
export type OutboxEvent =
  | { name: "comment.created"; commentId: number }
  | { name: "chapters.published"; storyId: number; chapters: number[] }
  | { name: "story.first_published"; storyId: number }
  | { name: "user.followed"; authorId: number; followerId: number }
  | { name: "story.like_milestone"; storyId: number; likeCount: number; likerId: number }
  /** Issue 30: a work added to a series; its subscribers hear of it, once per work. */
  | { name: "series.work_added"; seriesId: number; storyId: number }
  /** Issue 33: a work approved in a collection (or revealed there); its subscribers hear of it, once per work. */
  | { name: "collection.work_added"; collectionId: number; storyId: number }
  /** Issue 33: a collection revealed: one crowd of the notifications its hidden works held back. */
  | { name: "collection.revealed"; collectionId: number; crowd: "gifts" | "subscribers" | "followers" };

export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: serial("id").primaryKey(),
    event: jsonb("event").$type<OutboxEvent>().notNull(),
    /** Before this the drain leaves the row alone: the request's own delivery has a minute, a claimed one five. */
    runAfter: timestamp("run_after", { withTimezone: true, mode: "date" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /**
     * How far a fan-out delivered in chunks got: the last recipient (user id) it reached, advanced in the transaction
     * that wrote the chunk; null before the first chunk. A delivery that stopped resumes after it (community/notify.ts).
     */
    progress: integer("progress"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_events_run_after_idx").on(t.runAfter)],
);
