// Comments on a published story: plain text, oldest first, paged by id (ids rise with each insert, so "after this
// id" is a stable keyset even while new comments arrive, and a reply always comes after the comment it answers).
// The story's comment_count moves in the same transaction: it counts the live comments every reader may see (not held,
// not hidden by a moderator; moderation/actions.ts moves it too). Editing and deleting live in comment-changes.ts.
import { ANONYMOUS_CREATOR, madeBy, storyAlias } from "../policies/anonymity";
import { and, asc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { CommentsPage, CommentView } from "../../shared/schemas/reading";
import { type RecordedEvent, recordEvent } from "../events/outbox";
import type { Db } from "../db/client";
import { comments, stories, users } from "../db/schema";
import { AppError, notFound } from "../errors";
import { createThrottle } from "../accounts/throttle";
import { lockReadableStoryOrThrow, type ReadableStory, type Viewer } from "../policies/visibility";
import { hidesAnyone } from "../safety/blocks";
import { type CommentColumns, commentShownTo } from "../visibility/standing";
import { type AnchorColumns, paragraphsFor, presentAnchor, type StoredAnchor } from "./paragraph-anchors";

export const COMMENT_NOT_FOUND = "Comment not found";
export const COMMENT_DELETE_REFUSED = "You can only delete your own comments or comments on your stories";
export const COMMENT_EDIT_REFUSED = "You can only edit your own comments";
export const COMMENT_LIMITS_PER_USER = { perMinute: 5, perDay: 100 } as const;
export const COMMENTING_TOO_FAST = "You're commenting too fast. Please wait a moment and try again.";
export const COMMENTS_DAILY_LIMIT = `You've reached today's limit of ${COMMENT_LIMITS_PER_USER.perDay} comments. Please try again tomorrow.`;

type Signed = NonNullable<Viewer>;

export const commentColumns = {
  id: comments.id,
  content: comments.content,
  createdAt: comments.createdAt,
  authorId: comments.authorId,
  username: users.username,
  parentId: comments.parentId,
  editedAt: comments.editedAt,
  deletedAt: comments.deletedAt,
  moderation: comments.moderation,
  anchorChapter: comments.anchorChapter,
  anchorParagraph: comments.anchorParagraph,
  anchorQuote: comments.anchorQuote,
  // Issue 33: written by a creator of an anonymous work: 'Anonymous', with no id, to everyone but its writer.
  byHiddenCreator: sql<boolean>`exists (select 1 from stories acs where acs.id = ${comments.storyId} and acs.anonymous
    and ${madeBy(storyAlias("acs"), sql`${comments.authorId}`)})`,
};

export interface CommentRow {
  id: number;
  content: string;
  createdAt: Date;
  authorId: number;
  username: string;
  parentId: number | null;
  editedAt: Date | null;
  deletedAt: Date | null;
  moderation: string;
  anchorChapter?: number | null;
  anchorParagraph?: number | null;
  anchorQuote?: string | null;
  byHiddenCreator?: boolean;
}

/**
 * A deleted comment kept for its replies shows neither its text nor who wrote it ('[deleted]'); neither does one kept
 * for its replies that this viewer may not see (`shown` false: held, hidden by a moderator, its writer suspended,
 * blocked or muted), drawn as '[hidden]'. Both are placeholders: `deleted` true, nothing to reply to, edit or delete.
 */
export function presentComment(row: CommentRow, storyAuthorId: number, viewer: Viewer, shown = true): CommentView {
  const hidden = !shown && row.deletedAt === null;
  const deleted = row.deletedAt !== null || hidden;
  const mine = viewer !== null && viewer.id === row.authorId;
  return {
    id: row.id,
    content: deleted ? "" : row.content,
    createdAt: row.createdAt.toISOString(),
    author: deleted
      ? null
      : row.byHiddenCreator && !mine
        ? { id: null, username: ANONYMOUS_CREATOR }
        : { id: row.authorId, username: row.username },
    parentId: row.parentId,
    byStoryAuthor: !deleted && row.authorId === storyAuthorId,
    editedAt: deleted ? null : (row.editedAt?.toISOString() ?? null),
    deleted,
    ...(hidden ? { hidden: true } : {}),
    canDelete: !deleted && viewer !== null && (mine || viewer.id === storyAuthorId),
    canEdit: !deleted && mine,
    awaitingReview: !deleted && row.moderation === "held",
  };
}

/** The cursor is the last comment's id on the page; anything else is a 400. */
export function cursorId(cursor: string | undefined, none = 0): number {
  if (cursor === undefined) return none;
  if (!/^\d{1,10}$/.test(cursor))
    throw new AppError(400, "VALIDATION", "Invalid cursor", { fields: { cursor: "Invalid cursor" } });
  return Number(cursor);
}

/**
 * Blocks and mutes on a story's comments, as one anti-join: a comment by someone the story's author blocked is hidden
 * from everyone but its writer (signed out too); a signed-in viewer also never sees the comments of people they block
 * or mute. `writer` is the author column of `comments` or of an alias of it.
 */
function visibleComment(story: ReadableStory, viewer: Viewer, writer: AnyPgColumn): SQL {
  const byAuthor = sql`hb.user_id = ${story.authorId} and hb.kind = 'block'`;
  const who = !viewer
    ? byAuthor
    : viewer.id === story.authorId
      ? sql`hb.user_id = ${viewer.id}`
      : sql`((${byAuthor} and ${writer} <> ${viewer.id}) or hb.user_id = ${viewer.id})`;
  return sql`not exists (select 1 from user_blocks hb where hb.other_id = ${writer} and ${who})`;
}

/** What this viewer may read of a comment (of `comments` or an alias): moderation, suspensions, blocks and mutes. */
export function shownTo(story: ReadableStory, viewer: Viewer, c: CommentColumns): SQL {
  return and(commentShownTo(viewer?.id ?? null, c), visibleComment(story, viewer, c.authorId))!;
}

const replies = alias(comments, "shown_reply");

/**
 * The comment has a reply, at any depth, that this viewer may read and that is not deleted: a comment deleted or not
 * shown to the viewer stays in the list as a placeholder only then, so its replies keep their place in the thread.
 * NOTE: the OR in listComments tries the plain rule first, so only those rows walk down (on the parent_id index),
 * and the walk stops at the first shown reply.
 */
export function hasShownReply(story: ReadableStory, viewer: Viewer): SQL {
  return sql`exists (
    with recursive below(id) as (
      select r.id from comments r where r.parent_id = ${comments.id}
      union all
      select r.id from comments r join below b on r.parent_id = b.id
    )
    select 1 from below b join comments "shown_reply" on ${replies.id} = b.id
    where ${replies.deletedAt} is null and ${shownTo(story, viewer, replies)}
  )`;
}

/**
 * For a viewer who blocks or mutes people: the live comments they see, and how many live comments are left out for
 * being by someone they block or mute, so the heading's count matches the list and the list can say what it hides.
 */
async function countsForHidingViewer(db: Db, story: ReadableStory, viewer: Signed) {
  const byHidden = sql`exists (select 1 from user_blocks vb where vb.user_id = ${viewer.id} and vb.other_id = ${comments.authorId})`;
  const [row] = await db
    .select({
      shown: sql<number>`count(*) filter (where ${shownTo(story, viewer, comments)})`,
      hidden: sql<number>`count(*) filter (where ${byHidden} and ${commentShownTo(null, comments)})`,
    })
    .from(comments)
    .where(and(eq(comments.storyId, story.id), isNull(comments.deletedAt)));
  return { total: Number(row?.shown ?? 0), hidden: Number(row?.hidden ?? 0) };
}

/**
 * Oldest first. A comment the viewer may not see (held, hidden, by a suspended, blocked or muted writer) and a
 * deleted one are left out, unless a reply below them is shown: then they come as placeholders ('[hidden]',
 * '[deleted]'), never with their text. `total` is the story's comment_count: the comments every reader may see
 * (live and visible), except for a viewer who blocks or mutes anyone: theirs is counted for them, with
 * `hiddenByYou` saying how many of the story's comments their blocks and mutes leave out.
 */
export async function listComments(
  db: Db,
  story: ReadableStory,
  viewer: Viewer,
  query: { cursor?: string; limit: number },
): Promise<CommentsPage> {
  const shown = shownTo(story, viewer, comments);
  const rows = await db
    .select({ ...commentColumns, shown: sql<boolean>`${shown}` })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        eq(comments.storyId, story.id),
        gt(comments.id, cursorId(query.cursor)),
        or(and(isNull(comments.deletedAt), shown), hasShownReply(story, viewer)),
      ),
    )
    .orderBy(asc(comments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const counts =
    viewer && (await hidesAnyone(db, viewer.id)) ? await countsForHidingViewer(db, story, viewer) : undefined;
  const paragraphs = await paragraphsFor(db, story.id, page);
  return {
    items: page.map((row) => ({
      ...presentComment(row, story.authorId, viewer, row.shown),
      ...presentAnchor(row, paragraphs),
    })),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
    total: counts?.total ?? story.commentCount,
    ...(counts && counts.hidden > 0 ? { hiddenByYou: counts.hidden } : {}),
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

/**
 * A reply's parent: a live comment of the same story that moderation lets the replier see (a held or hidden one is
 * a '[hidden]' placeholder, like '[deleted]' nothing to reply to). A comment of another story, a deleted or hidden
 * one or one that never was are all the same 404, so ids of other stories' comments tell nothing.
 */
export async function checkReplyTargetOrThrow(
  db: Db,
  storyId: number,
  parentId: number | undefined,
  replierId: number,
): Promise<({ authorId: number } & AnchorColumns) | undefined> {
  if (parentId === undefined) return undefined;
  const [parent] = await db
    .select({
      authorId: comments.authorId,
      anchorChapter: comments.anchorChapter,
      anchorParagraph: comments.anchorParagraph,
      anchorQuote: comments.anchorQuote,
    })
    .from(comments)
    .where(
      and(
        eq(comments.id, parentId),
        eq(comments.storyId, storyId),
        isNull(comments.deletedAt),
        commentShownTo(replierId),
      ),
    )
    .limit(1);
  if (!parent) throw notFound(COMMENT_NOT_FOUND);
  return parent;
}

export async function addComment(
  db: Db,
  storyId: number,
  viewer: Signed & { username: string },
  /** A paragraph comment's anchor, placed by the route; a reply's is its parent's, read here under the lock. */
  input: { content: string; parentId?: number; held?: boolean; anchor?: StoredAnchor },
  now: Date,
): Promise<{ comment: CommentView; fanOut: RecordedEvent | null }> {
  return db.transaction(async (tx) => {
    const story = await lockReadableStoryOrThrow(tx, storyId, viewer);
    // NOTE: again under the story's lock, which deleting takes too: the parent cannot vanish before the insert.
    const parent = await checkReplyTargetOrThrow(tx, storyId, input.parentId, viewer.id);
    const anchor = parent
      ? { chapter: parent.anchorChapter, paragraph: parent.anchorParagraph, quote: parent.anchorQuote }
      : input.anchor;
    const [row] = await tx
      .insert(comments)
      .values({
        storyId,
        authorId: viewer.id,
        content: input.content,
        parentId: input.parentId ?? null,
        moderation: input.held ? "held" : "visible",
        createdAt: now,
        anchorChapter: anchor?.chapter ?? null,
        anchorParagraph: anchor?.paragraph ?? null,
        anchorQuote: anchor?.quote ?? null,
      })
      .returning();
    // A held comment is not counted until a moderator approves it (moderation/actions.ts): the count is what readers see.
    if (!input.held) {
      await tx
        .update(stories)
        .set({ commentCount: sql`${stories.commentCount} + 1` })
        .where(eq(stories.id, storyId));
    }
    const fanOut = input.held ? null : await recordEvent(tx, { name: "comment.created", commentId: row!.id }, now);
    const comment = presentComment({ ...row!, username: viewer.username }, story.authorId, viewer);
    const paragraphs = await paragraphsFor(tx, storyId, [row!]);
    return { comment: { ...comment, ...presentAnchor(row!, paragraphs) }, fanOut };
  });
}
