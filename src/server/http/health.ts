import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { DB_UNAVAILABLE } from "../db/unavailable";

export async function healthRoutes(app: FastifyInstance, database: Database): Promise<void> {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    // Shutting down (http/drain.ts): still serving, but proxies and orchestrators should send new work elsewhere.
    if (app.draining) return reply.status(503).send({ status: "draining" });
    try {
      await database.ping();
      return { status: "ok", database: database.kind };
    } catch {
      // The same answer as any request during an outage, so monitors and clients see one shape.
      return reply.status(503).send(DB_UNAVAILABLE);
    }
  });
}
