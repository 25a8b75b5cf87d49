// Issue 34 section 2: `Authorization: Bearer <token>` on an /api/ route signs the request in as the token's owner
// (the cookie is then ignored), with the same user row and cached flags a session gives, so every viewer rule
// (members-only, AI labels, blocks) applies alike. Lookups are kept in the session cache under their own key, so a
// revoke, an expiry or a change to the person ends them on every instance at once, as it ends sessions. Then the
// token's limit (rate-limit.ts), the session-only routes and the token's scope are checked, on the matched route's
// pattern, before any handler runs.
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { API_TOKEN_PATTERN } from "../../shared/schemas/api-tokens";
import type { CachedSession } from "../accounts/session-cache";
import { sha256 } from "../accounts/tokens";
import { apiTokens, users } from "../db/schema";
import { AppError, forbidden, unauthorized } from "../errors";
import { isApiRequest } from "../http/route-path";
import { isSessionOnly, SESSION_ONLY_MESSAGE, tokenRateLimit } from "./policy";
import { type RateVerdict, TokenRateLimiter } from "./rate-limit";
import { canWriteWith, tokenCacheKey } from "./tokens";

/** The one answer to a malformed, unknown, revoked or expired token: it must not tell which. */
export const INVALID_TOKEN_MESSAGE = "This API token is not valid";
export const READ_ONLY_TOKEN_MESSAGE =
  "This API token can only read: create a token with write access to change things";
export const TOKEN_IN_QUERY_MESSAGE =
  "API tokens go in the Authorization header (Authorization: Bearer <token>), never in the address";

/** last_used_at is written at most this often per token. */
export const LAST_USED_EVERY_MS = 60_000;
/** A token without an expiry, in the session cache's terms. */
const NEVER = new Date(8.64e15);
const BEARER = /^bearer\s+(\S+)\s*$/i;
const WHOLE_TOKEN = new RegExp(`^${API_TOKEN_PATTERN.source}$`);
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface ApiTokenGrant {
  id: number;
  canWrite: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The token a bearer request was signed in with; null for a session or nobody. */
    apiToken: ApiTokenGrant | null;
  }
  interface FastifyInstance {
    tokenRateLimiter: TokenRateLimiter;
  }
}

/** Whether the request carries a bearer token (well formed or not): then it is judged by the token alone. */
export const hasBearer = (request: FastifyRequest) =>
  request.headers.authorization?.slice(0, 7).toLowerCase() === "bearer ";

/**
 * The request-side of API tokens, registered before the session hook (which skips bearer requests): the per-token
 * limiter, and an onRequest hook that refuses a token in the query string and signs bearer requests in.
 */
export function registerTokenAuth(app: FastifyInstance): void {
  app.decorateRequest("apiToken", null);
  const { requests, windowSeconds } = tokenRateLimit(app.deps.config.API_TOKEN_REQUESTS_PER_MINUTE);
  app.decorate(
    "tokenRateLimiter",
    new TokenRateLimiter(app.deps.database.db, app.deps.now, requests, windowSeconds * 1000),
  );
  // The session-only routes and the scope, checked by the routes they concern (after the token hook signed the
  // request in): no route lookup on every token request (it cost ~5% of a cached read: bench/token-auth.ts).
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const check = isSessionOnly(route.url)
      ? refuseTokens
      : methods.some((method) => !READS.has(method))
        ? refuseReadOnlyWrites
        : undefined;
    if (!check) return;
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [check, ...own];
  });
  app.addHook("onRequest", (request, reply, done) => {
    // NOTE: most requests carry neither a query nor an Authorization header: no further look.
    if ((request.headers.authorization === undefined && !request.url.includes("?")) || !isApiRequest(request)) {
      return done();
    }
    if (tokenInQuery(request)) return done(new AppError(400, "TOKEN_IN_QUERY", TOKEN_IN_QUERY_MESSAGE));
    if (hasBearer(request)) return authenticateBearer(request, reply, done);
    done();
  });
}

/** A query value that holds a token, or a parameter named access_token (OAuth's query form): refused, never used. */
function tokenInQuery(request: FastifyRequest): boolean {
  if (!request.url.includes("?")) return false;
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== "object") return false;
  if ("access_token" in query) return true;
  const holds = (value: unknown): boolean =>
    typeof value === "string" ? API_TOKEN_PATTERN.test(value) : Array.isArray(value) && value.some(holds);
  return Object.values(query).some(holds);
}

async function findLiveToken(request: FastifyRequest, tokenHash: string, now: Date) {
  const [row] = await request.db
    .select({
      user: users,
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      // NOTE: the same flag a session lookup reads (accounts/sessions.ts), once per cached lookup.
      hidesAnyone: sql<boolean>`exists (select 1 from user_blocks hb where hb.user_id = "users"."id")`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
        or(isNull(users.suspendedUntil), lte(users.suspendedUntil, now)),
      ),
    )
    .limit(1);
  return row;
}

