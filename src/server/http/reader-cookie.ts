// The reader-settings cookie (shared/schemas/reader-settings.ts): written when a reader saves their settings and when
// they sign in, read by every server-rendered page. Not httpOnly on purpose: it holds nothing secret, and the app
// starts its reader from it before the API answers.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  encodeReaderCookie,
  READER_COOKIE,
  type ReaderSettings,
  readerSettingsFromCookieHeader,
  storedReaderSettings,
} from "../../shared/schemas/reader-settings";
import { users } from "../db/schema";
import type { UserRow } from "../types";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function setReaderCookie(app: FastifyInstance, reply: FastifyReply, settings: ReaderSettings): void {
  reply.setCookie(READER_COOKIE, encodeReaderCookie(settings), {
    path: "/",
    sameSite: "lax",
    secure: app.deps.config.APP_URL.startsWith("https://"),
    maxAge: YEAR_SECONDS,
  });
}

/** The request's reader settings, or null without a valid cookie (a forged or oversized one is no cookie). */
export const readerCookieOf = (request: FastifyRequest): ReaderSettings | null =>
  readerSettingsFromCookieHeader(request.headers.cookie);

/** A signed-in browser whose cookie lags the account (saved on another device) catches up: the cookie is set anew. */
export function catchUpReaderCookie(request: FastifyRequest, reply: FastifyReply, user: UserRow): void {
  const saved = storedReaderSettings(user.readerSettings);
  if (!saved) return;
  const cookie = readerCookieOf(request);
  if (!cookie || encodeReaderCookie(cookie) !== encodeReaderCookie(saved))
    setReaderCookie(request.server, reply, saved);
}

/**
 * At sign-in the cookie follows the account: its saved settings replace the cookie's. An account that never chose
 * keeps what the browser chose while signed out (saved to the account, so its other devices follow).
 */
export async function syncReaderCookieAtSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const [row] = await request.db
    .select({ readerSettings: users.readerSettings })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const saved = storedReaderSettings(row?.readerSettings);
  if (saved) {
    setReaderCookie(request.server, reply, saved);
    return;
  }
  const chosen = readerCookieOf(request);
  if (chosen) {
    await request.db
      .update(users)
      .set({ readerSettings: chosen })
      .where(and(eq(users.id, userId), isNull(users.readerSettings)));
  }
}
