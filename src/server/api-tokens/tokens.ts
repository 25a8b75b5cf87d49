// Issue 34 section 2: creating, listing and revoking personal API tokens. Only the token's SHA-256 is stored; the
// token is answered once. At most 100 per person, counted under a lock on the person's row so two creates at once
// cannot make 101. Revoking deletes the row and drops its cached lookup on every instance at once.
import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  API_TOKEN_LIMITS,
  API_TOKEN_NOT_FOUND,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  TOO_MANY_API_TOKENS,
} from "../../shared/schemas/api-tokens";
import { sessionsChanged } from "../accounts/session-cache";
import { randomToken, sha256 } from "../accounts/tokens";
import type { Db } from "../db/client";
import { apiTokens, users } from "../db/schema";
import { conflict, notFound } from "../errors";

const DAY_MS = 24 * 60 * 60 * 1000;

type Row = typeof apiTokens.$inferSelect;

/** The stored form of `scopes`: 'read' or 'read write'. */
export const canWriteWith = (scopes: string) => scopes === "read write";

/** The session cache's key for a token's lookup (sessions use their bare hash; this cannot collide with one). */
export const tokenCacheKey = (tokenHash: string) => `token:${tokenHash}`;

const present = (row: Row): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: canWriteWith(row.scopes) ? ["read", "write"] : ["read"],
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

export async function createApiToken(
  db: Db,
  userId: number,
  body: ApiTokenCreate,
  now: Date,
): Promise<ApiTokenCreated> {
  const token = `${API_TOKEN_PREFIX}${randomToken()}`;
  return db.transaction(async (tx) => {
    // NOTE: the person's row is the lock: a second create waits here and then counts this one.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
    if ((held?.n ?? 0) >= API_TOKEN_LIMITS.max) throw conflict(TOO_MANY_API_TOKENS);
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId,
        name: body.name,
        tokenHash: sha256(token),
        scopes: body.scopes.join(" "),
        createdAt: now,
        expiresAt: body.expiresInDays === undefined ? null : new Date(now.getTime() + body.expiresInDays * DAY_MS),
      })
      .returning({ id: apiTokens.id });
    return { id: row!.id, token };
  });
}

export async function listApiTokens(db: Db, userId: number): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id))
    .limit(API_TOKEN_LIMITS.max);
  return rows.map(present);
}

/** Another person's token is a 404, as a missing one. */
export async function revokeApiToken(db: Db, userId: number, id: number): Promise<void> {
  const [gone] = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ tokenHash: apiTokens.tokenHash });
  if (!gone) throw notFound(API_TOKEN_NOT_FOUND);
  await sessionsChanged(db, { sessionId: tokenCacheKey(gone.tokenHash) });
}
