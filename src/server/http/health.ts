import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";

export async function healthRoutes(app: FastifyInstance, database: Database): Promise<void> {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    try {
      await database.ping();
      return { status: "ok", database: database.kind };
    } catch {
      return reply.status(503).send({ message: "Database unreachable", code: "DB_DOWN" });
    }
  });
}
