// A moderator's decision on one target, in one transaction: the change, the audit entry, the target's open reports
// (and appeals) closed, and the notifications to the person acted on and to the reporters. What must reach other
// parts of the app after the commit (the read cache, a held comment's notifications) is answered as `effects`.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { ActionResult, ModerationActionBody, ModerationTargetType } from "../../shared/schemas/moderation";
import { SUSPENSION_DAYS_RULE } from "../../shared/schemas/moderation";
import type { Db } from "../db/client";
import { comments, notifications, reports, sessions, stories, users } from "../db/schema";
import { AppError, forbidden, notFound } from "../errors";
import { rateStory } from "../stories/story-rating";
import type { UserRow } from "../types";
import { appendAudit } from "./audit";
import { roleOf } from "./roles";
import { BANNED_UNTIL, isSuspended } from "../visibility/standing";
import { type ResolvedTarget, resolveTarget } from "./targets";
import { sessionsChanged } from "../accounts/session-cache";

export const TARGET_GONE = "That target no longer exists";
const DAY_MS = 86_400_000;

const badRequest = (message: string, field?: string) =>
  new AppError(400, "VALIDATION", message, field ? { fields: { [field]: message } } : {});

export interface ActionEffects {
  /** Stories whose cached views must go (their read view, public page and every Discover list). */
  storyIds: number[];
  /** A suspended, banned or restored author: all their published stories and author pages. */
  authorId: number | null;
  /** A held comment a moderator approved: its notifications go out now. */
  approvedCommentId: number | null;
}

export async function moderate(
  db: Db,
  actor: UserRow,
  body: ModerationActionBody,
  now: Date,
): Promise<{ result: ActionResult; effects: ActionEffects }> {
  const done = await db.transaction(async (tx) => {
    const target = await resolveTarget(tx, body.targetType, body.targetId);
    if (!target && body.action !== "dismiss") throw notFound(TARGET_GONE);
    const effects: ActionEffects = { storyIds: [], authorId: null, approvedCommentId: null };
    const applied = target
      ? await apply(tx, actor, body, target, now, effects)
      : { targetType: body.targetType, targetId: body.targetId, details: {}, notifyOwner: false };
    const ownerId = target?.ownerId ?? null;
    const auditId = await appendAudit(tx, {
      actorId: actor.id,
      actorName: actor.username,
      action: body.action,
      targetType: applied.targetType,
      targetId: applied.targetId,
      targetUserId: ownerId,
      reason: body.reason,
      details: { ...applied.details, label: target?.label ?? null },
      at: now,
    });
    const closed = await closeReports(tx, actor.id, body, applied, now);
    const appealed = closed.some((r) => r.kind === "appeal");
    // The person acted on hears of it, and so does an appellant whose appeal was turned down (a dismiss).
    const ownerHears = ownerId !== null && ownerId !== actor.id && (applied.notifyOwner || appealed);
    const reporters = [
      ...new Set(closed.filter((r) => r.kind === "report" && r.reporterId !== null).map((r) => r.reporterId as number)),
    ].filter((id) => id !== ownerId);
    const rows = [
      ...(ownerHears ? [{ userId: ownerId, type: "moderation_action", dedupeKey: `moderation:${auditId}` }] : []),
      ...reporters.map((userId) => ({ userId, type: "report_decided", dedupeKey: `decided:${auditId}` })),
    ];
    if (rows.length > 0) {
      await tx
        .insert(notifications)
        .values(rows.map((row) => ({ ...row, actorId: null, auditId, createdAt: now })))
        .onConflictDoNothing();
    }
    return { result: { auditId, closedReports: closed.length }, effects };
  });
  // Issue 19: a suspended, banned or restored person's cached sessions go on every instance, after the commit.
  if (done.effects.authorId !== null) await sessionsChanged(db, { userId: done.effects.authorId });
  return done;
}

