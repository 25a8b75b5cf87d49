// Tag wrangling's routes (issue 31 section 4): wranglers, moderators and admins only (401 signed out, 403 to anyone
// else, before the body is read). Every change drops Discover's and the tag pages' cached answers on every instance,
// since filters expand synonyms.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  canWrangle,
  FandomBody,
  SynonymBody,
  WRANGLING_MESSAGES,
  WrangledTag,
  WranglingQueue,
  WranglingQueueQuery,
} from "../../shared/schemas/wrangling";
import { SIGNED_IN } from "../http/api-doc";
import { hasControlChars, TAG_LIMITS } from "../../shared/tagging";
import { requireUser } from "../accounts/guards";
import { forbidden } from "../errors";
import type { UserRow } from "../types";
import { loadQueue } from "./queue";
import { makeCanonical, makeSynonym, setTagFandom, undoSynonym } from "./wrangle";

function requireWrangler(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!canWrangle(user.role)) throw forbidden(WRANGLING_MESSAGES.notWrangler);
  return user;
}

async function wranglerHook(request: FastifyRequest): Promise<void> {
  requireWrangler(request);
}

const TagParams = z.object({
  name: z
    .string()
    .min(1)
    .max(TAG_LIMITS.maxChars * 3)
    .refine((n) => !hasControlChars(n)),
});

/** What every tag-changing route shares: the tag in the URL, the tag as it is now in the answer. */
const wrangles = (summary: string) => ({
  summary,
  security: SIGNED_IN,
  params: TagParams,
  response: { 200: WrangledTag },
});

export async function wranglingRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();
  const changed = () => root.readCache.invalidateDiscover();

  app.get(
    "/api/wrangling/queue",
    {
      onRequest: wranglerHook,
      schema: {
        summary: "Tags waiting to be wrangled, and the ones wrangled lately (wranglers)",
        security: SIGNED_IN,
        querystring: WranglingQueueQuery,
        response: { 200: WranglingQueue },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return loadQueue(request.db, request.query);
    },
  );

  app.post(
    "/api/tags/:name/synonym",
    {
      onRequest: wranglerHook,
      schema: { ...wrangles("Make a tag a synonym of another (wranglers)"), body: SynonymBody },
    },
    async (request) => {
      const tag = await makeSynonym(request.db, requireWrangler(request), request.params.name, request.body.of, now());
      changed();
      return tag;
    },
  );

  const unsynonym = { onRequest: wranglerHook, schema: wrangles("Make a synonym its own tag again (wranglers)") };
  app.delete("/api/tags/:name/synonym", unsynonym, async (request) => {
    const tag = await undoSynonym(request.db, requireWrangler(request), request.params.name, now());
    changed();
    return tag;
  });

  const canonical = { onRequest: wranglerHook, schema: wrangles("Make a tag canonical (wranglers)") };
  app.post("/api/tags/:name/canonical", canonical, async (request) => {
    const tag = await makeCanonical(request.db, requireWrangler(request), request.params.name, now());
    changed();
    return tag;
  });

  app.post(
    "/api/tags/:name/fandom",
    {
      onRequest: wranglerHook,
      schema: { ...wrangles("Set or clear the fandom a tag belongs to (wranglers)"), body: FandomBody },
    },
    async (request) => {
      const { name } = request.params;
      const tag = await setTagFandom(request.db, requireWrangler(request), name, request.body.fandom, now());
      changed();
      return tag;
    },
  );
}
