// Device cookies (OWASP): a browser that signed in to an account holds a random token whose SHA-256 is stored
// for that account. Its sign-in attempts count in a bucket of their own, so nobody else's failures lock it out.
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { trustedDevices } from "../db/schema";
import { randomToken, sha256 } from "./tokens";

export const DEVICE_COOKIE = "ff_device";
// NOTE: only the sign-in route reads it, so no other request carries it.
const DEVICE_COOKIE_PATH = "/api/login";
/** A browser stays trusted this long after its last sign-in; older rows are pruned. */
export const TRUSTED_DEVICE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
// One browser may be trusted by a few accounts (a shared family computer): the cookie holds one token per account.
const TOKENS_PER_BROWSER = 5;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const unusedSince = (now: Date) => new Date(now.getTime() - TRUSTED_DEVICE_TTL_MS);

/** The well-formed tokens in the request's device cookie, most recently used first. */
export function deviceTokens(request: FastifyRequest): string[] {
  const value = request.cookies[DEVICE_COOKIE] ?? "";
  return value
    .split(".")
    .filter((token) => TOKEN_PATTERN.test(token))
    .slice(0, TOKENS_PER_BROWSER);
}

/** The id of the trusted device among `tokens` that belongs to the user, if any. */
export async function findTrustedDevice(
  db: Db,
  userId: number,
  tokens: string[],
  now: Date,
): Promise<string | undefined> {
  if (tokens.length === 0) return undefined;
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        inArray(trustedDevices.id, tokens.map(sha256)),
        eq(trustedDevices.userId, userId),
        gt(trustedDevices.lastUsedAt, unusedSince(now)),
      ),
    )
    .limit(1);
  return row?.id;
}

/** After a successful sign-in: marks the browser as the user's (a new token, or the one it has, refreshed). */
export async function trustDevice(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const { db } = request;
  const now = request.server.deps.now();
  const tokens = deviceTokens(request);
  const live =
    tokens.length === 0
      ? []
      : await db
          .select({ id: trustedDevices.id, userId: trustedDevices.userId })
          .from(trustedDevices)
          .where(and(inArray(trustedDevices.id, tokens.map(sha256)), gt(trustedDevices.lastUsedAt, unusedSince(now))));
  const owners = new Map(live.map((row) => [row.id, row.userId]));
  // Tokens whose rows were pruned are dropped from the cookie.
  const others = tokens.filter((token) => owners.has(sha256(token)) && owners.get(sha256(token)) !== userId);
  let own = tokens.find((token) => owners.get(sha256(token)) === userId);
  if (own) {
    await db
      .update(trustedDevices)
      .set({ lastUsedAt: now })
      .where(eq(trustedDevices.id, sha256(own)));
  } else {
    own = randomToken();
    await db.insert(trustedDevices).values({ id: sha256(own), userId, createdAt: now, lastUsedAt: now });
  }
  reply.setCookie(DEVICE_COOKIE, [own, ...others].slice(0, TOKENS_PER_BROWSER).join("."), {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: request.server.deps.config.APP_URL.startsWith("https://"),
    maxAge: TRUSTED_DEVICE_TTL_MS / 1000,
  });
}

/** Forgets every browser the user trusted (their password changed: a browser that knew the old one earns nothing). */
export async function forgetTrustedDevices(db: Db, userId: number): Promise<void> {
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}

/** Forgets browsers that have not signed in for TRUSTED_DEVICE_TTL_MS. Run on a schedule. */
export async function pruneTrustedDevices(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(trustedDevices)
    .where(lt(trustedDevices.lastUsedAt, unusedSince(now)))
    .returning({ id: trustedDevices.id });
  return gone.length;
}