interface Applied {
  targetType: ModerationTargetType;
  targetId: string;
  details: Record<string, unknown>;
  /** Whether the target's owner is told (not for a dismiss, nor for approving a held comment). */
  notifyOwner: boolean;
}

async function apply(
  tx: Db,
  actor: UserRow,
  body: ModerationActionBody,
  target: ResolvedTarget,
  now: Date,
  effects: ActionEffects,
): Promise<Applied> {
  const asGiven = { targetType: body.targetType, targetId: body.targetId };
  const view = target.view;
  switch (body.action) {
    case "dismiss":
      return { ...asGiven, details: {}, notifyOwner: false };
    case "hide-comment": {
      if (view.type !== "comment") throw badRequest("Only a comment can be hidden; choose another action", "action");
      if (view.state === "deleted") throw badRequest("This comment was already deleted");
      if (view.state === "hidden") throw badRequest("This comment is already hidden");
      await moveComment(tx, view.id, view.story.id, view.state, "hidden");
      effects.storyIds.push(view.story.id);
      return { ...asGiven, details: { was: view.state }, notifyOwner: true };
    }
    case "unpublish-story": {
      if (view.type !== "story" && view.type !== "chapter") {
        throw badRequest("Only a story (or a chapter's story) can be unpublished", "action");
      }
      if (view.hiddenByModerator) throw badRequest("This story is already unpublished by a moderator");
      await tx.update(stories).set({ moderationHiddenAt: now }).where(eq(stories.id, view.id));
      effects.storyIds.push(view.id);
      return { targetType: "story", targetId: String(view.id), details: { from: asGiven }, notifyOwner: true };
    }
    case "set-rating": {
      if (view.type !== "story" && view.type !== "chapter") {
        throw badRequest("Only a story (or a chapter's story) has a rating", "action");
      }
      if (!body.rating) throw badRequest("Choose the story's new rating", "rating");
      const [row] = await tx.select().from(stories).where(eq(stories.id, view.id)).for("update").limit(1);
      if (!row) throw notFound(TARGET_GONE);
      const rating = rateStory({ ...row, contentRating: body.rating });
      await tx.update(stories).set({ contentRating: body.rating, rating }).where(eq(stories.id, view.id));
      effects.storyIds.push(view.id);
      return {
        targetType: "story",
        targetId: String(view.id),
        details: { from: asGiven, before: row.contentRating, rating: body.rating },
        notifyOwner: true,
      };
    }
    case "suspend-user":
    case "ban-user": {
      const ban = body.action === "ban-user";
      if (!ban && body.days === undefined) throw badRequest(SUSPENSION_DAYS_RULE, "days");
      const ownerId = target.ownerId;
      if (ownerId === null) throw notFound(TARGET_GONE);
      if (ownerId === actor.id) throw badRequest("You can't suspend or ban yourself");
      const [owner] = await tx.select().from(users).where(eq(users.id, ownerId)).for("update").limit(1);
      if (!owner) throw notFound(TARGET_GONE);
      if (roleOf(owner) === "admin") throw forbidden("An admin can't be suspended; revoke the role first");
      if (roleOf(owner) === "moderator" && roleOf(actor) !== "admin") {
        throw forbidden("Only an admin can suspend or ban a moderator");
      }
      const until = ban ? BANNED_UNTIL : new Date(now.getTime() + body.days! * DAY_MS);
      await tx.update(users).set({ suspendedUntil: until }).where(eq(users.id, ownerId));
      // Every session ends at once, on every instance: the session caches drop them after the commit (moderate).
      await tx.delete(sessions).where(eq(sessions.userId, ownerId));
      effects.authorId = ownerId;
      return {
        targetType: "user",
        targetId: String(ownerId),
        details: { from: asGiven, days: ban ? null : body.days, until: ban ? null : until.toISOString() },
        notifyOwner: true,
      };
    }
    case "restore":
      return restore(tx, body, target, now, effects);
  }
}

