// GET /api/dev/outbox: the dev outbox's recent messages, so a developer (and e2e) can follow emailed links.
import type { FastifyInstance } from "fastify";
import { notFound } from "../errors";

export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/dev/outbox", async () => {
    // NOTE: read at request time: main.ts swaps in a logging outbox after the app is built.
    const { mailer, config } = app.deps;
    if (config.NODE_ENV === "production" || !mailer.outbox) throw notFound();
    return mailer.outbox();
  });
}
