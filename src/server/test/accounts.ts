// Test helpers for account flows: a request from a chosen IP, links from the dev outbox, a verified user.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Mailer } from "../mail/mailer";
import { sendFrom, TEST_APP_URL } from "./app";

export { sendFrom };

export const GOOD_PASSWORD = "Str0ng!Pass";

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  description?: string;
  ref?: string;
}

export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const suffix = randomBytes(3).toString("hex");
  return { username: `fan_${suffix}`, email: `fan_${suffix}@example.com`, password: GOOD_PASSWORD, ...overrides };
}

let ipCounter = 0;
/** A client IP no other test used, so a test's requests start with fresh rate-limit counters. */
export const freshIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

/** The newest link in the dev outbox to `email` whose URL contains `pathPart`, as a path for inject. */
export function outboxLink(mailer: Mailer, email: string, pathPart: string): string {
  const message = mailer.outbox?.().find((m) => m.to === email && m.text.includes(pathPart));
  const link = message?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link mailed to ${email}`);
  expect(link.startsWith(TEST_APP_URL)).toBe(true);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Registers through the API and follows the emailed verification link (dev outbox mailer). */
export async function createVerifiedAccount(
  app: FastifyInstance,
  mailer: Mailer,
  overrides: Partial<NewAccount> = {},
): Promise<NewAccount> {
  const account = newAccount(overrides);
  const registered = await sendFrom(app, freshIp(), "POST", "/api/register", account);
  expect(registered.statusCode, registered.body).toBe(200);
  const verified = await app.inject({ method: "GET", url: outboxLink(mailer, account.email, "/api/verify-email") });
  expect(verified.headers.location).toBe(
    `/email-confirmed?verified=true#${new URLSearchParams({ email: account.email })}`,
  );
  return account;
}

/** Signs in and answers the Cookie header value for the new session. */
export async function logInCookie(app: FastifyInstance, account: Pick<NewAccount, "email" | "password">) {
  const response = await sendFrom(app, freshIp(), "POST", "/api/login", {
    email: account.email,
    password: account.password,
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === "ff_session");
  if (!cookie) throw new Error("no session cookie");
  return `ff_session=${cookie.value}`;
}
