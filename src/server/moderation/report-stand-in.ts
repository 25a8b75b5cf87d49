// A stand-in for POST /api/reports (issue 18 section 1, built on another branch: src/server/safety), registered only
// while that route is missing, so this branch's E2E journey can report a comment. It takes the same body and stores
// the same row; the real route adds the self-report refusal, the rate limit and the username lookup.
// TODO(integration): delete this file and its registration in routes.ts once src/server/safety is merged.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser, requireUserHook } from "../accounts/guards";
import { REPORT_REASONS, reports } from "../db/schema";
import { notFound } from "../errors";
import { resolveTarget } from "./targets";

const Body = z.object({
  targetType: z.enum(["story", "chapter", "comment", "user"]),
  targetId: z.string().trim().min(1).max(80),
  reason: z.enum(REPORT_REASONS),
  details: z.string().max(2000).optional().default(""),
});

export async function reportStandInRoutes(root: FastifyInstance): Promise<void> {
  if (root.hasRoute({ method: "POST", url: "/api/reports" })) return;
  root
    .withTypeProvider<ZodTypeProvider>()
    .post("/api/reports", { onRequest: requireUserHook, schema: { body: Body } }, async (request, reply) => {
      const { targetType, targetId, reason, details } = request.body;
      const target = await resolveTarget(request.db, targetType, targetId);
      if (!target) throw notFound("What you reported was not found");
      await request.db
        .insert(reports)
        .values({
          reporterId: requireUser(request).id,
          targetType,
          targetId,
          targetUserId: target.ownerId,
          reason,
          details,
        })
        .onConflictDoNothing();
      return reply.status(201).send({ message: "Thanks, we'll review this" });
    });
}
