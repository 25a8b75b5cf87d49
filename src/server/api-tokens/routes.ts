// Issue 34 section 2: POST, GET /api/me/tokens and DELETE /api/me/tokens/{id}. Session-only (policy.ts): a token
// never makes or lists tokens.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiTokenCreate, ApiTokenCreated, ApiTokenId, ApiTokenList } from "../../shared/schemas/api-tokens";
import { requireUser, requireUserHook } from "../accounts/guards";
import { errors, NoContent, SIGNED_IN } from "../http/api-doc";
import { createApiToken, listApiTokens, revokeApiToken } from "./tokens";

export async function apiTokenRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUserHook };
  app.post(
    "/api/me/tokens",
    {
      ...signedIn,
      schema: {
        summary: "Create a personal API token (the token is answered this once)",
        security: [...SIGNED_IN],
        body: ApiTokenCreate,
        response: { 201: ApiTokenCreated, ...errors(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiToken(request.db, requireUser(request).id, request.body, app.deps.now())),
  );
  app.get(
    "/api/me/tokens",
    {
      ...signedIn,
      schema: {
        summary: "List your API tokens (never the tokens themselves)",
        security: [...SIGNED_IN],
        response: { 200: ApiTokenList },
      },
    },
    async (request) => listApiTokens(request.db, requireUser(request).id),
  );
  app.delete(
    "/api/me/tokens/:id",
    {
      ...signedIn,
      schema: {
        summary: "Revoke an API token: it stops working at once",
        security: [...SIGNED_IN],
        params: ApiTokenId,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await revokeApiToken(request.db, requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
