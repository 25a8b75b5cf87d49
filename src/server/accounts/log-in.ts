// POST /api/login: checks the password (same cost whether or not the email exists) under the failure throttles.
import type { LoginBody } from "../../shared/schemas/accounts";
import { AppError } from "../errors";
import type { Db } from "../db/client";
import type { UserRow } from "../types";
import type { AccountContext } from "./context";
import { findUserByEmail } from "./find-user";
import { verifyPassword } from "./passwords";
import { createThrottle, type Throttle } from "./throttle";

export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const INVALID_CREDENTIALS = "Invalid email or password";
export const EMAIL_NOT_VERIFIED =
  "Please verify your email before signing in. Check your inbox for the verification link, or request a new one.";

export interface LoginGuard {
  perIp: Throttle;
  perAccount: Throttle;
}

export function createLoginGuard(db: Db, now: () => Date): LoginGuard {
  return {
    perIp: createThrottle(db, "login-ip", LOGIN_FAILURES_ALLOWED, LOGIN_FAILURE_WINDOW_MS, now),
    perAccount: createThrottle(db, "login-account", LOGIN_FAILURES_ALLOWED, LOGIN_FAILURE_WINDOW_MS, now),
  };
}

export async function logIn(ctx: AccountContext, body: LoginBody, ip: string, guard: LoginGuard): Promise<UserRow> {
  const ipKey = `ip:${ip}`;
  const accountKey = `email:${body.email.toLowerCase()}`;
  const [ipBlocked, accountBlocked] = await Promise.all([
    guard.perIp.isBlocked(ipKey),
    guard.perAccount.isBlocked(accountKey),
  ]);
  if (ipBlocked || accountBlocked) {
    const waits = await Promise.all([guard.perIp.retryAfterMs(ipKey), guard.perAccount.retryAfterMs(accountKey)]);
    const waitMs = Math.max(...waits);
    throw new AppError(429, "RATE_LIMITED", "Too many failed sign-in attempts. Please try again later.", {
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
  }
  const user = await findUserByEmail(ctx.db, body.email);
  const passwordOk = await verifyPassword(user?.password, body.password);
  if (!user || !passwordOk) {
    await Promise.all([guard.perIp.hit(ipKey), guard.perAccount.hit(accountKey)]);
    throw new AppError(401, "INVALID_CREDENTIALS", INVALID_CREDENTIALS);
  }
  await guard.perAccount.reset(accountKey);
  if (!user.emailVerified) throw new AppError(403, "EMAIL_NOT_VERIFIED", EMAIL_NOT_VERIFIED, { canResend: true });
  return user;
}
