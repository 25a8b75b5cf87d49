// Who is in good standing (issue 18): a suspended or banned account's works and comments are hidden from everyone
// while the suspension lasts, and a story a moderator unpublished is hidden until restored. One place for the
// conditions every public read applies (reading/visibility.ts, Discover, the public pages, feeds, comments).
import { and, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { comments, stories } from "../db/schema";

/** A ban is a suspension to the far future: one column, one check everywhere. */
export const BANNED_UNTIL = new Date("9999-12-31T00:00:00.000Z");

export const isBan = (until: Date): boolean => until.getTime() >= BANNED_UNTIL.getTime();

export function isSuspended(user: { suspendedUntil: Date | null }, now: Date): boolean {
  return user.suspendedUntil !== null && user.suspendedUntil.getTime() > now.getTime();
}

/** "3 December 2026" (UTC): the day a suspension ends, as sign-in and notifications name it. */
export function formatEndDate(until: Date): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    until,
  );
}

/** The sign-in refusal, naming the end date (a ban: permanently). */
export function suspendedMessage(until: Date): string {
  return isBan(until)
    ? "This account has been banned permanently for breaking the community rules."
    : `This account is suspended until ${formatEndDate(until)} for breaking the community rules.`;
}

/**
 * The account with this id is not suspended now (the database's clock).
 * NOTE: a subquery on the users primary key rather than a join, so every caller can add it to its own WHERE.
 */
export function inGoodStanding(userId: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from users su where su.id = ${userId} and su.suspended_until > now())`;
}

/** A story readers may see as far as moderation goes: not unpublished by a moderator, its author not suspended. */
export function storyNotModerated(): SQL {
  return and(isNull(stories.moderationHiddenAt), inGoodStanding(stories.authorId))!;
}

/**
 * A comment others may see as far as moderation goes: visible (not held, not hidden) and its writer not suspended.
 * The writer also sees their own held comments (marked 'Awaiting review').
 */
export function commentShownTo(viewerId: number | null): SQL {
  const shown = and(sql`${comments.moderation} = 'visible'`, inGoodStanding(comments.authorId))!;
  if (viewerId === null) return shown;
  return sql`(${shown} or (${comments.authorId} = ${viewerId} and ${comments.moderation} = 'held'))`;
}
