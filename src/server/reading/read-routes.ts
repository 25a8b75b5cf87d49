// GET /api/stories/{id}/read: the reader's view of a published story. Open to signed-out visitors for general
// stories (the same text the public page shows); mature ones only to premium users and their author.
//
// How it meets the read cache: the gate query decides who may read and fetches the viewer's two flags; the view
// itself is built without them (liked and bookmarked false, last in the JSON) and sent through readCache.send under
// a key that does not depend on the viewer; the onSend hook below splices the viewer's flags into those bytes
// (a suffix swap, no parsing) and marks the ETag, so a 304 is never answered for another viewer's flags.
// Signed-out viewers skip the gate: the read cache answers mayRead (visibility.ts) from the cached view's rating and
// authorId, so a cached story costs them no query.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ReadStoryView } from "../../shared/schemas/reading";
import { NoContent, OPTIONAL_SIGN_IN } from "../http/api-doc";
import { MAX_STORY_STATES } from "../accounts/session-cache";
import { notFound } from "../errors";
import { countRead } from "../reading-stats/read-counter";
import { spliceViewerState, type ViewerState } from "./present-read";
import { buildReadView, readGate } from "./read-story";
import { mayRead, parseReadableStoryId, type ReadableFacts, STORY_NOT_PUBLISHED } from "../policies/visibility";

const IdParams = z.object({ id: z.string() });

export const readCacheKey = (id: number) => `read:${id}`;

const viewerStates = new WeakMap<FastifyRequest, ViewerState>();

// NOTE: callback-style: an async hook costs a promise on every read, signed out included.
function spliceViewer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const state = viewerStates.get(request);
  if (!state || (!state.liked && !state.bookmarked)) {
    done(null, payload);
    return;
  }
  const etag = reply.getHeader("etag");
  // The viewer's flags go inside the closing quote: `"abc"` becomes `"abc-10"` (liked, not bookmarked).
  if (typeof etag === "string" && etag.endsWith('"'))
    reply.header("etag", `${etag.slice(0, -1)}-${+state.liked}${+state.bookmarked}"`);
  done(null, typeof payload === "string" || Buffer.isBuffer(payload) ? spliceViewerState(payload, state) : payload);
}

/** What the cache keeps beside a view for mayRead; every send of a view passes it, whoever builds the entry. */
const VIEW_FACTS = {
  facts: (view: ReadStoryView): ReadableFacts => ({
    published: true,
    rating: view.rating,
    authorId: view.authorId ?? 0,
    audience: view.audience,
    ...(view.anonymous ? { hidden: true } : {}),
  }),
};
/** Signed out: the cached view's own rating and author answer mayRead, so a cached story costs no query at all. */
const SIGNED_OUT = {
  ...VIEW_FACTS,
  authorize: (facts: ReadableFacts) => {
    if (!mayRead(facts, null)) throw notFound(STORY_NOT_PUBLISHED);
  },
};

const READABLE_ID = /^\d{1,9}$/;
const signedOutMayRead = (facts: ReadableFacts | undefined) => facts !== undefined && mayRead(facts, null);

/**
 * The fast path (decision 0017): a signed-out GET or HEAD of a cached view is answered here, before the body parsing,
 * the text guard, the schema and the handler, with the very bytes and headers the handler would send (the same key,
 * the same readCache code). Anything else, a miss or a view this visitor may not read included, goes on to the handler.
 */
// NOTE: only without a Cookie header and with nobody signed in: a signed-out visitor with other cookies takes the
// handler, which answers the same (fast-path.test.ts compares the two that way), and a reader signed in by an API
// token (no cookie) takes the signed-in path, as with their session (it answered them the signed-out view).
function cachedForSignedOut(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const raw = (request.params as { id?: unknown }).id;
  if (typeof raw !== "string" || !READABLE_ID.test(raw)) {
    done();
  } else if (request.headers.cookie === undefined && !request.user) {
    if (request.server.readCache.sendCached(request, reply, readCacheKey(Number(raw)), signedOutMayRead)) {
      countRead({ storyId: Number(raw), request });
    } else {
      done();
    }
  } else if (!cachedForSignedIn(request, reply, Number(raw))) {
    done();
  }
}

