// Database sessions: the cookie holds 32 random bytes, the table holds their SHA-256.
import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_TTL_MS } from "../../shared/limits";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { forgetSignIns, rememberSignIn } from "./remember-sign-in";
import { randomToken, sha256 } from "./tokens";

export const SESSION_COOKIE = "ff_session";
// Extend a sliding session at most once an hour, not on every request.
const EXTEND_AFTER_MS = 60 * 60 * 1000;

export { randomToken, sha256 } from "./tokens";

export async function createSession(db: Db, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: sha256(token), userId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

export async function destroySession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function destroyAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await forgetSignIns(db, userId);
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: app.deps.config.APP_URL.startsWith("https://"),
    expires: expiresAt,
  });
}

/**
 * Signs the request's browser in as the user with a brand-new session id, ending the session it came with
 * (no fixation: an id planted before sign-in is never promoted), and remembers the sign-in (remember-sign-in.ts).
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  if (request.sessionId) await destroySession(request.db, request.sessionId);
  const { token, expiresAt } = await createSession(request.db, userId, request.server.deps.now());
  setSessionCookie(request.server, reply, token, expiresAt);
  await rememberSignIn(request, reply, userId);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** onRequest: resolves the cookie to a user, extending the session as it is used. */
export async function loadSession(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  request.user = null;
  request.sessionId = null;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const now = app.deps.now();
  const id = sha256(token);
  const [row] = await request.db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return;
  request.user = row.user;
  request.sessionId = id;
  if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - EXTEND_AFTER_MS) {
    await request.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, id));
  }
}

export async function pruneExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
