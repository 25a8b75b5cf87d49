// Who is in good standing (issue 18): a suspended or banned account's works and comments are hidden from everyone
// while the suspension lasts, and a story a moderator unpublished is hidden until restored. One place for the
// conditions every public read applies (policies/visibility.ts, Discover, the public pages, feeds, comments).
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { comments, stories } from "../db/schema";

export { BANNED_UNTIL, formatEndDate, isBan, suspendedMessage } from "../../shared/suspension";

export function isSuspended(user: { suspendedUntil: Date | null }, now: Date): boolean {
  return user.suspendedUntil !== null && user.suspendedUntil.getTime() > now.getTime();
}

/**
 * The account with this id is not suspended now (the database's clock).
 * NOTE: a subquery on the users primary key rather than a join, so every caller can add it to its own WHERE.
 */
export function inGoodStanding(userId: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from users su where su.id = ${userId} and su.suspended_until > now())`;
}

/**
 * A story readers may see as far as moderation goes: not unpublished by a moderator, its author not suspended, and
 * (issue 33) not hidden in an unrevealed collection: every public list, page, feed and sitemap leaves those out (its
 * creators and maintainers read it through the read rule, policies/story.ts, and the collection's works route).
 */
export function storyNotModerated(): SQL {
  return and(isNull(stories.moderationHiddenAt), inGoodStanding(stories.authorId), eq(stories.unrevealed, false))!;
}

/** The columns the comment conditions read, of `comments` or of an alias of it (a parent, a reply). */
export interface CommentColumns {
  authorId: AnyPgColumn;
  moderation: AnyPgColumn;
}

/**
 * A comment others may see as far as moderation goes: visible (not held, not hidden) and its writer not suspended.
 * The writer also sees their own held comments (marked 'Awaiting review').
 */
export function commentShownTo(viewerId: number | null, c: CommentColumns = comments): SQL {
  const shown = and(sql`${c.moderation} = 'visible'`, inGoodStanding(c.authorId))!;
  if (viewerId === null) return shown;
  return sql`(${shown} or (${c.authorId} = ${viewerId} and ${c.moderation} = 'held'))`;
}
