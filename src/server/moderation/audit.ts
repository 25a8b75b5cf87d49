// The append-only audit log: written here, read by admins. There is no update or delete path in code, and the
// database refuses both (the trigger in the migration).
import { desc, lt } from "drizzle-orm";
import type { AuditPage } from "../../shared/schemas/moderation";
import type { Db } from "../db/client";
import { moderationAudit } from "../db/schema";

export interface AuditInput {
  actorId: number | null;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  targetUserId: number | null;
  reason: string;
  details?: Record<string, unknown>;
  at: Date;
}

export async function appendAudit(db: Db, entry: AuditInput): Promise<number> {
  const [row] = await db
    .insert(moderationAudit)
    .values({
      actorId: entry.actorId,
      actorName: entry.actorName,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetUserId: entry.targetUserId,
      reason: entry.reason,
      details: entry.details ?? {},
      createdAt: entry.at,
    })
    .returning({ id: moderationAudit.id });
  return row!.id;
}

/** Newest first, keyset on id. */
export async function listAudit(db: Db, query: { cursor?: string; limit: number }): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(moderationAudit)
    .where(query.cursor ? lt(moderationAudit.id, Number(query.cursor)) : undefined)
    .orderBy(desc(moderationAudit.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      actor: row.actorName,
      actorId: row.actorId,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      targetUserId: row.targetUserId,
      reason: row.reason,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}