/**
 * The signed-in fast path (issue 19): a signed-in viewer whose cached session already holds their flags for this
 * story, reading a cached view they may read, is answered here as the handler would answer them (the same gate from
 * the same facts and flags, `no-store`, the flags spliced by spliceViewer), without the schema and the handler.
 * Anything else (no cached session, flags not kept yet, a miss, a story they may not read) goes on to the handler.
 */
function cachedForSignedIn(request: FastifyRequest, reply: FastifyReply, id: number): boolean {
  const user = request.user;
  const kept = user && request.session?.storyStates.get(id);
  if (!kept) return false;
  const cache = request.server.readCache;
  const key = readCacheKey(id);
  // NOTE: the gate first, from the cached facts (as signedInState asks it), then the send.
  const facts = cache.cachedFacts<ReadableFacts>(key);
  // Issue 33: an anonymous work goes to the handler (its creators and maintainers get their own view).
  if (!facts || facts.hidden || !mayRead(facts, user)) return false;
  viewerStates.set(request, kept);
  if (!cache.sendCachedSignedIn(request, reply, key)) return false;
  countRead({ storyId: id, request });
  return true;
}

/**
 * Issue 19: a signed-in viewer's gate without a query when it can be: the cached view's facts answer mayRead (as
 * for a signed-out visitor, with this viewer's plan) and the viewer's flags for this story are kept in their cached
 * session (dropped with it whenever they write anything, likes and bookmarks included). Otherwise the gate query,
 * whose flags are kept for next time.
 */
async function signedInState(request: FastifyRequest, id: number): Promise<ViewerState & { seesThrough?: boolean }> {
  const user = request.user!;
  const session = request.session;
  const facts = request.server.readCache.cachedFacts<ReadableFacts>(readCacheKey(id));
  if (facts && !facts.hidden && !mayRead(facts, user)) throw notFound(STORY_NOT_PUBLISHED);
  const kept = facts && !facts.hidden && session?.storyStates.get(id);
  if (kept) return kept;
  const gate = await readGate(request.db, id, user);
  if (!gate) throw notFound(STORY_NOT_PUBLISHED);
  const state: ViewerState = { liked: gate.liked, bookmarked: gate.bookmarked };
  // Issue 33: the flags of an anonymous or unrevealed work are not kept (the fast path must ask the gate again).
  if (gate.hidden) return { ...state, seesThrough: gate.seesThrough };
  if (session) {
    const states = session.storyStates;
    if (states.size >= MAX_STORY_STATES) states.delete(states.keys().next().value as number);
    states.set(id, state);
  }
  return state;
}

export async function readRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/stories/:id/read",
    {
      schema: {
        summary: "Read a published work",
        security: OPTIONAL_SIGN_IN,
        params: IdParams,
        // NOTE: 304 answers a matching If-None-Match (the read cache's ETag).
        response: { 200: ReadStoryView, 304: NoContent },
      },
      onRequest: cachedForSignedOut,
      onSend: spliceViewer,
    },
    async (request, reply) => {
      const id = parseReadableStoryId(request.params.id);
      const build = () => buildReadView(request.readDb, id);
      if (!request.user) {
        const sent = await request.server.readCache.send(request, reply, readCacheKey(id), build, SIGNED_OUT);
        countRead({ storyId: id, request });
        return sent;
      }
      const { seesThrough, ...state } = await signedInState(request, id);
      viewerStates.set(request, state);
      countRead({ storyId: id, request });
      // Issue 33: its creators and maintainers read it named (and unrevealed), built for them, never cached.
      if (seesThrough) {
        reply.header("cache-control", "private, no-store");
        return buildReadView(request.db, id, true);
      }
      return request.server.readCache.send(request, reply, readCacheKey(id), build, VIEW_FACTS);
    },
  );
}
