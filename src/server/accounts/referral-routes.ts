// GET /api/referral: the signed-in user's "Refer a Friend" link and how many friends it has credited.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ReferralAnswer } from "../../shared/schemas/accounts";
import { SIGNED_IN } from "../http/api-doc";
import { requireUser, requireUserHook } from "./guards";
import { getReferral } from "./referrals";

export async function referralRoutes(app: FastifyInstance): Promise<void> {
  const schema = {
    summary: "Your Refer a Friend link and how many friends it credited",
    security: SIGNED_IN,
    response: { 200: ReferralAnswer },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/referral", { onRequest: requireUserHook, schema }, async (request) =>
      getReferral(request.db, requireUser(request), app.deps.config.APP_URL),
    );
}
