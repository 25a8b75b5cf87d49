// The author's Feedback panel: every live comment on one's own story, newest first (keyset on id, descending), and
// how many the author has not seen. "Seen" is the highest comment id the panel has shown; the author's own comments
// never count.
import { commentShownTo } from "../visibility/standing";
import { and, desc, eq, gt, isNull, lt, max, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FeedbackPage, UnseenCounts } from "../../shared/schemas/feedback";
import type { Db } from "../db/client";
import { comments, feedbackSeen, stories, users } from "../db/schema";
import { notFound } from "../errors";
import { editableBy } from "../policies/story";
import { STORY_NOT_FOUND } from "../stories/story-queries";
import { notHiddenFrom } from "../safety/blocks";
import { commentColumns, cursorId, presentComment } from "./comments";
import { paragraphsFor, presentAnchor } from "./paragraph-anchors";

type Author = { id: number; isPremium: boolean };

/** The story, if the user wrote it (published or not: comments outlive unpublishing). */
export async function getOwnStoryIdOrThrow(db: Db, storyId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), editableBy(userId)))
    .limit(1);
  if (!row) throw notFound(STORY_NOT_FOUND);
  return row.id;
}

const seenThrough = (storyId: number, userId: number) =>
  sql`coalesce((select ${feedbackSeen.seenThroughId} from ${feedbackSeen} where ${feedbackSeen.storyId} = ${storyId} and ${feedbackSeen.userId} = ${userId}), 0)`;

async function countUnseen(db: Db, storyId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(
      and(
        eq(comments.storyId, storyId),
        ne(comments.authorId, userId),
        isNull(comments.deletedAt),
        commentShownTo(userId),
        gt(comments.id, seenThrough(storyId, userId)),
        notHiddenFrom(userId, comments.authorId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Whom a reply answers, as the reader's thread draws it: the writer's name, or the placeholder the author sees in
 * its place ('[deleted]', or '[hidden]' for a comment held, hidden by a moderator, by a suspended writer, or by
 * someone the author blocks or mutes), never the name behind a hidden one.
 */
function replyTo(row: {
  parentId: number | null;
  replyTo: string | null;
  parentDeletedAt: Date | null;
  parentShown: boolean | null;
}) {
  if (row.parentId === null || row.replyTo === null) return null;
  if (row.parentDeletedAt !== null) return { username: "[deleted]" };
  return { username: row.parentShown ? row.replyTo : "[hidden]" };
}

const parents = alias(comments, "parent");
const parentAuthors = alias(users, "parent_author");

export async function listFeedback(
  db: Db,
  storyId: number,
  author: Author,
  query: { cursor?: string; limit: number },
): Promise<FeedbackPage> {
  const rows = await db
    .select({
      ...commentColumns,
      replyTo: parentAuthors.username,
      parentDeletedAt: parents.deletedAt,
      // Whether the author may read the answered comment (moderation, their own blocks and mutes), in the same row.
      parentShown: sql<boolean>`${and(commentShownTo(author.id, parents), notHiddenFrom(author.id, parents.authorId))}`,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .leftJoin(parents, eq(parents.id, comments.parentId))
    .leftJoin(parentAuthors, eq(parentAuthors.id, parents.authorId))
    .where(
      and(
        eq(comments.storyId, storyId),
        isNull(comments.deletedAt),
        commentShownTo(author.id),
        lt(comments.id, cursorId(query.cursor, 2_147_483_647)),
        notHiddenFrom(author.id, comments.authorId),
      ),
    )
    .orderBy(desc(comments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  // Issue 31: a paragraph comment comes with its paragraph's first words and where that paragraph is now.
  const paragraphs = await paragraphsFor(db, storyId, page);
  return {
    items: page.map((row) => ({
      ...presentComment(row, author.id, author),
      ...presentAnchor(row, paragraphs),
      replyTo: replyTo(row),
    })),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
    unseen: await countUnseen(db, storyId, author.id),
  };
}

/** Moves the seen mark up to `throughId`, never past the story's newest comment and never back. */
export async function markFeedbackSeen(db: Db, storyId: number, userId: number, throughId: number): Promise<void> {
  const [newest] = await db
    .select({ id: max(comments.id) })
    .from(comments)
    .where(eq(comments.storyId, storyId));
  const through = Math.min(throughId, newest?.id ?? 0);
  if (through <= 0) return;
  await db
    .insert(feedbackSeen)
    .values({ storyId, userId, seenThroughId: through })
    .onConflictDoUpdate({
      target: [feedbackSeen.storyId, feedbackSeen.userId],
      set: { seenThroughId: sql`greatest(${feedbackSeen.seenThroughId}, excluded.seen_through_id)` },
    });
}

/** Unseen comments on each of the user's stories, in one grouped query (stories with none are left out). */
export async function unseenCounts(db: Db, userId: number): Promise<UnseenCounts> {
  const rows = await db
    .select({ storyId: comments.storyId, n: sql<number>`count(*)::int` })
    .from(comments)
    .innerJoin(stories, eq(stories.id, comments.storyId))
    .leftJoin(feedbackSeen, and(eq(feedbackSeen.storyId, stories.id), eq(feedbackSeen.userId, userId)))
    .where(
      and(
        editableBy(userId),
        ne(comments.authorId, userId),
        isNull(comments.deletedAt),
        commentShownTo(userId),
        gt(comments.id, sql`coalesce(${feedbackSeen.seenThroughId}, 0)`),
        notHiddenFrom(userId, comments.authorId),
      ),
    )
    .groupBy(comments.storyId);
  return { counts: Object.fromEntries(rows.map((r) => [String(r.storyId), r.n])) };
}
