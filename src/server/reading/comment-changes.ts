// Changing a comment after it is posted: its author edits it; its author or the story's author deletes it. A
// comment with replies is not removed but erased to '[deleted]' so the thread stays readable; removing the last
// reply under such a placeholder removes the placeholder too.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { CommentView } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { comments, stories, users } from "../db/schema";
import { forbidden, notFound } from "../errors";
import {
  COMMENT_DELETE_REFUSED,
  COMMENT_EDIT_REFUSED,
  COMMENT_NOT_FOUND,
  commentColumns,
  presentComment,
} from "./comments";
import { paragraphsFor, presentAnchor } from "./paragraph-anchors";
import { authorizeOrThrow } from "../policies/authorize";
import { canDelete, canEdit } from "../policies/comment";
import type { Viewer } from "../policies/visibility";

type Signed = NonNullable<Viewer>;

async function findLiveComment(db: Db, commentId: number) {
  const [found] = await db
    .select({
      ...commentColumns,
      storyId: comments.storyId,
      storyAuthorId: stories.authorId,
      published: stories.published,
      rating: stories.rating,
    })
    .from(comments)
    .innerJoin(stories, eq(stories.id, comments.storyId))
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
    .limit(1);
  return found;
}

/**
 * Only its author edits a comment, and only while they may still read the story (a moderator's edit, issue 18, is
 * another path). Anyone else who can see the comment gets 403; one who cannot, 404.
 */
export async function editComment(
  db: Db,
  commentId: number,
  viewer: Signed,
  content: string,
  now: Date,
): Promise<CommentView> {
  const found = await findLiveComment(db, commentId);
  if (!found) throw notFound(COMMENT_NOT_FOUND);
  authorizeOrThrow(canEdit(viewer, found, { ...found, authorId: found.storyAuthorId }), {
    hidden: () => notFound(COMMENT_NOT_FOUND),
    forbidden: () => forbidden(COMMENT_EDIT_REFUSED),
  });
  const [row] = await db
    .update(comments)
    .set({ content, editedAt: now })
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
    .returning();
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  const comment = presentComment({ ...row, username: found.username }, found.storyAuthorId, viewer);
  return { ...comment, ...presentAnchor(row, await paragraphsFor(db, found.storyId, [row])) };
}

/** Removes a placeholder whose last reply is gone, then its parent if that is now an empty placeholder too. */
async function prunePlaceholders(tx: Db, parentId: number | null): Promise<void> {
  let next = parentId;
  while (next !== null) {
    const [removed] = await tx
      .delete(comments)
      .where(
        and(
          eq(comments.id, next),
          sql`${comments.deletedAt} is not null`,
          sql`not exists (select 1 from ${comments} c where c.parent_id = ${next})`,
        ),
      )
      .returning({ parentId: comments.parentId });
    next = removed ? removed.parentId : null;
  }
}

/**
 * The comment's author and the story's author may delete it (even on a story no longer published: it is their
 * text or their page). Anyone else who can see the comment gets 403; one who cannot, 404. Answers the story's id.
 */
export async function deleteComment(db: Db, commentId: number, viewer: Signed, now: Date): Promise<number> {
  const found = await findLiveComment(db, commentId);
  if (!found) throw notFound(COMMENT_NOT_FOUND);
  authorizeOrThrow(canDelete(viewer, found, { ...found, authorId: found.storyAuthorId }), {
    hidden: () => notFound(COMMENT_NOT_FOUND),
    forbidden: () => forbidden(COMMENT_DELETE_REFUSED),
  });
  await db.transaction(async (tx) => {
    // NOTE: the same lock order as adding (story row first), and only a change that hit a live row counts.
    await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, found.storyId)).for("update");
    const [reply] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.parentId, commentId))
      .limit(1);
    const live = and(eq(comments.id, commentId), isNull(comments.deletedAt));
    const columns = { id: comments.id, moderation: comments.moderation };
    const [changed] = reply
      ? await tx.update(comments).set({ content: "", deletedAt: now }).where(live).returning(columns)
      : await tx.delete(comments).where(live).returning(columns);
    if (!changed) return;
    if (!reply) await prunePlaceholders(tx, found.parentId);
    // A held or hidden comment was never counted (the count is what readers see), so its deletion leaves it.
    if (changed.moderation !== "visible") return;
    await tx
      .update(stories)
      .set({ commentCount: sql`greatest(${stories.commentCount} - 1, 0)` })
      .where(eq(stories.id, found.storyId));
  });
  return found.storyId;
}
