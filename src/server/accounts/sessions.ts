// Database sessions: the cookie holds 32 random bytes, the table holds their SHA-256.
import { and, eq, gt, isNull, lt, lte, or } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_TTL_MS } from "../../shared/limits";
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE } from "../../shared/signed-in-hint";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { suspensionRefusal } from "../moderation/appeal-token";
import { isSuspended } from "../moderation/standing";
import { forgetSignIns, rememberSignIn } from "./remember-sign-in";
import { randomToken, sha256 } from "./tokens";

export const SESSION_COOKIE = "ff_session";
// Extend a sliding session at most once an hour, not on every request.
const EXTEND_AFTER_MS = 60 * 60 * 1000;
// "Last seen" in Settings → sessions is written at most once per 5 minutes per session.
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
// Kept as the browser sent it, cut to a sane length (a User-Agent has no upper bound).
const USER_AGENT_MAX = 512;

export { randomToken, sha256 } from "./tokens";

export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  userAgent?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    expiresAt,
    createdAt: now,
    lastSeenAt: now,
    authenticatedAt: now,
    userAgent: userAgent?.slice(0, USER_AGENT_MAX) || null,
  });
  return { token, expiresAt };
}

export async function destroySession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function destroyAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await forgetSignIns(db, userId);
}

const cookieOptions = (app: FastifyInstance, expires: Date) =>
  ({ path: "/", sameSite: "lax", secure: app.deps.config.APP_URL.startsWith("https://"), expires }) as const;

// Readable by the page on purpose (src/shared/signed-in-hint.ts); it lives and dies with the session cookie.
function setSignedInHint(app: FastifyInstance, reply: FastifyReply, expiresAt: Date): void {
  reply.setCookie(SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE, cookieOptions(app, expiresAt));
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(app, expiresAt), httpOnly: true });
  setSignedInHint(app, reply, expiresAt);
}

/**
 * Signs the request's browser in as the user with a brand-new session id, ending the session it came with
 * (no fixation: an id planted before sign-in is never promoted), and remembers the sign-in (remember-sign-in.ts).
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  await refuseSuspended(request, userId);
  if (request.sessionId) await destroySession(request.db, request.sessionId);
  const userAgent = request.headers["user-agent"];
  const { token, expiresAt } = await createSession(request.db, userId, request.server.deps.now(), userAgent);
  setSessionCookie(request.server, reply, token, expiresAt);
  await rememberSignIn(request, reply, userId);
}

/**
 * Issue 18: a suspended or banned account may not sign in by any path (password, Google, a new sign-up's first
 * session): 403 naming the end date, with an appeal token (moderation/appeal-token.ts). Every sign-in path comes through startSession, after its own checks.
 */
async function refuseSuspended(request: FastifyRequest, userId: number): Promise<void> {
  const { db } = request;
  const { now, config } = request.server.deps;
  const [row] = await db
    .select({ suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (row && isSuspended(row, now())) {
    throw await suspensionRefusal(db, userId, row.suspendedUntil!, config.APP_SECRET, now());
  }
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: "/" });
}

async function findLiveSession(db: Db, id: string, now: Date) {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, now),
        // A suspended account's sessions are deleted when it is suspended; this refuses one written after that.
        or(isNull(users.suspendedUntil), lte(users.suspendedUntil, now)),
      ),
    )
    .limit(1);
  return row;
}

const hasHintCookie = (request: FastifyRequest) => request.cookies[SIGNED_IN_HINT_COOKIE] === SIGNED_IN_HINT_VALUE;

/**
 * onRequest: resolves the cookie to a user, extending the session as it is used. A cookie that names no live
 * session is cleared with the hint, and so is a hint without a session, so the client stops asking who is signed in.
 */
export async function loadSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.user = null;
  request.sessionId = null;
  const token = request.cookies[SESSION_COOKIE];
  const now = app.deps.now();
  const id = token ? sha256(token) : undefined;
  const row = id ? await findLiveSession(request.db, id, now) : undefined;
  if (!id || !row) {
    if (token || hasHintCookie(request)) clearSessionCookie(reply);
    return;
  }
  request.user = row.user;
  request.sessionId = id;
  const extend = row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - EXTEND_AFTER_MS;
  const seen = now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS;
  if (extend || seen) {
    await request.db
      .update(sessions)
      .set({ lastSeenAt: now, ...(extend ? { expiresAt: new Date(now.getTime() + SESSION_TTL_MS) } : {}) })
      .where(eq(sessions.id, id));
  }
}

/**
 * Pages: whether the browser holds the signed-in hint after this answer. A live session that lacks its hint (begun
 * before hints existed, or the hint was deleted) gets it back; without it the client would not ask who is signed in.
 */
export async function restoreSignedInHint(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (hasHintCookie(request)) return true;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return false;
  const row = await findLiveSession(request.db, sha256(token), request.server.deps.now());
  if (!row) {
    clearSessionCookie(reply);
    return false;
  }
  setSignedInHint(request.server, reply, row.expiresAt);
  return true;
}

export async function pruneExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