const isLive = (session: CachedSession, now: Date) =>
  session.expiresAt > now && !(session.user.suspendedUntil && session.user.suspendedUntil > now);

/** The token's live lookup: reads from the session cache, writes (which decide on fresh facts) from the database. */
async function lookUp(request: FastifyRequest, key: string, tokenHash: string, now: Date) {
  const cache = request.server.sessionCache;
  const generation = cache.generation;
  const row = await findLiveToken(request, tokenHash, now);
  if (!row) return undefined;
  const session: CachedSession = {
    user: row.user,
    expiresAt: row.expiresAt ?? NEVER,
    lastSeenAt: row.lastUsedAt ?? new Date(0),
    hidesAnyone: Boolean(row.hidesAnyone),
    storyStates: new Map(),
    apiToken: { id: row.tokenId, canWrite: canWriteWith(row.scopes) },
  };
  cache.set(key, session, generation);
  return session;
}

function setRateHeaders(reply: FastifyReply, verdict: RateVerdict): void {
  reply.header("ratelimit-limit", verdict.limit);
  reply.header("ratelimit-remaining", verdict.remaining);
  reply.header("ratelimit-reset", Math.ceil(verdict.resetMs / 1000));
}

/** The token's limit, for a signed-in token request (its headers on every answer); an error refuses it. */
function refusal(reply: FastifyReply, verdict: RateVerdict) {
  setRateHeaders(reply, verdict);
  if (verdict.allowed) return undefined;
  const seconds = Math.max(1, Math.ceil(verdict.resetMs / 1000));
  reply.header("retry-after", seconds);
  return new AppError(429, "RATE_LIMITED", "Too many requests with this API token. Please try again later.", {
    retryAfterSeconds: seconds,
  });
}

/** A session-only route's first onRequest hook: a token is refused there, whatever its scope. */
function refuseTokens(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  done(request.apiToken ? forbidden(SESSION_ONLY_MESSAGE) : undefined);
}

/** A writing route's first onRequest hook: a read token may not write. */
function refuseReadOnlyWrites(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const refused = request.apiToken && !request.apiToken.canWrite && !READS.has(request.method);
  done(refused ? forbidden(READ_ONLY_TOKEN_MESSAGE) : undefined);
}

function signIn(request: FastifyRequest, session: CachedSession, grant: ApiTokenGrant): void {
  request.user = session.user;
  request.session = session;
  request.sessionId = null;
  request.apiToken = grant;
}

async function authenticateSlowly(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  tokenHash: string,
  session: CachedSession | undefined,
  taking: Promise<RateVerdict> | undefined,
): Promise<void> {
  const now = request.server.deps.now();
  const live = session ?? (await lookUp(request, key, tokenHash, now));
  if (!live?.apiToken || !isLive(live, now)) throw invalidToken(reply);
  const grant = live.apiToken;
  signIn(request, live, grant);
  const verdict = await (taking ?? request.server.tokenRateLimiter.take(grant.id));
  const refused = refusal(reply, verdict);
  if (refused) throw refused;
  if (now.getTime() - live.lastSeenAt.getTime() >= LAST_USED_EVERY_MS) {
    // NOTE: the cached entry moves with the row, so the write happens at most once a minute per token.
    live.lastSeenAt = now;
    await request.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, grant.id));
  }
}

function invalidToken(reply: FastifyReply): AppError {
  reply.header("www-authenticate", 'Bearer error="invalid_token"');
  return unauthorized(INVALID_TOKEN_MESSAGE);
}

/**
 * onRequest, for /api/ requests: refuses a token in the query string, and signs a bearer request in. The common
 * case (a cached read whose lease and last-use write are not due) finishes here without a promise, as a cached
 * session does.
 */
export function authenticateBearer(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  // NOTE: "Bearer " and the token (hasBearer checked the scheme); the whole header is matched only on a cache miss.
  const token = (request.headers.authorization ?? "").slice(7).trim();
  const tokenHash = sha256(token);
  const key = tokenCacheKey(tokenHash);
  const app = request.server;
  const now = app.deps.now();
  const cached = READS.has(request.method) ? app.sessionCache.get(key) : undefined;
  let taking: Promise<RateVerdict> | undefined;
  if (cached?.apiToken && isLive(cached, now) && now.getTime() - cached.lastSeenAt.getTime() < LAST_USED_EVERY_MS) {
    const verdict = app.tokenRateLimiter.take(cached.apiToken.id, now.getTime());
    if (!(verdict instanceof Promise)) {
      signIn(request, cached, cached.apiToken);
      done(refusal(reply, verdict));
      return;
    }
    taking = verdict;
  }
  const match = BEARER.exec(request.headers.authorization ?? "");
  if (!match?.[1] || !WHOLE_TOKEN.test(match[1])) {
    done(invalidToken(reply));
    return;
  }
  authenticateSlowly(request, reply, key, tokenHash, cached, taking).then(() => done(), done);
}
