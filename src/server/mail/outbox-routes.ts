// GET /api/dev/outbox: the dev outbox's recent messages, so a developer (and e2e) can follow emailed links;
// `?to=address` keeps one recipient's (a journey polls for its own mail without reading the whole suite's).
// Its reset links open accounts, so it is served only to the machine itself: while the app listens on a loopback
// address and sends no real email.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../env";
import { notFound } from "../errors";

const LOOPBACK = /^(localhost|::1|\[::1\]|(::ffff:)?127(\.\d{1,3}){3})$/i;

export const isLoopbackHost = (host: string) => LOOPBACK.test(host.trim());

export const outboxServed = (config: Config) =>
  config.NODE_ENV !== "production" && !config.SMTP_URL && isLoopbackHost(config.HOST);

const OutboxQuery = z.object({ to: z.string().max(320).optional() });

export async function outboxRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get("/api/dev/outbox", { schema: { querystring: OutboxQuery } }, async (request) => {
    // NOTE: read at request time: main.ts swaps in a logging outbox after the app is built.
    const { mailer, config } = app.deps;
    if (!outboxServed(config) || !mailer.outbox) throw notFound();
    const to = request.query.to?.toLowerCase();
    const sent = mailer.outbox();
    return to === undefined ? sent : sent.filter((message) => message.to.toLowerCase() === to);
  });
}
