// Comments on a published story: plain text, oldest first, paged by id (ids rise with each insert, so "after this
// id" is a stable keyset even while new comments arrive). The story's comment_count moves in the same transaction.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { CommentsPage, CommentView } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { comments, stories, users } from "../db/schema";
import { AppError, forbidden, notFound } from "../errors";
import { createThrottle } from "../accounts/throttle";
import { lockReadableStoryOrThrow, mayRead, type ReadableStory, type Viewer } from "./visibility";

export const COMMENT_NOT_FOUND = "Comment not found";
export const COMMENT_DELETE_REFUSED = "You can only delete your own comments or comments on your stories";
export const COMMENT_LIMITS_PER_USER = { perMinute: 5, perDay: 100 } as const;
export const COMMENTING_TOO_FAST = "You're commenting too fast. Please wait a moment and try again.";
export const COMMENTS_DAILY_LIMIT = `You've reached today's limit of ${COMMENT_LIMITS_PER_USER.perDay} comments. Please try again tomorrow.`;

type Signed = NonNullable<Viewer>;

function presentComment(
  row: { id: number; content: string; createdAt: Date; authorId: number; username: string },
  storyAuthorId: number,
  viewer: Viewer,
): CommentView {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    author: { id: row.authorId, username: row.username },
    canDelete: viewer !== null && (viewer.id === row.authorId || viewer.id === storyAuthorId),
  };
}

/** The cursor is the last comment's id on the page; anything else is a 400. */
function cursorId(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,10}$/.test(cursor))
    throw new AppError(400, "VALIDATION", "Invalid cursor", { fields: { cursor: "Invalid cursor" } });
  return Number(cursor);
}

export async function listComments(
  db: Db,
  story: ReadableStory,
  viewer: Viewer,
  query: { cursor?: string; limit: number },
): Promise<CommentsPage> {
  const rows = await db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      authorId: comments.authorId,
      username: users.username,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.storyId, story.id), gt(comments.id, cursorId(query.cursor))))
    .orderBy(asc(comments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => presentComment(row, story.authorId, viewer)),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
    total: story.commentCount,
  };
}

/** 5 a minute and 100 a day per user; 429 with Retry-After (seconds in `retryAfter`) when either is used up. */
export async function takeCommentAllowanceOrThrow(db: Db, userId: number, now: () => Date): Promise<void> {
  const key = String(userId);
  const minute = createThrottle(db, "comment-minute", COMMENT_LIMITS_PER_USER.perMinute, 60_000, now);
  const day = createThrottle(db, "comment-day", COMMENT_LIMITS_PER_USER.perDay, 86_400_000, now);
  const refuse = async (throttle: typeof minute, message: string) => {
    const retryAfter = Math.max(1, Math.ceil((await throttle.retryAfterMs(key)) / 1000));
    return new AppError(429, "RATE_LIMITED", message, { retryAfter });
  };
  if (!(await minute.take(key))) throw await refuse(minute, COMMENTING_TOO_FAST);
  if (!(await day.take(key))) {
    await minute.refund(key);
    throw await refuse(day, COMMENTS_DAILY_LIMIT);
  }
}

export async function addComment(
  db: Db,
  storyId: number,
  viewer: Signed & { username: string },
  content: string,
  now: Date,
): Promise<CommentView> {
  return db.transaction(async (tx) => {
    const story = await lockReadableStoryOrThrow(tx, storyId, viewer);
    const [row] = await tx
      .insert(comments)
      .values({ storyId, authorId: viewer.id, content, createdAt: now })
      .returning();
    await tx
      .update(stories)
      .set({ commentCount: sql`${stories.commentCount} + 1` })
      .where(eq(stories.id, storyId));
    return presentComment({ ...row!, username: viewer.username }, story.authorId, viewer);
  });
}

/**
 * The comment's author and the story's author may delete it (even on a story no longer published: it is their
 * text or their page). Anyone else who can see the comment gets 403; one who cannot, 404. Answers the story's id.
 */
export async function deleteComment(db: Db, commentId: number, viewer: Signed): Promise<number> {
  const [found] = await db
    .select({
      storyId: comments.storyId,
      commentAuthorId: comments.authorId,
      authorId: stories.authorId,
      published: stories.published,
      rating: stories.rating,
    })
    .from(comments)
    .innerJoin(stories, eq(stories.id, comments.storyId))
    .where(eq(comments.id, commentId))
    .limit(1);
  if (!found) throw notFound(COMMENT_NOT_FOUND);
  if (viewer.id !== found.commentAuthorId && viewer.id !== found.authorId) {
    throw mayRead(found, viewer) ? forbidden(COMMENT_DELETE_REFUSED) : notFound(COMMENT_NOT_FOUND);
  }
  await db.transaction(async (tx) => {
    // NOTE: the same lock order as adding (story row first), and only a delete that removed the row counts.
    await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, found.storyId)).for("update");
    const removed = await tx.delete(comments).where(eq(comments.id, commentId)).returning({ id: comments.id });
    if (removed.length === 0) return;
    await tx
      .update(stories)
      .set({ commentCount: sql`greatest(${stories.commentCount} - 1, 0)` })
      .where(eq(stories.id, found.storyId));
  });
  return found.storyId;
}
