// Notification fan-outs waiting to run (issue 17's durability gap): a row is written in the same transaction as
// the event it fans out (a comment, a publish, a follow, a like at a milestone), run right after the commit, and
// deleted once it has run. A process that dies in between leaves the row; the maintenance sweep runs it later.
import { index, integer, jsonb, pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** What a fan-out needs to run again: the kind of event and its ids (community/pending-fan-outs.ts). */
export type FanOutEvent =
  | { kind: "comment"; commentId: number }
  | { kind: "new_chapters"; storyId: number; chapters: number[] }
  | { kind: "new_story"; storyId: number }
  | { kind: "new_follower"; authorId: number; followerId: number }
  | { kind: "like_milestone"; storyId: number; likeCount: number; likerId: number };

export const pendingFanOuts = pgTable(
  "pending_fan_outs",
  {
    id: serial("id").primaryKey(),
    event: jsonb("event").$type<FanOutEvent>().notNull(),
    /** Before this the sweep leaves the row alone: the request's own run has a minute, a claimed run five. */
    runAfter: timestamp("run_after", { withTimezone: true, mode: "date" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("pending_fan_outs_run_after_idx").on(t.runAfter)],
);
