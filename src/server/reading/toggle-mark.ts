// A reader's mark on a story (a like or a bookmark): one row per user and story, toggled, its count on the story
// kept exact. All in one transaction behind the story's row lock, so concurrent toggles (a double click, twenty
// tabs) run one after another: each flips the state the previous one left, none errs, none makes a duplicate.
import { and, eq, sql } from "drizzle-orm";
import { LIKE_MILESTONES } from "../../shared/schemas/community";
import { type RecordedEvent, recordEvent } from "../events/outbox";
import type { Db } from "../db/client";
import { bookmarks, likes, stories } from "../db/schema";
import { refuseIfBlockedOrThrow } from "../safety/blocks";
import { FEATURED, inWindow, markUnits } from "./featured-score";
import { lockReadableStoryOrThrow, type Viewer } from "../policies/visibility";

const MARKS = {
  like: { table: likes, count: stories.likeCount, countKey: "likeCount", weight: FEATURED.likeWeight },
  bookmark: {
    table: bookmarks,
    count: stories.bookmarkCount,
    countKey: "bookmarkCount",
    weight: FEATURED.bookmarkWeight,
  },
} as const;

export type MarkKind = keyof typeof MARKS;

export interface MarkState {
  marked: boolean;
  count: number;
  /** A like that reached a milestone: its author's notification, recorded with the like. */
  fanOut?: RecordedEvent;
}

export async function toggleMark(
  db: Db,
  kind: MarkKind,
  storyId: number,
  viewer: NonNullable<Viewer>,
  now: Date,
): Promise<MarkState> {
  const { table, count, countKey, weight } = MARKS[kind];
  return db.transaction(async (tx) => {
    const story = await lockReadableStoryOrThrow(tx, storyId, viewer);
    const mine = and(eq(table.storyId, storyId), eq(table.userId, viewer.id));
    // NOTE: a private bookmark (issue 30) is not in the work's count: taking it back takes nothing off.
    const counted = kind === "bookmark" ? sql<boolean>`not ${bookmarks.private}` : sql<boolean>`true`;
    const removed = await tx.delete(table).where(mine).returning({ id: table.id, createdAt: table.createdAt, counted });
    let delta = -removed.filter((mark) => mark.counted).length;
    // Featured moves at once: a new mark adds its units, a mark taken back takes off what it added (nothing once it
    // has left the window, which the hourly job has taken into account).
    let units = -removed
      .filter((mark) => inWindow(mark.createdAt, now))
      .reduce((sum, mark) => sum + markUnits(weight, mark.createdAt), 0);
    if (removed.length === 0) {
      // A like is refused when the story's author blocked the reader (taking a like back is not).
      if (kind === "like") await refuseIfBlockedOrThrow(tx, [story.authorId], viewer.id);
      // NOTE: the lock makes a conflict impossible; "do nothing" keeps it harmless should a writer skip the lock.
      const added = await tx
        .insert(table)
        .values({ storyId, userId: viewer.id, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: table.id });
      delta = added.length;
      units = added.length * markUnits(weight, now);
    }
    const [row] = await tx
      .update(stories)
      // NOTE: what is left after taking a mark off may be a rounding error of the sum (the units are large): a story
      // whose last mark is gone is at 0, not at a few hundredths of a unit.
      .set({
        [countKey]: sql`greatest(${count} + ${delta}, 0)`,
        featuredScore: sql`case when ${stories.featuredScore} + ${units} > ${Math.abs(units) * 1e-9}
          then ${stories.featuredScore} + ${units} else 0 end`,
      })
      .where(eq(stories.id, storyId))
      .returning({ count });
    const marked = removed.length === 0;
    const milestone = kind === "like" && marked && (LIKE_MILESTONES as readonly number[]).includes(row!.count);
    const event = { name: "story.like_milestone", storyId, likeCount: row!.count, likerId: viewer.id } as const;
    return { marked, count: row!.count, ...(milestone ? { fanOut: await recordEvent(tx, event, now) } : {}) };
  });
}

/** Whether the viewer has marked the story (the caller has checked it may read it). */
export async function hasMarked(db: Db, kind: MarkKind, storyId: number, userId: number): Promise<boolean> {
  const { table } = MARKS[kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.storyId, storyId), eq(table.userId, userId)))
    .limit(1);
  return row !== undefined;
}
