// Moderation routes (issue 18, section 2). Every /api/moderation route answers 401 signed out and 403 to users
// (the audit log 403 to moderators too), from the role the session lookup read from the database for this request,
// before the body is validated. No route grants a role. Mutations pass the app's same-origin rule (http/security.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppealBody, AuditQuery, ModerationActionBody } from "../../shared/schemas/moderation";
import { requireUser } from "../accounts/guards";
import { loadSigningKey } from "../email-notifications/unsubscribe-token";
import { AppError } from "../errors";
import { readAppealToken } from "./appeal-token";
import { notifyComment } from "../community/notify";
import { notifyLater } from "../community/notify-later";
import { invalidateAuthorViews } from "../read-cache/author-views";
import { moderate } from "./actions";
import { listAudit } from "./audit";
import { fileAppeal, loadQueue } from "./queue";
import { adminHook, moderatorHook, requireModerator } from "./roles";

export const APPEAL_LINK_EXPIRED = "This appeal form has expired. Sign in again to get a new one.";

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

  // The person acted on appeals once: signed in, from the notification that told them (their own decisions only);
  // suspended, with the token the sign-in refusal gave them after the right password (appeal-token.ts).
  app.post("/api/appeals", { schema: { body: AppealBody } }, async (request, reply) => {
    const { auditId, token, text } = request.body;
    let claim: { userId: number; auditId: number } | undefined;
    if (token !== undefined) {
      const key = await loadSigningKey(request.db, root.deps.config.APP_SECRET);
      claim = readAppealToken(key, token, now());
      if (!claim) throw new AppError(400, "VALIDATION", APPEAL_LINK_EXPIRED);
    } else {
      const user = requireUser(request);
      if (auditId === undefined) throw new AppError(400, "VALIDATION", "Say which decision you appeal");
      claim = { userId: user.id, auditId };
    }
    const appeal = await fileAppeal(request.db, claim.userId, { auditId: claim.auditId, text }, now());
    return reply.status(201).send(appeal);
  });
}
