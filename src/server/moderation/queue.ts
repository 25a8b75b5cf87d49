// The moderation queue: open reports and appeals grouped by target (count and reasons), and new accounts' held
// comments, oldest first, each with its target read in place. Appeals: filed here by the person acted on.
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  APPEALABLE_ACTIONS,
  type ModerationQueue,
  type ModerationTargetType,
  type QueueGroup,
} from "../../shared/schemas/moderation";
import type { Db } from "../db/client";
import { comments, moderationAudit, reports, users } from "../db/schema";
import { conflict, notFound } from "../errors";
import { loadOwners, resolveTarget } from "./targets";

/** Open rows read at most; a busier queue shows its oldest first and the rest as those are decided. */
const QUEUE_ROWS = 500;
const QUEUE_GROUPS = 100;

export async function loadQueue(db: Db): Promise<ModerationQueue> {
  const rows = await db
    .select({
      id: reports.id,
      kind: reports.kind,
      targetType: reports.targetType,
      targetId: reports.targetId,
      targetUserId: reports.targetUserId,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      reporter: users.username,
      appealOf: reports.appealOf,
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.status, "open"))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(QUEUE_ROWS);
  const held = await db
    .select({ id: comments.id, createdAt: comments.createdAt })
    .from(comments)
    .where(eq(comments.moderation, "held"))
    .orderBy(asc(comments.createdAt))
    .limit(QUEUE_GROUPS);

  type Draft = Omit<QueueGroup, "target" | "owner" | "oldestAt"> & { oldest: Date; appealAudit: number | null };
  const groups = new Map<string, Draft>();
  for (const row of rows) {
    const key = `${row.kind}:${row.targetType}:${row.targetId}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        kind: row.kind === "appeal" ? "appeal" : "report",
        targetType: row.targetType as ModerationTargetType,
        targetId: row.targetId,
        count: 0,
        reasons: {},
        reports: [],
        appealOf: null,
        oldest: row.createdAt,
        appealAudit: row.appealOf,
      };
      groups.set(key, group);
    }
    group.count++;
    group.reasons[row.reason] = (group.reasons[row.reason] ?? 0) + 1;
    group.reports.push({
      id: row.id,
      reason: row.reason,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
      reporter: row.reporter,
    });
  }
  for (const comment of held) {
    groups.set(`held:${comment.id}`, {
      kind: "held",
      targetType: "comment",
      targetId: String(comment.id),
      count: 1,
      reasons: {},
      reports: [],
      appealOf: null,
      oldest: comment.createdAt,
      appealAudit: null,
    });
  }
  const drafts = [...groups.values()].sort((a, b) => a.oldest.getTime() - b.oldest.getTime()).slice(0, QUEUE_GROUPS);

  const auditIds = drafts.map((d) => d.appealAudit).filter((id): id is number => id !== null);
  const audits = auditIds.length
    ? await db.select().from(moderationAudit).where(inArray(moderationAudit.id, auditIds))
    : [];
  const auditById = new Map(audits.map((a) => [a.id, a]));
  const resolved = await Promise.all(drafts.map((d) => resolveTarget(db, d.targetType, d.targetId)));
  const owners = await loadOwners(db, [
    ...new Set(resolved.map((r) => r?.ownerId).filter((id): id is number => typeof id === "number")),
  ]);

  return {
    groups: drafts.map(({ oldest, appealAudit, ...draft }, i) => {
      const target = resolved[i];
      const owner = target?.ownerId ? owners.get(target.ownerId) : undefined;
      const audit = appealAudit === null ? undefined : auditById.get(appealAudit);
      return {
        ...draft,
        oldestAt: oldest.toISOString(),
        target: target?.view ?? { type: "missing" },
        owner: owner
          ? {
              id: owner.id,
              username: owner.username,
              role: owner.role,
              suspendedUntil: owner.suspendedUntil?.toISOString() ?? null,
            }
          : null,
        appealOf: audit
          ? { auditId: audit.id, action: audit.action, reason: audit.reason, at: audit.createdAt.toISOString() }
          : null,
      };
    }),
  };
}

export const APPEAL_NOT_FOUND = "There is no decision about you to appeal here";
export const APPEALED_ALREADY = "You have already appealed this decision";

/**
 * An appeal, once per decision, by the person it was about. Another user's decision or one that cannot be appealed
 * (a dismiss, a restore, a role change) is the same 404, so audit ids tell nothing.
 */
export async function fileAppeal(
  db: Db,
  userId: number,
  body: { auditId: number; text: string },
  now: Date,
): Promise<{ id: number }> {
  const [audit] = await db
    .select()
    .from(moderationAudit)
    .where(and(eq(moderationAudit.id, body.auditId), eq(moderationAudit.targetUserId, userId)))
    .limit(1);
  if (!audit || !(APPEALABLE_ACTIONS as readonly string[]).includes(audit.action)) throw notFound(APPEAL_NOT_FOUND);
  const [row] = await db
    .insert(reports)
    .values({
      kind: "appeal",
      reporterId: userId,
      targetType: audit.targetType,
      targetId: audit.targetId,
      targetUserId: userId,
      reason: "appeal",
      details: body.text,
      appealOf: audit.id,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!row) throw conflict(APPEALED_ALREADY);
  return row;
}
