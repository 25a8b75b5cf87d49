// Reports (issue 18, section 1): a reader reports a story, a chapter, a comment or a person. The target must exist and
// be visible to the reporter now (else 404, as a missing one); one's own is a 400. One open report per reporter and
// target: a repeat is received again without a second row. The moderation queue (src/server/moderation) reads them.
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  REPORT_LIMITS,
  REPORT_SELF,
  REPORT_TARGET_NOT_FOUND,
  REPORTING_TOO_FAST,
  type ReportReason,
  type ReportTargetType,
} from "../../shared/schemas/safety";
import { createThrottle } from "../accounts/throttle";
import type { Db } from "../db/client";
import { comments, reports, stories, storyChapters, users } from "../db/schema";
import { AppError, notFound } from "../errors";
import { authorizeOrThrow } from "../policies/authorize";
import { canReport } from "../policies/user";
import { commentShownTo } from "../visibility/standing";
import { readableBy, type Viewer } from "../policies/visibility";
import { notHiddenFrom } from "./blocks";

type Signed = NonNullable<Viewer>;

interface Target {
  /** The stored target id: a story or comment id, "{storyId}:{n}", or the user's id (stable across renames). */
  id: string;
  userId: number;
}

const ID = /^\d{1,9}$/;
const CHAPTER = /^(\d{1,9}):(\d{1,5})$/;
const NAME = /^[\p{L}\p{N}_.-]{1,64}$/u;

async function readableStoryAuthor(db: Db, storyId: number, viewer: Signed): Promise<number | undefined> {
  const [row] = await db
    .select({ authorId: stories.authorId })
    .from(stories)
    .where(and(eq(stories.id, storyId), readableBy(viewer)))
    .limit(1);
  return row?.authorId;
}

/** The target as the reporter can see it now, or undefined (missing, removed, not readable, hidden from them). */
async function findTarget(db: Db, type: ReportTargetType, raw: string, viewer: Signed): Promise<Target | undefined> {
  if (type === "story") {
    if (!ID.test(raw)) return undefined;
    const authorId = await readableStoryAuthor(db, Number(raw), viewer);
    return authorId === undefined ? undefined : { id: String(Number(raw)), userId: authorId };
  }
  if (type === "chapter") {
    const match = CHAPTER.exec(raw);
    if (!match) return undefined;
    const [storyId, n] = [Number(match[1]), Number(match[2])];
    const [row] = await db
      .select({ authorId: stories.authorId })
      .from(storyChapters)
      .innerJoin(stories, eq(stories.id, storyChapters.storyId))
      .where(
        and(
          eq(storyChapters.storyId, storyId),
          eq(storyChapters.n, n),
          isNull(storyChapters.removedAt),
          readableBy(viewer),
        ),
      )
      .limit(1);
    return row ? { id: `${storyId}:${n}`, userId: row.authorId } : undefined;
  }
  if (type === "comment") {
    if (!ID.test(raw)) return undefined;
    const [row] = await db
      .select({ authorId: comments.authorId })
      .from(comments)
      .innerJoin(stories, eq(stories.id, comments.storyId))
      .where(
        and(
          eq(comments.id, Number(raw)),
          isNull(comments.deletedAt),
          readableBy(viewer),
          // Held or hidden by a moderator, or by a suspended writer: removed, as far as the reporter can tell.
          commentShownTo(viewer.id),
          // Hidden from the reporter (they block or mute its writer): not in their view, so not reportable.
          notHiddenFrom(viewer.id, comments.authorId),
        ),
      )
      .limit(1);
    return row ? { id: String(Number(raw)), userId: row.authorId } : undefined;
  }
  if (!NAME.test(raw)) return undefined;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, raw.toLowerCase()))
    .limit(1);
  return row ? { id: String(row.id), userId: row.id } : undefined;
}

/** 20 reports an hour per reporter, shared by every instance; 429 with Retry-After seconds in `retryAfter`. */
async function takeReportAllowanceOrThrow(db: Db, userId: number, now: () => Date): Promise<void> {
  const hour = createThrottle(db, "report-hour", REPORT_LIMITS.perHour, 3_600_000, now);
  if (await hour.take(String(userId))) return;
  const retryAfter = Math.max(1, Math.ceil((await hour.retryAfterMs(String(userId))) / 1000));
  throw new AppError(429, "RATE_LIMITED", REPORTING_TOO_FAST, { retryAfter });
}

/** Answers whether a new report was made (false: the same reporter's report on the target is still open). */
export async function createReport(
  db: Db,
  viewer: Signed,
  input: { targetType: ReportTargetType; targetId: string; reason: ReportReason; details: string },
  now: () => Date,
): Promise<boolean> {
  const target = await findTarget(db, input.targetType, input.targetId, viewer);
  if (!target) throw notFound(REPORT_TARGET_NOT_FOUND);
  // NOTE: the target was found through the read rules, so only reporting oneself is left for the policy to refuse.
  authorizeOrThrow(canReport(viewer, { id: target.userId }), {
    self: () => new AppError(400, "VALIDATION", REPORT_SELF),
  });
  const open = and(
    eq(reports.reporterId, viewer.id),
    eq(reports.targetType, input.targetType),
    eq(reports.targetId, target.id),
    eq(reports.kind, "report"),
    eq(reports.status, "open"),
  );
  // NOTE: a repeat is answered before the allowance, so pressing Send twice costs one report.
  const [existing] = await db.select({ id: reports.id }).from(reports).where(open).limit(1);
  if (existing) return false;
  await takeReportAllowanceOrThrow(db, viewer.id, now);
  const added = await db
    .insert(reports)
    .values({
      reporterId: viewer.id,
      targetType: input.targetType,
      targetId: target.id,
      targetUserId: target.userId,
      reason: input.reason,
      details: input.details,
      createdAt: now(),
    })
    // Two concurrent repeats: reports_open_once_key keeps one.
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return added.length > 0;
}
