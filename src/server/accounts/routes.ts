// Account routes: session, current user. Sign-up, sign-in and the rest are registered here too.
import type { FastifyInstance } from "fastify";
import { requireUser } from "./guards";
import { presentUser } from "./present";

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/user", async (request) => presentUser(requireUser(request)));
}
