// Bookmarks, likes and comments. Writes need a signed-in user; reading a story's comments
// is open like the story itself. Every story-scoped call first applies visibility.ts: 404 for what the viewer
// may not read.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BookmarkDetails,
  BookmarkItem,
  BookmarksQuery,
  BookmarkState,
  CommentBody,
  CommentEdit,
  CommentsPage,
  CommentsQuery,
  CommentView,
  HiddenBookmarks,
  LaterItem,
  LaterState,
  LikeState,
  ParagraphCounts,
  ParagraphCountsQuery,
} from "../../shared/schemas/reading";
import { errors, NoContent, OPTIONAL_SIGN_IN, SIGNED_IN } from "../http/api-doc";
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

  app.get(
    "/api/bookmarks",
    {
      ...signedIn,
      schema: {
        summary: "List your saved stories, newest first",
        security: SIGNED_IN,
        querystring: BookmarksQuery,
        response: { 200: z.array(BookmarkItem) },
      },
    },
    async (request) => filterBookmarks(await bookmarksFor(request, requireUser(request)), request.query),
  );
  app.get(
    "/api/bookmarks/hidden",
    {
      ...signedIn,
      schema: {
        summary: "Count saved stories hidden because you block or mute their authors",
        security: SIGNED_IN,
        response: { 200: HiddenBookmarks },
      },
    },
    async (request) => countHiddenBookmarks(request.db, requireUser(request)),
  );

  const bookmarkState = { security: SIGNED_IN, params: IdParams, response: { 200: BookmarkState } };
  app.get(
    "/api/stories/:id/bookmark",
    {
      ...signedIn,
      schema: { summary: "Whether you bookmarked a work, and what your bookmark says", ...bookmarkState },
    },
    async (request) => {
      const user = requireUser(request);
      const story = await getReadableStoryOrThrow(request.db, parseReadableStoryId(request.params.id), user);
      return bookmarkStateOf(request.db, story.id, user.id);
    },
  );

  // Issue 30: bookmark with a note, tags, rec and privacy (the toggle below keeps working).
  app.put(
    "/api/stories/:id/bookmark",
    {
      ...signedIn,
      schema: {
        summary: "Bookmark a work with a note, tags, a rec or privacy",
        ...bookmarkState,
        body: BookmarkDetails,
      },
    },
    async (request) => {
      const id = parseReadableStoryId(request.params.id);
      const state = await saveBookmarkDetails(request.db, id, requireUser(request), request.body, now());
      await root.deps.events.emit("story.marked", { storyId: id, mark: "bookmark", durable: null });
      return state;
    },
  );

  app.get(
    "/api/me/later",
    {
      ...signedIn,
      schema: {
        summary: "List the works you marked for later, newest first",
        security: SIGNED_IN,
        response: { 200: z.array(LaterItem) },
      },
    },
    async (request) => listLater(request.db, requireUser(request)),
  );
  const laterState = { security: SIGNED_IN, params: IdParams, response: { 200: LaterState } };
  app.get(
    "/api/stories/:id/later",
    { ...signedIn, schema: { summary: "Whether you marked a work for later", ...laterState } },
    async (request) => {
      const user = requireUser(request);
      const story = await getReadableStoryOrThrow(request.db, parseReadableStoryId(request.params.id), user);
      return { later: await isMarkedForLater(request.db, story.id, user.id) };
    },
  );
  app.put(
    "/api/stories/:id/later",
    { ...signedIn, schema: { summary: "Mark a work for later", ...laterState } },
    async (request) => markForLater(request.db, parseReadableStoryId(request.params.id), requireUser(request), now()),
  );
  app.delete(
    "/api/stories/:id/later",
    { ...signedIn, schema: { summary: "Unmark a work for later", ...laterState } },
    async (request) => unmarkForLater(request.db, parseReadableStoryId(request.params.id), requireUser(request)),
  );

  app.post(
    "/api/stories/:id/bookmark",
    { ...signedIn, schema: { summary: "Bookmark a work, or remove its bookmark (a toggle)", ...bookmarkState } },
    async (request) => {
      const id = parseReadableStoryId(request.params.id);
      const { marked } = await toggleMark(request.db, "bookmark", id, requireUser(request), now());
      await root.deps.events.emit("story.marked", { storyId: id, mark: "bookmark", durable: null });
      return { bookmarked: marked } satisfies BookmarkState;
    },
  );

  app.post(
    "/api/stories/:id/like",
    {
      ...signedIn,
      schema: {
        summary: "Like a work, or take the like back (a toggle)",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: LikeState },
      },
    },
    async (request) => {
      const id = parseReadableStoryId(request.params.id);
      const user = requireUser(request);
      const { marked, count, fanOut } = await toggleMark(request.db, "like", id, user, now());
      await root.deps.events.emit("story.marked", { storyId: id, mark: "like", durable: fanOut ?? null });
      return { liked: marked, likeCount: count } satisfies LikeState;
    },
  );

  app.get(
    "/api/stories/:id/comments",
    {
      schema: {
        summary: "List a work's comments, oldest first (or one chapter's paragraph comments)",
        security: OPTIONAL_SIGN_IN,
        params: IdParams,
        querystring: CommentsQuery,
        response: { 200: CommentsPage },
      },
    },
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
    {
      schema: {
        summary: "Count the comments at each paragraph of a chapter",
        security: OPTIONAL_SIGN_IN,
        params: IdParams,
        querystring: ParagraphCountsQuery,
        response: { 200: ParagraphCounts },
      },
    },
    async (request) => {
      const story = await getReadableStoryOrThrow(request.db, parseReadableStoryId(request.params.id), request.user);
      return paragraphCounts(request.db, story, request.user, request.query.chapter);
    },
  );

  app.post(
    "/api/stories/:id/comments",
    {
      ...signedIn,
      schema: {
        summary: "Comment on a work, on one of its paragraphs, or reply to a comment",
        security: SIGNED_IN,
        params: IdParams,
        body: CommentBody,
        response: { 201: CommentView, ...errors(409) },
        "x-rate-limit":
          "5 per minute and 100 per day per user; 10 per hour for a new account; the same text at most twice an hour",
      },
    },
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
  app.patch(
    "/api/comments/:id",
    {
      ...signedIn,
      schema: {
        summary: "Edit your comment",
        security: SIGNED_IN,
        params: IdParams,
        body: CommentEdit,
        response: { 200: CommentView },
      },
    },
    async (request) => {
      const id = parseCommentId(request.params.id);
      return editComment(request.db, id, requireUser(request), commentText(request.body.content), now());
    },
  );

  app.delete(
    "/api/comments/:id",
    {
      ...signedIn,
      schema: {
        summary: "Delete a comment (yours, or one on your work)",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const commentId = parseCommentId(request.params.id);
      const storyId = await deleteComment(request.db, commentId, requireUser(request), now());
      await root.deps.events.emit("comment.deleted", { storyId, commentId });
      return reply.status(204).send(null);
    },
  );
}
