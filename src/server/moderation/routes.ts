// Moderation routes (issue 18, section 2). Every /api/moderation route answers 401 signed out and 403 to users
// (the audit log 403 to moderators too), from the role the session lookup read from the database for this request,
// before the body is validated. No route grants a role. Mutations pass the app's same-origin rule (http/security.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ActionResult,
  AppealBody,
  AppealFiled,
  AuditPage,
  AuditQuery,
  ModerationActionBody,
  ModerationQueue,
} from "../../shared/schemas/moderation";
import { errors, OPTIONAL_SIGN_IN, SIGNED_IN } from "../http/api-doc";
import { requireUser } from "../accounts/guards";
import { loadSigningKey } from "../email-notifications/unsubscribe-token";
import { AppError } from "../errors";
import { readAppealToken } from "./appeal-token";
import { moderate } from "./actions";
import { listAudit } from "./audit";
import { fileAppeal, loadQueue } from "./queue";
import { adminHook, moderatorHook, requireModerator } from "./roles";

export const APPEAL_LINK_EXPIRED = "This appeal form has expired. Sign in again to get a new one.";

export async function moderationRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();

  const queueSchema = {
    summary: "The moderation queue: reports, appeals and held comments (moderators)",
    security: SIGNED_IN,
    response: { 200: ModerationQueue },
  };
  app.get("/api/moderation/reports", { onRequest: moderatorHook, schema: queueSchema }, async (request) =>
    loadQueue(request.db),
  );

  app.post(
    "/api/moderation/actions",
    {
      onRequest: moderatorHook,
      schema: {
        summary: "Act on a story, chapter, comment or person (moderators)",
        security: SIGNED_IN,
        body: ModerationActionBody,
        response: { 200: ActionResult, ...errors(404) },
      },
    },
    async (request) => {
      const actor = requireModerator(request);
      const { result, effects } = await moderate(request.db, actor, request.body, now());
      await root.deps.events.emit("moderation.applied", effects);
      return result;
    },
  );

  const auditSchema = {
    summary: "The moderation audit log, newest first (admins)",
    security: SIGNED_IN,
    querystring: AuditQuery,
    response: { 200: AuditPage },
  };
  app.get("/api/moderation/audit", { onRequest: adminHook, schema: auditSchema }, async (request) =>
    listAudit(request.db, request.query),
  );

  // The person acted on appeals once: signed in, from the notification that told them (their own decisions only);
  // suspended, with the token the sign-in refusal gave them after the right password (appeal-token.ts).
  const appealSchema = {
    summary: "Appeal a moderation decision about you (signed in, or with the token a suspended sign-in gave)",
    security: OPTIONAL_SIGN_IN,
    body: AppealBody,
    response: { 201: AppealFiled, ...errors(404, 409) },
  };
  app.post("/api/appeals", { schema: appealSchema }, async (request, reply) => {
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
