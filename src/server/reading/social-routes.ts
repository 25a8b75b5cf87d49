// Bookmarks, likes and comments. Writes need a signed-in user; reading a story's comments
// is open like the story itself. Every story-scoped call first applies visibility.ts: 404 for what the viewer
// may not read.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BookmarkDetails,
  BookmarksQuery,
  CommentBody,
  CommentEdit,
  CommentsQuery,
  ParagraphCountsQuery,
} from "../../shared/schemas/reading";
import type { BookmarkState, LikeState } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { requireUser, requireUserHook } from "../accounts/guards";
import { AppError, notFound } from "../errors";
import { blockersAmong, writeUnavailable } from "../safety/blocks";
import { authorizeOrThrow } from "../policies/authorize";
import { canComment } from "../policies/story";
import { checkCommentLimits } from "../moderation/new-account-limits";
import { stripControlChars } from "../content/sanitize-content";
import { bookmarkStateOf, saveBookmarkDetails } from "./bookmark-details";
import { bookmarksFor, countHiddenBookmarks, filterBookmarks } from "./bookmarks";
import { isMarkedForLater, listLater, markForLater, unmarkForLater } from "./later";
import { deleteComment, editComment } from "./comment-changes";
import {
  addComment,
  COMMENT_NOT_FOUND,
  checkReplyTargetOrThrow,
  listComments,
  takeCommentAllowanceOrThrow,
} from "./comments";
import { toggleMark } from "./toggle-mark";
import { placeAnchorOrThrow, REPLY_TAKES_PARENT_ANCHOR, type StoredAnchor, storyParagraphs } from "./paragraph-anchors";
import { listParagraphComments, paragraphCounts } from "./paragraph-comments";
import { getReadableStoryOrThrow, parseReadableStoryId } from "../policies/visibility";

const IdParams = z.object({ id: z.string() });
const signedIn = { onRequest: requireUserHook };

/** Copies a 429's retryAfter into the Retry-After header before the error handler answers it. */
function withRetryAfter(reply: FastifyReply, error: unknown): never {
  if (error instanceof AppError && typeof error.extra.retryAfter === "number") {
    reply.header("retry-after", String(error.extra.retryAfter));
  }
  throw error;
}

/** Plain text as stored: control characters (other than line breaks and tabs) removed, then the rules again. */
const commentText = (content: string) => CommentEdit.parse({ content: stripControlChars(content) }).content;

function parseCommentId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(COMMENT_NOT_FOUND);
  return Number(raw);
}

/**
 * A paragraph comment's anchor, checked (like the story and the parent) before the allowance is taken: a bad anchor
 * costs no comment. A reply sends none: it is on its parent's paragraph (addComment copies it).
 */
async function anchorOfNewComment(db: Db, storyId: number, body: CommentBody): Promise<StoredAnchor | undefined> {
  if (!body.anchor) return undefined;
  if (body.parentId !== undefined)
    throw new AppError(400, "VALIDATION", REPLY_TAKES_PARENT_ANCHOR, { fields: { anchor: REPLY_TAKES_PARENT_ANCHOR } });
  return placeAnchorOrThrow(await storyParagraphs(db, storyId), body.anchor);
}

