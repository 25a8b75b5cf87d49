// GET /api/published-stories. The session is optional: a signed-out visitor gets the general-audience lists (the
// same ones the public story pages show); lists that do not depend on the viewer are served from the read cache.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DISCOVER_LIMITS, DiscoverQuery, DiscoverSort, NEXT_CURSOR_HEADER } from "../../shared/schemas/reading";
import { hidesAnyone } from "../safety/blocks";
import { filterKey } from "../tags/tag-filters";
import { discoverPage, includesMature, readerProfile } from "./discover";

type KeyedQuery = Pick<DiscoverQuery, "limit" | "cursor" | "q" | "fandom" | "sort"> &
  Partial<Pick<DiscoverQuery, "tag" | "exclude" | "rating" | "status" | "minWords" | "maxWords">>;

/** The read cache's key for a list: every parameter that changes the answer, normalized ("for-you" falls back). */
export function discoverCacheKey(query: KeyedQuery, mature: boolean): string {
  const { limit, cursor, q, fandom, sort } = query;
  const sortKey = sort === "for-you" ? "featured" : sort;
  return `discover:${JSON.stringify([sortKey, mature, limit, cursor ?? "", q ?? "", fandom ?? "", ...filterKey(query)])}`;
}

const SORTS: ReadonlySet<string> = new Set<DiscoverSort>(DiscoverSort.options);
const LIMIT = /^[1-9]\d?$/;
// NOTE: the cursors discover.ts makes are base64url; anything else goes to the handler (and its 400).
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;
const NSFW = new Set(["0", "1", "true", "false"]);

/**
 * A signed-out visitor's query, if it holds only plain parameters (limit, sort, cursor, nsfw, each once, well formed),
 * normalized as the schema would (defaults included); undefined for anything else, which the handler answers.
 */
function plainQuery(query: Record<string, unknown>): (KeyedQuery & { nsfw?: DiscoverQuery["nsfw"] }) | undefined {
  const out: KeyedQuery & { nsfw?: DiscoverQuery["nsfw"] } = {
    limit: DISCOVER_LIMITS.defaultLimit,
    sort: "new",
  };
  for (const name in query) {
    const value = query[name];
    if (typeof value !== "string") return undefined;
    if (name === "limit" && LIMIT.test(value) && Number(value) <= DISCOVER_LIMITS.maxLimit) out.limit = Number(value);
    else if (name === "sort" && SORTS.has(value)) out.sort = value as DiscoverSort;
    else if (name === "cursor" && CURSOR.test(value)) out.cursor = value;
    else if (name === "nsfw" && NSFW.has(value)) out.nsfw = value as DiscoverQuery["nsfw"];
    else return undefined;
  }
  return out;
}

/**
 * The fast path (decision 0017): a signed-out GET or HEAD of a cached plain list is answered before body parsing,
 * the text guard, the schema and the handler, with the bytes and headers the handler would send (same key function,
 * same readCache code). Anything else goes on to the handler.
 */
function cachedForSignedOut(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  // NOTE: only without a Cookie header (no session, so no user), as the read route's fast path.
  const query = request.headers.cookie === undefined && plainQuery(request.query as Record<string, unknown>);
  // NOTE: no user, so includesMature says false whatever nsfw says; asked all the same, as the handler asks it.
  const key = query && discoverCacheKey(query, includesMature(null, query.nsfw));
  if (!key || !request.server.readCache.sendCached(request, reply, key, () => true)) done();
}

export async function discoverRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/published-stories",
    { schema: { querystring: DiscoverQuery }, onRequest: cachedForSignedOut },
    async (request, reply) => {
      const query = request.query;
      const mature = includesMature(request.user, query.nsfw);
      if (query.sort === "for-you" && request.user) {
        const profile = await readerProfile(request.db, request.user.id);
        if (profile) {
          const page = await discoverPage(request.db, query, mature, profile, request.user.id);
          if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
          return reply.header("cache-control", "private, no-cache").send(page.items);
        }
      }
      const sort = query.sort === "for-you" ? "featured" : query.sort;
      // A viewer who blocks or mutes someone gets their own list, without those authors (one anti-join), uncached.
      if (request.user && (await hidesAnyone(request.db, request.user.id))) {
        const page = await discoverPage(request.db, { ...query, sort }, mature, undefined, request.user.id);
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return reply.header("cache-control", "private, no-cache").send(page.items);
      }
      // Everything else is the same for every viewer allowed the same ratings: one key per parameter set.
      return root.readCache.send(request, reply, discoverCacheKey(query, mature), async () => {
        const page = await discoverPage(request.db, { ...query, sort }, mature);
        // NOTE: set while building: the read cache keeps the headers a build sets with its bytes.
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return page.items;
      });
    },
  );
}
