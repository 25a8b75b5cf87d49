// What account commands need from a request: the database, config, mailer, clock and logger.
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import type { Config } from "../env";
import type { Mailer } from "../mail/mailer";

export interface AccountContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function accountContext(request: FastifyRequest): AccountContext {
  const { config, mailer, now } = request.server.deps;
  return { db: request.db, config, mailer, now, log: request.log };
}

/** Sends an account email; a mail failure is logged, never shown, so answers stay the same either way. */
export async function sendAccountEmail(ctx: AccountContext, message: Parameters<Mailer["send"]>[0]): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    ctx.log.error({ err: error, to: message.to, subject: message.subject }, "account email could not be sent");
  }
}
