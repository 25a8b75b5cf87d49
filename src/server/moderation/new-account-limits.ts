// Limits on comments (issue 18), counted in the database so every instance shares them (accounts/throttle.ts):
// in its first 24 hours an account may post 10 comments an hour, and its comments with a link wait for a moderator
// (held); nobody may post the same text three times in an hour.
import type { Db } from "../db/client";
import { createThrottle } from "../accounts/throttle";
import { sha256 } from "../accounts/tokens";
import { AppError } from "../errors";

export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
export const NEW_ACCOUNT_COMMENTS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

export const SAME_COMMENT_REFUSED =
  "You've already posted this comment twice in the last hour. Please write something different.";
export const NEW_ACCOUNT_COMMENT_LIMIT = `New accounts can post up to ${NEW_ACCOUNT_COMMENTS_PER_HOUR} comments an hour during their first day. Please try again later.`;

/** A web address or a bare domain with a common ending (what spam links look like), not a sentence's full stop. */
const LINK = /(https?:\/\/|www\.|\b[a-z0-9-]{2,}\.(com|net|org|io|co|ru|cn|xyz|info|biz|ly|me|app|site|top|gg)\b)/i;

export const hasLink = (text: string) => LINK.test(text);

export const isNewAccount = (user: { createdAt: Date }, now: Date) =>
  now.getTime() - user.createdAt.getTime() < NEW_ACCOUNT_MS;

/** The same text: compared without case and spacing, so a changed capital or an extra space is the same comment. */
const textKey = (userId: number, content: string) =>
  `${userId}:${sha256(content.toLowerCase().replace(/\s+/g, " ").trim())}`;

/**
 * Counts the comment against the limits or refuses it (400 for a repeat, 429 with retryAfter for a new account's
 * hourly limit); answers whether the comment must be held for review.
 */
export async function checkCommentLimits(
  db: Db,
  user: { id: number; createdAt: Date },
  content: string,
  now: () => Date,
): Promise<{ held: boolean }> {
  const same = createThrottle(db, "comment-same-text", 2, HOUR_MS, now);
  if (!(await same.take(textKey(user.id, content)))) {
    throw new AppError(400, "DUPLICATE_COMMENT", SAME_COMMENT_REFUSED, { fields: { content: SAME_COMMENT_REFUSED } });
  }
  if (!isNewAccount(user, now())) return { held: false };
  const hourly = createThrottle(db, "comment-new-account", NEW_ACCOUNT_COMMENTS_PER_HOUR, HOUR_MS, now);
  const key = String(user.id);
  if (!(await hourly.take(key))) {
    const retryAfter = Math.max(1, Math.ceil((await hourly.retryAfterMs(key)) / 1000));
    throw new AppError(429, "RATE_LIMITED", NEW_ACCOUNT_COMMENT_LIMIT, { retryAfter });
  }
  return { held: hasLink(content) };
}
