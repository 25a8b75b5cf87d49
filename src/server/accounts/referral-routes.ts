// GET /api/referral: the signed-in user's "Refer a Friend" link and how many friends it has credited.
import type { FastifyInstance } from "fastify";
import { requireUser, requireUserHook } from "./guards";
import { getReferral } from "./referrals";

export async function referralRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/referral", { onRequest: requireUserHook }, async (request) =>
    getReferral(request.db, requireUser(request), app.deps.config.APP_URL),
  );
}
