// POST /api/login: checks the password (same cost whether or not the email exists) under the failure throttles.
// Each attempt takes its slots before the password is checked, so concurrent guesses cannot overrun a limit; a
// right password gives them back. See docs/decisions/0007-sign-in-throttle.md.
import type { LoginBody } from "../../shared/schemas/accounts";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { UserRow } from "../types";
import { rateLimited } from "./address-limit";
import type { AccountContext } from "./context";
import { findUserByEmail } from "./find-user";
import { passwordCost, verifyPassword } from "./passwords";
import { createThrottle, type Throttle } from "./throttle";
import { findTrustedDevice } from "./trusted-devices";
import { isUsualAddress } from "./usual-addresses";

export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const INVALID_CREDENTIALS = "Invalid email or password";
export const EMAIL_NOT_VERIFIED =
  "Please verify your email before signing in. Check your inbox for the verification link, or request a new one.";
export const TOO_MANY_SIGN_INS = "Too many failed sign-in attempts. Please try again later.";

export interface LoginGuard {
  perAddress: Throttle;
  perAccount: Throttle;
}

/** Where an attempt comes from: the client's address key and the tokens of its device cookie. */
export interface SignInClient {
  address: string;
  deviceTokens: string[];
}

export function createLoginGuard(db: Db, now: () => Date): LoginGuard {
  return {
    perAddress: createThrottle(db, "login-ip", LOGIN_FAILURES_ALLOWED, LOGIN_FAILURE_WINDOW_MS, now),
    perAccount: createThrottle(db, "login-account", LOGIN_FAILURES_ALLOWED, LOGIN_FAILURE_WINDOW_MS, now),
  };
}

export async function logIn(
  ctx: AccountContext,
  body: LoginBody,
  client: SignInClient,
  guard: LoginGuard,
): Promise<UserRow> {
  const addressKey = `ip:${client.address}`;
  await takeOrThrow(guard.perAddress, addressKey);
  const user = await findUserByEmail(ctx.db, body.email);
  const accountKey = await accountBucket(ctx, body.email, user, client);
  try {
    await takeOrThrow(guard.perAccount, accountKey);
  } catch (error) {
    // Refused before any check: the attempt must not use up the address's allowance too.
    await guard.perAddress.refund(addressKey);
    throw error;
  }
  const passwordOk = await verifyPassword(user?.password, body.password, passwordCost(ctx.config));
  if (!user || !passwordOk) throw new AppError(401, "INVALID_CREDENTIALS", INVALID_CREDENTIALS);
  // Only failures count: the address gets its slot back and the bucket forgets its earlier failures.
  await Promise.all([guard.perAddress.refund(addressKey), guard.perAccount.reset(accountKey)]);
  if (!user.emailVerified) throw new AppError(403, "EMAIL_NOT_VERIFIED", EMAIL_NOT_VERIFIED, { canResend: true });
  return user;
}

/**
 * The bucket an attempt on the account counts in: its own for a browser the account trusts, or for an address the
 * account signed in from lately; otherwise the one bucket shared by everyone else trying that email.
 */
async function accountBucket(
  ctx: AccountContext,
  email: string,
  user: UserRow | undefined,
  client: SignInClient,
): Promise<string> {
  if (user) {
    const device = await findTrustedDevice(ctx.db, user.id, client.deviceTokens, ctx.now());
    if (device) return `device:${device}`;
    if (await isUsualAddress(ctx.db, user.id, client.address, ctx.now())) return `usual:${user.id}:${client.address}`;
  }
  return `email:${email.trim().toLowerCase()}`;
}

async function takeOrThrow(throttle: Throttle, key: string): Promise<void> {
  if (!(await throttle.take(key))) throw rateLimited(TOO_MANY_SIGN_INS, await throttle.retryAfterMs(key));
}