export async function socialRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();

  app.get("/api/bookmarks", { ...signedIn, schema: { querystring: BookmarksQuery } }, async (request) =>
    filterBookmarks(await bookmarksFor(request, requireUser(request)), request.query),
  );
  app.get("/api/bookmarks/hidden", signedIn, async (request) => countHiddenBookmarks(request.db, requireUser(request)));

  app.get("/api/stories/:id/bookmark", { ...signedIn, schema: { params: IdParams } }, async (request) => {
    const user = requireUser(request);
    const story = await getReadableStoryOrThrow(request.db, parseReadableStoryId(request.params.id), user);
    return bookmarkStateOf(request.db, story.id, user.id);
  });

  // Issue 30: bookmark with a note, tags, rec and privacy (the toggle below keeps working).
  app.put(
    "/api/stories/:id/bookmark",
    { ...signedIn, schema: { params: IdParams, body: BookmarkDetails } },
    async (request) => {
      const id = parseReadableStoryId(request.params.id);
      const state = await saveBookmarkDetails(request.db, id, requireUser(request), request.body, now());
      await root.deps.events.emit("story.marked", { storyId: id, mark: "bookmark", durable: null });
      return state;
    },
  );

  app.get("/api/me/later", signedIn, async (request) => listLater(request.db, requireUser(request)));
  app.get("/api/stories/:id/later", { ...signedIn, schema: { params: IdParams } }, async (request) => {
    const user = requireUser(request);
    const story = await getReadableStoryOrThrow(request.db, parseReadableStoryId(request.params.id), user);
    return { later: await isMarkedForLater(request.db, story.id, user.id) };
  });
  app.put("/api/stories/:id/later", { ...signedIn, schema: { params: IdParams } }, async (request) =>
    markForLater(request.db, parseReadableStoryId(request.params.id), requireUser(request), now()),
  );
  app.delete("/api/stories/:id/later", { ...signedIn, schema: { params: IdParams } }, async (request) =>
    unmarkForLater(request.db, parseReadableStoryId(request.params.id), requireUser(request)),
  );

  app.post("/api/stories/:id/bookmark", { ...signedIn, schema: { params: IdParams } }, async (request) => {
    const id = parseReadableStoryId(request.params.id);
    const { marked } = await toggleMark(request.db, "bookmark", id, requireUser(request), now());
    await root.deps.events.emit("story.marked", { storyId: id, mark: "bookmark", durable: null });
    return { bookmarked: marked } satisfies BookmarkState;
  });

  app.post("/api/stories/:id/like", { ...signedIn, schema: { params: IdParams } }, async (request) => {
    const id = parseReadableStoryId(request.params.id);
    const user = requireUser(request);
    const { marked, count, fanOut } = await toggleMark(request.db, "like", id, user, now());
    await root.deps.events.emit("story.marked", { storyId: id, mark: "like", durable: fanOut ?? null });
    return { liked: marked, likeCount: count } satisfies LikeState;
  });

  app.get(
    "/api/stories/:id/comments",
    { schema: { params: IdParams, querystring: CommentsQuery } },
    async (request) => {
      const story = await getReadableStoryOrThrow(request.db, parseReadableStoryId(request.params.id), request.user);
      const { chapter, ...page } = request.query;
      if (chapter === undefined && page.paragraph !== undefined)
        throw new AppError(400, "VALIDATION", "A paragraph needs its chapter", { fields: { chapter: "Required" } });
      // Issue 31: `chapter` (and `paragraph`) narrow the list to that chapter's paragraph comments.
      if (chapter !== undefined) return listParagraphComments(request.db, story, request.user, { ...page, chapter });
      return listComments(request.db, story, request.user, page);
    },
  );

  app.get(
    "/api/stories/:id/paragraph-comments",
    { schema: { params: IdParams, querystring: ParagraphCountsQuery } },
    async (request) => {
      const story = await getReadableStoryOrThrow(request.db, parseReadableStoryId(request.params.id), request.user);
      return paragraphCounts(request.db, story, request.user, request.query.chapter);
    },
  );

  app.post(
    "/api/stories/:id/comments",
    { ...signedIn, schema: { params: IdParams, body: CommentBody } },
    async (request, reply) => {
      const user = requireUser(request);
      const id = parseReadableStoryId(request.params.id);
      const { parentId } = request.body;
      // NOTE: checked before the allowance, so asking about stories (or comments) one may not read costs no comment.
      const story = await getReadableStoryOrThrow(request.db, id, user);
      const parent = await checkReplyTargetOrThrow(request.db, id, parentId, user.id);
      // A story's author or the answered comment's author who blocked the writer: the neutral 403 (safety/blocks.ts).
      const blocks = await blockersAmong(request.db, [story.authorId, ...(parent ? [parent.authorId] : [])], user.id);
      authorizeOrThrow(canComment(user, { ...story, published: true }, blocks), { blocked: writeUnavailable });
      const anchor = await anchorOfNewComment(request.db, id, request.body);
      await takeCommentAllowanceOrThrow(request.db, user.id, now).catch((error) => withRetryAfter(reply, error));
      const content = commentText(request.body.content);
      // Issue 18: the same text a third time in an hour is refused; a new account's link waits for a moderator.
      const { held } = await checkCommentLimits(request.db, user, content, now).catch((error) =>
        withRetryAfter(reply, error),
      );
      // A held comment notifies nobody until a moderator approves it (moderation/routes.ts): it records no fan-out.
      const { comment, fanOut } = await addComment(request.db, id, user, { content, parentId, held, anchor }, now());
      await root.deps.events.emit("comment.created", { storyId: id, commentId: comment.id, durable: fanOut });
      return reply.status(201).send(comment);
    },
  );

  // Comments are not in the read cache; an edit changes no count, so it invalidates nothing.
  app.patch("/api/comments/:id", { ...signedIn, schema: { params: IdParams, body: CommentEdit } }, async (request) => {
    const id = parseCommentId(request.params.id);
    return editComment(request.db, id, requireUser(request), commentText(request.body.content), now());
  });

  app.delete("/api/comments/:id", { ...signedIn, schema: { params: IdParams } }, async (request, reply) => {
    const commentId = parseCommentId(request.params.id);
    const storyId = await deleteComment(request.db, commentId, requireUser(request), now());
    await root.deps.events.emit("comment.deleted", { storyId, commentId });
    return reply.status(204).send();
  });
}
