// Reading lookups: every reading endpoint (read, bookmarks, likes, comments, lists) finds a story through the story
// policy's read rule (policies/story.ts); anything it refuses answers exactly like a missing story (404).
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { notFound } from "../errors";
import { canRead, readableBy } from "./story";
import type { UserRow } from "../types";

/** What a reader is told for a story that is missing, unpublished or not theirs to see. */
export const STORY_NOT_PUBLISHED = "Story not found or not published";

/** Who is asking; null when signed out. */
export type Viewer = Pick<UserRow, "id" | "isPremium"> | null;

export interface ReadableFacts {
  published: boolean;
  rating: string;
  authorId: number;
  audience?: string;
  /**
   * Issue 33: an anonymous work's shared view (no author id in it): a signed-in viewer is asked the gate query, which
   * knows whether they see through it.
   */
  hidden?: boolean;
}

/** The read rule on a row already in hand (a cache can answer it from a built view's rating and authorId). */
export const mayRead = (story: ReadableFacts, viewer: Viewer): boolean => canRead(viewer, story);

export { readableBy };

/** Route ids are numbers; anything else is a story nobody can read: 404 with the reader's message. */
export function parseReadableStoryId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(STORY_NOT_PUBLISHED);
  return Number(raw);
}

export interface ReadableStory {
  id: number;
  authorId: number;
  rating: string;
  commentCount: number;
}

const readableColumns = {
  id: stories.id,
  authorId: stories.authorId,
  rating: stories.rating,
  commentCount: stories.commentCount,
};

export async function findReadableStory(db: Db, id: number, viewer: Viewer): Promise<ReadableStory | undefined> {
  const [row] = await db
    .select(readableColumns)
    .from(stories)
    .where(and(eq(stories.id, id), readableBy(viewer)))
    .limit(1);
  return row;
}

export async function getReadableStoryOrThrow(db: Db, id: number, viewer: Viewer): Promise<ReadableStory> {
  const story = await findReadableStory(db, id, viewer);
  if (!story) throw notFound(STORY_NOT_PUBLISHED);
  return story;
}

/**
 * Inside a transaction: the readable story's row, locked until the transaction ends. Every like, bookmark and
 * comment of one story takes this lock first, so their count updates (and a user's toggles) run one after another.
 */
export async function lockReadableStoryOrThrow(tx: Db, id: number, viewer: Viewer): Promise<ReadableStory> {
  const [row] = await tx
    .select(readableColumns)
    .from(stories)
    .where(and(eq(stories.id, id), readableBy(viewer)))
    .for("update")
    .limit(1);
  if (!row) throw notFound(STORY_NOT_PUBLISHED);
  return row;
}
