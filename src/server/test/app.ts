// The real app on a real database for integration tests, with a clock the test can move.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe } from "vitest";
import type { AiDriver } from "../ai/driver";
import { buildApp } from "../app";
import { createDeps } from "../deps";
import type { LoggerConfig } from "../http/logging";
import type { Database } from "../db/client";
import { loadConfig } from "../env";
import { createDevOutbox, type Mailer } from "../mail/mailer";
import type { PaymentsDriver } from "../billing/payments";
import type { AppDeps } from "../types";
import { createDiskStorage } from "../images/storage/disk";
import type { ImageStorage } from "../images/storage/driver";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DB_KINDS, type DbKind, openTestDatabase } from "./database";

export const TEST_APP_URL = "http://localhost:3000";

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function createClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestContext {
  kind: DbKind;
  app: FastifyInstance;
  database: Database;
  mailer: Mailer;
  clock: TestClock;
  deps: AppDeps;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  clientDir?: string;
  /** An already opened database (e.g. behind a test proxy) instead of a fresh one. */
  database?: Database;
  /** A pino config (level, stream) for tests that read the log; quiet otherwise. */
  logger?: LoggerConfig;
  /** The AI driver; the offline storyteller by default (or as AI_PROVIDER in `env` says). */
  ai?: AiDriver;
  /** Where image bytes go; a fresh temporary directory by default (never the repository's ./data). */
  imageStorage?: ImageStorage;
  /** The payments driver; the demo checkout by default (Stripe when `env` sets STRIPE_SECRET_KEY). */
  payments?: PaymentsDriver;
}

export async function createTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase(kind));
  // NOTE: every test reads from 127.0.0.1 on a frozen clock; the per-address read limit has its own tests (crawler-shield).
  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: TEST_APP_URL,
    SEED_DEMO: "false",
    PUBLIC_READS_PER_MINUTE: "1000000",
    ...options.env,
  });
  const clock = createClock();
  const deps = await createDeps(config, database, {
    mailer: options.mailer ?? createDevOutbox(),
    ai: options.ai,
    payments: options.payments,
    imageStorage:
      options.imageStorage ??
      (config.IMAGE_STORAGE === "disk" ? createDiskStorage(mkdtempSync(join(tmpdir(), "ff-images-"))) : undefined),
    now: clock.now,
  });
  const app = await buildApp(deps, { logger: options.logger ?? false, clientDir: options.clientDir });
  await app.ready();
  return { kind, app, database, mailer: deps.mailer, clock, deps };
}

/**
 * Runs a suite once per available database. Names carry the database, so the output shows
 * the integration tests ran on both PGlite and PostgreSQL.
 */
export function describeEachDb(name: string, body: (ctx: () => TestContext) => void, options: TestAppOptions = {}) {
  for (const kind of DB_KINDS) {
    describe(`[${kind}] ${name}`, () => {
      let context: TestContext | undefined;
      beforeAll(async () => {
        context = await createTestApp(kind, options);
      });
      afterAll(async () => {
        await context?.app.close();
        await context?.database.close();
      });
      body(() => {
        if (!context) throw new Error("test app not ready");
        return context;
      });
    });
  }
}

/** inject with a same-origin JSON body, as the browser client sends it. */
export function send(
  app: FastifyInstance,
  method: InjectOptions["method"],
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return sendFrom(app, "127.0.0.1", method, url, body, headers);
}

/** send() from a given client IP (rate limits count per IP). */
export function sendFrom(
  app: FastifyInstance,
  ip: string,
  method: InjectOptions["method"],
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: {
      origin: TEST_APP_URL,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The session cookie a response set, ready for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "ff_session");
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `ff_session=${cookie.value}`;
}
