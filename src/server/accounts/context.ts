// What account commands need from a request: the database, config, mailer, clock and logger.
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import type { Config } from "../env";
import type { BackgroundTasks } from "../http/background";
import type { Mailer } from "../mail/mailer";

export interface AccountContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
  background: BackgroundTasks;
}

export function accountContext(request: FastifyRequest): AccountContext {
  const { config, mailer, now } = request.server.deps;
  return { db: request.db, config, mailer, now, log: request.log, background: request.server.background };
}

/**
 * Sends an account email after the answer: nobody waits for a slow mail server, and a failure is logged (without
 * the message, which holds the link), never shown, so answers stay the same either way.
 */
export function sendAccountEmail(ctx: AccountContext, message: Parameters<Mailer["send"]>[0]): void {
  ctx.background.run(ctx.log, `sending the email "${message.subject}"`, () => ctx.mailer.send(message));
}
