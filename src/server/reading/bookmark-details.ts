// Issue 30: a bookmark that says something. PUT /api/stories/{id}/bookmark bookmarks the work if it is not yet and
// sets its note, tags, rec and privacy, in one transaction behind the story's row lock like the toggle
// (toggle-mark.ts), so the work's count stays exact: it counts public bookmarks only (AO3 counts public ones, and
// 'N bookmarks' on the work's page must match the list 'Bookmarks of this work' shows).
import { and, eq, sql } from "drizzle-orm";
import type { BookmarkDetails, BookmarkState } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { bookmarks, stories } from "../db/schema";
import { stripControlChars } from "../content/sanitize-content";
import { lockReadableStoryOrThrow, type Viewer } from "../policies/visibility";
import { refuseIfBlockedOrThrow } from "../safety/blocks";
import { FEATURED, markUnits } from "./featured-score";

/** Tags as kept: trimmed, inner runs of white space made one space, the first spelling of each (any case) kept. */
export function normalizeBookmarkTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = stripControlChars(raw).replace(/\s+/g, " ").trim();
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      kept.push(tag);
    }
  }
  return kept;
}

/** A note as kept: plain text without control characters (other than line breaks and tabs), or null when blank. */
export function normalizeBookmarkNote(note: string | null | undefined): string | null | undefined {
  if (note === undefined) return undefined;
  const text = note === null ? "" : stripControlChars(note).trim();
  return text === "" ? null : text;
}

export async function saveBookmarkDetails(
  db: Db,
  storyId: number,
  viewer: NonNullable<Viewer>,
  details: BookmarkDetails,
  now: Date,
): Promise<BookmarkState> {
  const note = normalizeBookmarkNote(details.note);
  const tags = details.tags === undefined ? undefined : normalizeBookmarkTags(details.tags);
  return db.transaction(async (tx) => {
    const story = await lockReadableStoryOrThrow(tx, storyId, viewer);
    // What a bookmark says is seen by the work's author and, unless private, by everyone: refused, like a like, when
    // the author blocked the reader (the plain toggle is not).
    await refuseIfBlockedOrThrow(tx, [story.authorId], viewer.id);
    const mine = and(eq(bookmarks.storyId, storyId), eq(bookmarks.userId, viewer.id));
    const [before] = await tx.select({ private: bookmarks.private }).from(bookmarks).where(mine).limit(1);
    const changes = {
      ...(note !== undefined ? { note } : {}),
      ...(tags !== undefined ? { tags } : {}),
      ...(details.rec !== undefined ? { rec: details.rec } : {}),
      ...(details.private !== undefined ? { private: details.private } : {}),
      updatedAt: now,
    };
    let delta = 0;
    let units = 0;
    let row: typeof bookmarks.$inferSelect | undefined;
    if (before) {
      [row] = await tx.update(bookmarks).set(changes).where(mine).returning();
      delta = Number(before.private) - Number(row!.private);
    } else {
      [row] = await tx
        .insert(bookmarks)
        .values({ storyId, userId: viewer.id, createdAt: now, ...changes })
        .returning();
      delta = row!.private ? 0 : 1;
      units = markUnits(FEATURED.bookmarkWeight, now);
    }
    if (delta !== 0 || units !== 0) {
      await tx
        .update(stories)
        .set({
          bookmarkCount: sql`greatest(${stories.bookmarkCount} + ${delta}, 0)`,
          featuredScore: sql`${stories.featuredScore} + ${units}`,
        })
        .where(eq(stories.id, storyId));
    }
    return { bookmarked: true, note: row!.note, tags: row!.tags, rec: row!.rec, private: row!.private };
  });
}

/** The viewer's bookmark of a story they may read, with what it says. */
export async function bookmarkStateOf(db: Db, storyId: number, userId: number): Promise<BookmarkState> {
  const [row] = await db
    .select({ note: bookmarks.note, tags: bookmarks.tags, rec: bookmarks.rec, private: bookmarks.private })
    .from(bookmarks)
    .where(and(eq(bookmarks.storyId, storyId), eq(bookmarks.userId, userId)))
    .limit(1);
  return row ? { bookmarked: true, ...row } : { bookmarked: false };
}