async function restore(
  tx: Db,
  body: ModerationActionBody,
  target: ResolvedTarget,
  now: Date,
  effects: ActionEffects,
): Promise<Applied> {
  const view = target.view;
  const asGiven = { targetType: body.targetType, targetId: body.targetId };
  if (view.type === "comment") {
    if (view.state !== "held" && view.state !== "hidden") throw badRequest("This comment is not hidden or held");
    await moveComment(tx, view.id, view.story.id, view.state, "visible");
    effects.storyIds.push(view.story.id);
    // Approving a held comment: it appears and notifies as if just posted; its writer was never told it was held.
    if (view.state === "held") effects.approvedCommentId = view.id;
    return { ...asGiven, details: { was: view.state }, notifyOwner: view.state === "hidden" };
  }
  if (view.type === "story" || view.type === "chapter") {
    if (!view.hiddenByModerator) throw badRequest("This story is not unpublished by a moderator");
    await tx.update(stories).set({ moderationHiddenAt: null }).where(eq(stories.id, view.id));
    effects.storyIds.push(view.id);
    return { targetType: "story", targetId: String(view.id), details: { from: asGiven }, notifyOwner: true };
  }
  if (view.type === "user") {
    const [owner] = await tx.select().from(users).where(eq(users.id, view.id)).for("update").limit(1);
    if (!owner || !isSuspended(owner, now)) throw badRequest("This account is not suspended or banned");
    await tx.update(users).set({ suspendedUntil: null }).where(eq(users.id, view.id));
    effects.authorId = view.id;
    return { ...asGiven, details: { was: owner.suspendedUntil?.toISOString() ?? null }, notifyOwner: true };
  }
  throw notFound(TARGET_GONE);
}

/**
 * Moves a live comment from the moderation state the moderator saw to another, with the story's comment_count (the
 * comments readers see: 'visible' ones) in the same transaction. The story's row is locked first, as adding and
 * deleting a comment do, and the change applies only from the state seen: a second hide or restore racing this one
 * finds the comment changed and gets the same 400 as one sent after it, so the count never moves twice.
 */
async function moveComment(tx: Db, commentId: number, storyId: number, from: string, to: "visible" | "hidden") {
  await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, storyId)).for("update");
  const [moved] = await tx
    .update(comments)
    .set({ moderation: to })
    .where(and(eq(comments.id, commentId), eq(comments.moderation, from), isNull(comments.deletedAt)))
    .returning({ id: comments.id });
  if (!moved) {
    throw badRequest(
      to === "hidden" ? "This comment is already hidden or deleted" : "This comment is not hidden or held",
    );
  }
  const step = (to === "visible" ? 1 : 0) - (from === "visible" ? 1 : 0);
  if (step === 0) return;
  await tx
    .update(stories)
    .set({ commentCount: sql`greatest(${stories.commentCount} + ${step}, 0)` })
    .where(eq(stories.id, storyId));
}

/** Closes the open reports and appeals about the target as given and as acted on (a suspension acts on the user). */
async function closeReports(
  tx: Db,
  actorId: number,
  body: ModerationActionBody,
  applied: Applied,
  now: Date,
): Promise<{ id: number; kind: string; reporterId: number | null }[]> {
  const about = (type: string, id: string) => and(eq(reports.targetType, type), eq(reports.targetId, id))!;
  const targets = [about(body.targetType, body.targetId)];
  if (applied.targetType !== body.targetType || applied.targetId !== body.targetId) {
    targets.push(about(applied.targetType, applied.targetId));
  }
  return tx
    .update(reports)
    .set({ status: body.action === "dismiss" ? "dismissed" : "actioned", decidedAt: now, decidedBy: actorId })
    .where(and(eq(reports.status, "open"), or(...targets)))
    .returning({ id: reports.id, kind: reports.kind, reporterId: reports.reporterId });
}
