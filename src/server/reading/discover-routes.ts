// GET /api/published-stories. The session is optional: a signed-out visitor gets the general-audience lists (the
// same ones the public story pages show); lists that do not depend on the viewer are served from the read cache.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DiscoverQuery, NEXT_CURSOR_HEADER } from "../../shared/schemas/reading";
import { discoverPage, includesMature, readerProfile } from "./discover";

export async function discoverRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get("/api/published-stories", { schema: { querystring: DiscoverQuery } }, async (request, reply) => {
    const query = request.query;
    const mature = includesMature(request.user, query.nsfw);
    if (query.sort === "for-you" && request.user) {
      const profile = await readerProfile(request.db, request.user.id);
      if (profile) {
        const page = await discoverPage(request.db, query, mature, profile);
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return reply.header("cache-control", "private, no-cache").send(page.items);
      }
    }
    // Everything else is the same for every viewer allowed the same ratings: one key per parameter set.
    const { limit, cursor, q, tag, fandom, sort } = query;
    const key = `discover:${JSON.stringify([sort === "for-you" ? "featured" : sort, mature, limit, cursor ?? "", q ?? "", tag ?? "", fandom ?? ""])}`;
    return root.readCache.send(request, reply, key, async () => {
      const page = await discoverPage(request.db, { ...query, sort: sort === "for-you" ? "featured" : sort }, mature);
      // NOTE: set while building: the read cache keeps the headers a build sets with its bytes.
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    });
  });
}
