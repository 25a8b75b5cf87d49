// A suspended or banned person cannot sign in, so cannot reach the notification's Appeal button. The sign-in refusal
// (given only after the right password) carries instead a signed appeal token naming them and the decision, valid
// for an hour; POST /api/appeals takes it in place of a session. Nothing is stored per token: the appeal itself is
// once per decision (reports_appeal_once_key).
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { moderationAudit } from "../db/schema";
import { loadSigningKey } from "../email-notifications/unsubscribe-token";
import { AppError } from "../errors";
import { suspendedMessage } from "../visibility/standing";

const TOKEN = /^a1\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;
const VALID_MS = 60 * 60 * 1000;

const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(`appeal:${payload}`).digest("base64url");

export interface AppealClaim {
  userId: number;
  auditId: number;
}

export function signAppealToken(key: Buffer, claim: AppealClaim, now: Date): string {
  const payload = `a1.${claim.userId}.${claim.auditId}.${now.getTime() + VALID_MS}`;
  return `${payload}.${mac(key, payload)}`;
}

export function readAppealToken(key: Buffer, token: string, now: Date): AppealClaim | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const [, userId, auditId, expires, signature] = match;
  const expected = Buffer.from(mac(key, `a1.${userId}.${auditId}.${expires}`));
  const given = Buffer.from(signature!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expires) <= now.getTime()) return undefined;
  return { userId: Number(userId), auditId: Number(auditId) };
}

/**
 * The 403 a suspended account's sign-in gets: the end date, and an appeal token while the latest suspension or ban
 * has not been appealed yet.
 */
export async function suspensionRefusal(
  db: Db,
  userId: number,
  until: Date,
  appSecret: string | undefined,
  now: Date,
): Promise<AppError> {
  const [latest] = await db
    .select({
      id: moderationAudit.id,
      // NOTE: the table named: drizzle leaves columns unqualified in single-table selects, and a bare "id" in the
      // subquery would be the report's.
      appealed: sql<boolean>`exists (
        select 1 from reports r where r.kind = 'appeal' and r.appeal_of = "moderation_audit"."id"
      )`,
    })
    .from(moderationAudit)
    .where(and(eq(moderationAudit.targetUserId, userId), inArray(moderationAudit.action, ["suspend-user", "ban-user"])))
    .orderBy(desc(moderationAudit.id))
    .limit(1);
  const extra: Record<string, unknown> = { suspendedUntil: until.toISOString() };
  if (latest && !latest.appealed) {
    extra.appealToken = signAppealToken(await loadSigningKey(db, appSecret), { userId, auditId: latest.id }, now);
  }
  return new AppError(403, "ACCOUNT_SUSPENDED", suspendedMessage(until), extra);
}
