// What the password and email change routes (and account deletion) ask before acting: a request from this site's
// own pages, and proof that the person at the keyboard is the account's owner right now.
import { and, eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { sessions } from "../db/schema";
import { AppError, forbidden } from "../errors";
import type { UserRow } from "../types";
import { passwordCost, verifyPassword } from "./passwords";
import { createThrottle } from "./throttle";

/** A session signed in (or whose owner typed their password) this recently counts as re-authenticated. */
export const REAUTH_WINDOW_MS = 15 * 60 * 1000;
const WRONG_PASSWORDS_PER_WINDOW = 10;

export const WRONG_CURRENT_PASSWORD = "Your current password is incorrect.";
export const CURRENT_PASSWORD_REQUIRED = "Please enter your current password.";
export const REAUTH_REQUIRED = "For your security, please sign in again, then try once more.";
export const TOO_MANY_PASSWORD_TRIES = "Too many wrong passwords. Please wait 15 minutes and try again.";
export const CROSS_SITE_REFUSED = "Cross-origin request refused";

/**
 * onRequest for the routes that change how one signs in: the app's global check lets a request with neither an
 * Origin nor a Sec-Fetch-Site header pass (old clients, scripts); these routes want one of them to name this site.
 */
export function requireSameSite(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const allowed = new URL(request.server.deps.config.APP_URL).origin;
  const origin = request.headers.origin;
  const site = request.headers["sec-fetch-site"];
  const sameOrigin = origin === allowed || origin === `${request.protocol}://${request.host}`;
  if (site === "cross-site" || site === "same-site" || (!sameOrigin && site !== "same-origin")) {
    done(forbidden(CROSS_SITE_REFUSED));
    return;
  }
  done();
}

/**
 * Proves the owner is present: the current password when the account has one (and counts it as a fresh sign-in of
 * this session), otherwise a sign-in in this session within the last 15 minutes (Google-only accounts).
 */
export async function confirmIdentity(request: FastifyRequest, user: UserRow, currentPassword: string): Promise<void> {
  const { db } = request;
  const { now, config } = request.server.deps;
  const sessionId = request.sessionId!;
  if (user.password) {
    if (!currentPassword)
      throw new AppError(400, "PASSWORD_REQUIRED", CURRENT_PASSWORD_REQUIRED, {
        fields: { currentPassword: CURRENT_PASSWORD_REQUIRED },
      });
    const wrong = createThrottle(db, "account-password", WRONG_PASSWORDS_PER_WINDOW, REAUTH_WINDOW_MS, now);
    const key = String(user.id);
    if (await wrong.isBlocked(key)) throw new AppError(429, "RATE_LIMITED", TOO_MANY_PASSWORD_TRIES);
    if (!(await verifyPassword(user.password, currentPassword, passwordCost(config)))) {
      await wrong.hit(key);
      throw new AppError(400, "WRONG_PASSWORD", WRONG_CURRENT_PASSWORD, {
        fields: { currentPassword: WRONG_CURRENT_PASSWORD },
      });
    }
    await db.update(sessions).set({ authenticatedAt: now() }).where(eq(sessions.id, sessionId));
    return;
  }
  const [session] = await db
    .select({ authenticatedAt: sessions.authenticatedAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)));
  if (!session || now().getTime() - session.authenticatedAt.getTime() > REAUTH_WINDOW_MS) {
    throw new AppError(403, "REAUTH_REQUIRED", REAUTH_REQUIRED);
  }
}
