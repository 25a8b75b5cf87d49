// Issue 33: the maintainers' routes of anonymity: the collection's works with their creators named, and the reveal.
// A reveal announces collection.revealed after its commit: the read cache drops the works' views and every list, and
// the held-back notifications go out in the background (app-subscribers.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CollectionRevealed, CollectionWorksPage, CollectionWorksQuery } from "../../shared/schemas/collection-reveal";
import { errors, SIGNED_IN } from "../http/api-doc";
import { requireUser, requireUserHook } from "../accounts/guards";
import { requireMaintainer } from "./access";
import { ALREADY_REVEALED, revealCollection } from "./reveal";
import { listCollectionWorks } from "./works";
import { AppError } from "../errors";

const NameParams = z.object({ name: z.string().max(100) });
const signedIn = { onRequest: requireUserHook };

export async function collectionRevealRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/collections/:name/works",
    {
      ...signedIn,
      schema: {
        summary: "List a collection's works with their creators named, unrevealed ones included (maintainers)",
        security: SIGNED_IN,
        params: NameParams,
        querystring: CollectionWorksQuery,
        response: { 200: CollectionWorksPage },
      },
    },
    async (request, reply) => {
      const collection = await requireMaintainer(request.db, request.params.name, requireUser(request).id);
      reply.header("cache-control", "private, no-store");
      const before = request.query.before === undefined ? undefined : Number(request.query.before);
      return listCollectionWorks(request.db, collection.id, before);
    },
  );

  const revealSchema = {
    summary: "Reveal a collection now: its anonymous works name their creators, its unrevealed works appear",
    security: SIGNED_IN,
    params: NameParams,
    response: { 200: CollectionRevealed, ...errors(409) },
  };
  app.post("/api/collections/:name/reveal", { ...signedIn, schema: revealSchema }, async (request) => {
    const collection = await requireMaintainer(request.db, request.params.name, requireUser(request).id);
    if (collection.revealedAt) throw new AppError(409, "ALREADY_REVEALED", ALREADY_REVEALED);
    const now = root.deps.now();
    const revealed = await revealCollection(request.db, collection.id, now);
    await root.deps.events.emit("collection.revealed", revealed);
    return { revealedAt: now.toISOString(), works: revealed.storyIds.length } satisfies CollectionRevealed;
  });
}
