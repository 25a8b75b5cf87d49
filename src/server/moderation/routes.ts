// Moderation routes (issue 18, section 2). Every /api/moderation route answers 401 signed out and 403 to users
// (the audit log 403 to moderators too), from the role the session lookup read from the database for this request,
// before the body is validated. No route grants a role. Mutations pass the app's same-origin rule (http/security.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppealBody, AuditQuery, ModerationActionBody } from "../../shared/schemas/moderation";
import { requireUser, requireUserHook } from "../accounts/guards";
import { notifyComment } from "../community/notify";
import { notifyLater } from "../community/notify-later";
import { invalidateAuthorViews } from "../reading/author-views";
import { moderate } from "./actions";
import { listAudit } from "./audit";
import { fileAppeal, loadQueue } from "./queue";
import { reportStandInRoutes } from "./report-stand-in";
import { adminHook, moderatorHook, requireModerator } from "./roles";

export async function moderationRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();

  app.get("/api/moderation/reports", { onRequest: moderatorHook }, async (request) => loadQueue(request.db));

  app.post(
    "/api/moderation/actions",
    { onRequest: moderatorHook, schema: { body: ModerationActionBody } },
    async (request) => {
      const actor = requireModerator(request);
      const { result, effects } = await moderate(request.db, actor, request.body, now());
      // After the commit: drop the cached public views here and, through the bus, on every instance.
      for (const id of new Set(effects.storyIds)) root.readCache.invalidateStory(id);
      if (effects.authorId !== null) await invalidateAuthorViews(root.readCache, request.db, effects.authorId);
      const approved = effects.approvedCommentId;
      if (approved !== null) notifyLater(request, "comment notifications", () => notifyComment(request.db, approved));
      return result;
    },
  );

  app.get("/api/moderation/audit", { onRequest: adminHook, schema: { querystring: AuditQuery } }, async (request) =>
    listAudit(request.db, request.query),
  );

  await reportStandInRoutes(root);

  // The person acted on appeals once, from the notification that told them (any signed-in user; their own only).
  app.post("/api/appeals", { onRequest: requireUserHook, schema: { body: AppealBody } }, async (request, reply) => {
    const appeal = await fileAppeal(request.db, requireUser(request).id, request.body, now());
    return reply.status(201).send(appeal);
  });
}
