// Database sessions: the cookie holds 32 random bytes, the table holds their SHA-256.
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_TTL_MS } from "../../shared/limits";
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE } from "../../shared/signed-in-hint";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { suspensionRefusal } from "../moderation/appeal-token";
import { isSuspended } from "../visibility/standing";
import { forgetSignIns, rememberSignIn } from "./remember-sign-in";
import { syncReaderCookieAtSignIn } from "../http/reader-cookie";
import { type CachedSession, sessionsChanged } from "./session-cache";
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
  await sessionsChanged(db, { sessionId });
}

export async function destroyAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await sessionsChanged(db, { userId });
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
  await syncReaderCookieAtSignIn(request, reply, userId);
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
    .select({
      user: users,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      // NOTE: Discover's shared lists need it on every signed-in request: asked here, once per cached session.
      hidesAnyone: sql<boolean>`exists (select 1 from user_blocks hb where hb.user_id = "users"."id")`,
    })
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

/**
 * Whether the request may take its session from the session cache: reads (GET, HEAD), and the write routes that say
 * so (`config.sessionFromCache`: Marin's, decision 0045). Every other write, the account's own above all (password,
 * email, sessions, deletion, billing), looks its session up in the database.
 */
function mayUseCachedSession(request: FastifyRequest): boolean {
  const method = request.method;
  if (method === "GET" || method === "HEAD") return true;
  // NOTE: routeOptions builds an object per call: asked only of writes, which pay for queries anyway.
  return request.routeOptions.config?.sessionFromCache === true;
}

/**
 * The live session `id` names: from the session cache where mayUseCachedSession allows, from the database for
 * anything else (a write decides on fresh facts: quota, role, plan) and on a miss, keeping what it read. The cache's
 * entries are dropped on every instance when the session or its person changes (session-cache.ts); the expiry and
 * suspension are checked again here, as the query checks them.
 */
async function liveSession(request: FastifyRequest, id: string, now: Date): Promise<CachedSession | undefined> {
  const cache = request.server.sessionCache;
  if (mayUseCachedSession(request)) {
    const hit = cache.get(id);
    if (hit) return isLive(hit, now) ? hit : undefined;
  }
  const generation = cache.generation;
  const row = await findLiveSession(request.db, id, now);
  if (!row) return undefined;
  const session: CachedSession = { ...row, hidesAnyone: Boolean(row.hidesAnyone), storyStates: new Map() };
  cache.set(id, session, generation);
  return session;
}

const isLive = (session: CachedSession, now: Date) =>
  session.expiresAt > now && !(session.user.suspendedUntil && session.user.suspendedUntil > now);

const hasHintCookie = (request: FastifyRequest) => request.cookies[SIGNED_IN_HINT_COOKIE] === SIGNED_IN_HINT_VALUE;

/**
 * Whether this answer may delete a cookie naming no live session: the ones that say who is signed in (GET /api/user,
 * and pages). Any other call may have been sent with a session that a sign-in has since replaced (sign-in ends the
 * session it came with), and its answer, arriving after the new cookie, would delete that one and sign the browser
 * out (seen in e2e/offline.spec.ts: a reader's in-flight calls beside another account's sign-in). A stale cookie
 * there is only a 401; the client's next GET /api/user clears it.
 */
function answersWhoIsSignedIn(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = request.url.split("?", 1)[0]!;
  return path === "/api/user" || !path.startsWith("/api/");
}

/**
 * onRequest: resolves the cookie to a user, extending the session as it is used. A cookie that names no live
 * session is cleared with the hint, and so is a hint without a session, so the client stops asking who is signed in
 * (on the answers that say who is: answersWhoIsSignedIn).
 */
export async function loadSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.user = null;
  request.sessionId = null;
  request.session = null;
  const token = request.cookies[SESSION_COOKIE];
  const now = app.deps.now();
  const id = token ? sha256(token) : undefined;
  const session = id ? await liveSession(request, id, now) : undefined;
  if (!id || !session) {
    if ((token || hasHintCookie(request)) && answersWhoIsSignedIn(request)) clearSessionCookie(reply);
    return;
  }
  request.user = session.user;
  request.sessionId = id;
  request.session = session;
  const extend = session.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - EXTEND_AFTER_MS;
  const seen = now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS;
  if (extend || seen) {
    // NOTE: the cached entry moves with the row, so the write happens at most once per 5 minutes per session.
    const expiresAt = extend ? new Date(now.getTime() + SESSION_TTL_MS) : session.expiresAt;
    session.lastSeenAt = now;
    session.expiresAt = expiresAt;
    await request.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
  }
}

/**
 * loadSession's synchronous part, for the onRequest hook: a read (or a sessionFromCache write) whose live session is
 * cached and needs no write is resolved here, without a promise; false leaves it to loadSession (a miss, another
 * write, an ended session, a due write).
 */
export function loadCachedSession(app: FastifyInstance, request: FastifyRequest): boolean {
  if (!mayUseCachedSession(request)) return false;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return false;
  const id = sha256(token);
  const session = app.sessionCache.get(id);
  if (!session) return false;
  const now = app.deps.now();
  if (!isLive(session, now)) return false;
  if (session.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - EXTEND_AFTER_MS) return false;
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) return false;
  request.user = session.user;
  request.sessionId = id;
  request.session = session;
  return true;
}

/**
 * Pages: whether the browser holds the signed-in hint after this answer. A live session that lacks its hint (begun
 * before hints existed, or the hint was deleted) gets it back; without it the client would not ask who is signed in.
 */
export async function restoreSignedInHint(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (hasHintCookie(request)) return true;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return false;
  const row = await liveSession(request, sha256(token), request.server.deps.now());
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
