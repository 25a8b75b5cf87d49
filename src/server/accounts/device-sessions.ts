// Settings → sessions: the signed-in devices, named by browser and system from their User-Agent (no place: the
// address is not kept with a session). Sessions are named by an opaque public id, never by the cookie's hash.
import Bowser from "bowser";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { SessionView } from "../../shared/schemas/account-life";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { notFound } from "../errors";

export const SESSION_NOT_FOUND = "That session has already ended.";
const UNKNOWN = "Unknown";

export function describeUserAgent(userAgent: string | null): { browser: string; system: string } {
  if (!userAgent) return { browser: "Unknown browser", system: UNKNOWN };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ");
  return { browser: browser || "Unknown browser", system: system || UNKNOWN };
}

export async function listSessions(db: Db, userId: number, currentId: string, now: Date): Promise<SessionView[]> {
  const rows = await db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
  const views = rows.map((row) => ({
    id: row.publicId,
    ...describeUserAgent(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  }));
  // This device first, then the most recently seen.
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

/** Ends one of the user's sessions; answers whether it was the current one. Another user's id is a 404. */
export async function endSession(db: Db, userId: number, publicId: string, currentId: string): Promise<boolean> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  if (!ended) throw notFound(SESSION_NOT_FOUND);
  return ended.id === currentId;
}

export async function endOtherSessions(db: Db, userId: number, currentId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .returning({ id: sessions.id });
  return ended.length;
}
