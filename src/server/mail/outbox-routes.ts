// GET /api/dev/outbox: the dev outbox's recent messages, so a developer (and e2e) can follow emailed links.
// Its reset links open accounts, so it is served only to the machine itself: while the app listens on a loopback
// address and sends no real email.
import type { FastifyInstance } from "fastify";
import type { Config } from "../env";
import { notFound } from "../errors";

const LOOPBACK = /^(localhost|::1|\[::1\]|(::ffff:)?127(\.\d{1,3}){3})$/i;

export const isLoopbackHost = (host: string) => LOOPBACK.test(host.trim());

export const outboxServed = (config: Config) =>
  config.NODE_ENV !== "production" && !config.SMTP_URL && isLoopbackHost(config.HOST);

export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/dev/outbox", async () => {
    // NOTE: read at request time: main.ts swaps in a logging outbox after the app is built.
    const { mailer, config } = app.deps;
    if (!outboxServed(config) || !mailer.outbox) throw notFound();
    return mailer.outbox();
  });
}
