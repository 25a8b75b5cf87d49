// GET /api/published-stories. The session is optional: a signed-out visitor gets the general-audience lists (the
// same ones the public story pages show); lists that do not depend on the viewer are served from the read cache.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isBlankText } from "../../shared/blank-text";
import {
  DISCOVER_LIMITS,
  DiscoverQuery,
  DiscoverSort,
  HIDDEN_BY_AI_HEADER,
  NEXT_CURSOR_HEADER,
  PublishedStoryItem,
  WORDS_BOUND,
} from "../../shared/schemas/reading";
import { z } from "zod";
import { NoContent, OPTIONAL_SIGN_IN } from "../http/api-doc";
import {
  CONTENT_RATING_IDS,
  type ContentRating,
  hasControlChars,
  STORY_STATUS_IDS,
  type StoryStatus,
  TAG_LIMITS,
  tagSpelling,
} from "../../shared/tagging";
import { hidesAnyone } from "../safety/blocks";
import { filterKey } from "../tags/tag-filters";
import { discoverPage, includesMature } from "./discover";
import { readerProfile } from "./for-you";
import { AI_FILTERS, type AiFilter } from "../../shared/ai-label";
import { effectiveAiFilter } from "../visibility/ai-filter";
import { findingKey } from "./discover-finding";
import { isLanguageCode, MAX_LANGUAGE_FILTERS } from "../../shared/languages";

type KeyedQuery = Pick<DiscoverQuery, "limit" | "cursor" | "q" | "fandom" | "sort"> &
  Partial<
    Pick<
      DiscoverQuery,
      "tag" | "exclude" | "rating" | "status" | "minWords" | "maxWords" | "ai" | "language" | "crossover"
    >
  >;

/**
 * The read cache's key for a list: every parameter that changes the answer, normalized ("for-you" falls back). `ai`
 * is the filter the list applies (the URL's or the reader's preference), so readers with different preferences
 * never share a page.
 */
export function discoverCacheKey(query: KeyedQuery, mature: boolean, members = mature): string {
  const { limit, cursor, q, fandom, sort } = query;
  const sortKey = sort === "for-you" ? "featured" : sort;
  const ai = query.ai && query.ai !== "any" ? [query.ai] : [];
  // NOTE: signed-in readers' lists hold members-only works; a visitor's never share their key.
  const audience = members ? ["members"] : [];
  return `discover:${JSON.stringify([sortKey, mature, limit, cursor ?? "", q ?? "", fandom ?? "", ...filterKey(query), ...findingKey(query), ...ai, ...audience])}`;
}

const SORTS: ReadonlySet<string> = new Set<DiscoverSort>(DiscoverSort.options);
const RATINGS: ReadonlySet<string> = new Set<string>(CONTENT_RATING_IDS);
const STATUSES: ReadonlySet<string> = new Set<string>(STORY_STATUS_IDS);
const LIMIT = /^[1-9]\d?$/;
// NOTE: the cursors discover.ts makes are base64url; anything else goes to the handler (and its 400).
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;
const NSFW = new Set(["0", "1", "true", "false"]);
const WORDS = /^(?:0|[1-9]\d{0,8})$/;
const AI: ReadonlySet<string> = new Set<string>(AI_FILTERS);

type FastQuery = KeyedQuery & { nsfw?: DiscoverQuery["nsfw"] };

/** FreeTag's rules (shared/schemas/tagging.ts) without zod: the tag as the schema spells it, or undefined (a 400). */
export function plainTag(value: unknown): string | undefined {
  if (typeof value !== "string" || hasControlChars(value)) return undefined;
  const spelled = tagSpelling(value);
  return isBlankText(spelled) || spelled.length > TAG_LIMITS.maxChars ? undefined : spelled;
}

/** A repeatable parameter (one value, or a list from `tag=a&tag=b`) whose every value passes, at most `max` of them. */
function plainList(value: unknown, max: number, item: (v: unknown) => string | undefined): string[] | undefined {
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || list.length > max) return undefined;
  const out: string[] = [];
  for (const v of list) {
    const ok = item(v);
    if (ok === undefined) return undefined;
    out.push(ok);
  }
  return out;
}

const plainRating = (v: unknown) => (typeof v === "string" && RATINGS.has(v) ? v : undefined);
const plainLanguage = (v: unknown) => (v === "all" || isLanguageCode(v) ? v : undefined);
const CROSSOVER = new Set(["only", "exclude"]);

/**
 * A signed-out visitor's query, if every parameter is one the fast path knows (limit, sort, cursor, nsfw, status,
 * minWords, maxWords once each; tag, exclude, rating once or repeated), written as the schema accepts it, normalized
 * as the schema would (defaults included); undefined for anything else (q, fandom, odd spellings), which the handler
 * answers (400 included).
 */
function plainQuery(query: Record<string, unknown>): FastQuery | undefined {
  const out: FastQuery = { limit: DISCOVER_LIMITS.defaultLimit, sort: "new" };
  for (const name in query) {
    const value = query[name];
    if (name === "tag" || name === "exclude") {
      const list = plainList(value, TAG_LIMITS.maxFilterTags, plainTag);
      if (!list) return undefined;
      out[name] = list;
      continue;
    }
    if (name === "rating") {
      const list = plainList(value, CONTENT_RATING_IDS.length, plainRating);
      if (!list) return undefined;
      out.rating = list as ContentRating[];
      continue;
    }
    if (name === "language") {
      const list = plainList(value, MAX_LANGUAGE_FILTERS + 1, plainLanguage);
      if (!list) return undefined;
      out.language = list as DiscoverQuery["language"];
      continue;
    }
    if (typeof value !== "string") return undefined;
    if (name === "limit" && LIMIT.test(value) && Number(value) <= DISCOVER_LIMITS.maxLimit) out.limit = Number(value);
    else if (name === "sort" && SORTS.has(value)) out.sort = value as DiscoverSort;
    else if (name === "cursor" && CURSOR.test(value)) out.cursor = value;
    else if (name === "nsfw" && NSFW.has(value)) out.nsfw = value as DiscoverQuery["nsfw"];
    else if (name === "status" && STATUSES.has(value)) out.status = value as StoryStatus;
    else if (name === "ai" && AI.has(value)) out.ai = value as AiFilter;
    else if (name === "crossover" && CROSSOVER.has(value)) out.crossover = value as DiscoverQuery["crossover"];
    else if ((name === "minWords" || name === "maxWords") && WORDS.test(value) && Number(value) <= WORDS_BOUND) {
      out[name] = Number(value);
    } else return undefined;
  }
  // NOTE: the handler answers this 400 (tagFilters); never cached, but left to it all the same.
  if (out.minWords !== undefined && out.maxWords !== undefined && out.minWords > out.maxWords) return undefined;
  return out;
}

/** A URL the fast path can answer: its cache key for viewers without and with mature stories, and its sort. */
interface FastKeys {
  /** A signed-out visitor's. */
  plain: string;
  /** A signed-in reader's without and with mature stories. */
  member: string;
  mature: string;
  forYou: boolean;
  /** The parsed query when its URL has no `ai`: a signed-in reader's preference then decides the key. */
  unfiltered?: FastQuery;
}

/** Request URLs already worked out (null: not the fast path's); bounded, oldest out first. */
const keysByUrl = new Map<string, FastKeys | null>();
const KEYS_BY_URL = { max: 1_000, maxUrlChars: 1_024 };

/** The read cache's keys for a request's URL, or null when the handler must answer it. */
function fastKeys(request: FastifyRequest): FastKeys | null {
  const url = request.url;
  const known = keysByUrl.get(url);
  if (known !== undefined) return known;
  const query = plainQuery(request.query as Record<string, unknown>);
  // NOTE: the handler's own key function, for a viewer without and with mature stories (includesMature decides).
  const keys = query
    ? {
        plain: discoverCacheKey(query, false),
        member: discoverCacheKey(query, false, true),
        mature: discoverCacheKey(query, true),
        forYou: query.sort === "for-you",
        ...(query.ai === undefined ? { unfiltered: query } : {}),
      }
    : null;
  if (url.length <= KEYS_BY_URL.maxUrlChars) {
    // NOTE: the keys depend on the URL alone (its query string), so they are worked out once per URL.
    if (keysByUrl.size >= KEYS_BY_URL.max) keysByUrl.delete(keysByUrl.keys().next().value as string);
    keysByUrl.set(url, keys);
  }
  return keys;
}

/**
 * The fast path (decision 0017): a GET or HEAD of a cached list, filtered or not, is answered before body parsing,
 * the text guard, the schema and the handler, with the bytes and headers the handler would send (same key function,
 * same readCache code). Signed out (no Cookie header), and since issue 19 signed in too when the cached session says
 * the viewer hides nobody and the list is not their own 'for you' one: then the handler would send the shared list
 * for their plan (`no-store`). Anything else goes on to the handler.
 */
function cachedList(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const keys = fastKeys(request);
  if (!keys) {
    done();
    return;
  }
  const cache = request.server.readCache;
  // NOTE: nobody signed in either: a reader signed in by an API token has no cookie, and gets their own list.
  if (request.headers.cookie === undefined && !request.user) {
    if (!cache.sendCached(request, reply, keys.plain, () => true)) done();
    return;
  }
  const viewer = request.user;
  if (!viewer || request.session?.hidesAnyone !== false || keys.forYou) {
    done();
    return;
  }
  const nsfw = (request.query as { nsfw?: DiscoverQuery["nsfw"] }).nsfw;
  const mature = includesMature(viewer, nsfw);
  // NOTE: without `ai` in the URL the reader's preference is the filter, and the key is the filter's.
  const key =
    keys.unfiltered && viewer.readingAi !== "any"
      ? discoverCacheKey({ ...keys.unfiltered, ai: viewer.readingAi as AiFilter }, mature, true)
      : mature
        ? keys.mature
        : keys.member;
  if (!cache.sendCachedSignedIn(request, reply, key)) done();
}

/** The next page's cursor, and how many works the AI filter left out of this one (when any were). */
function pageHeaders(reply: FastifyReply, page: { nextCursor: string | null; hiddenByAi?: number }): void {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  if (page.hiddenByAi) reply.header(HIDDEN_BY_AI_HEADER, String(page.hiddenByAi));
}

export async function discoverRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/published-stories",
    {
      schema: {
        summary: "Discover and search published works",
        security: OPTIONAL_SIGN_IN,
        querystring: DiscoverQuery,
        response: {
          200: z
            .array(PublishedStoryItem)
            .describe(
              `One page of works. The next page's cursor is in the \`${NEXT_CURSOR_HEADER}\` header (absent on the last page); \`${HIDDEN_BY_AI_HEADER}\` counts the works the AI filter left out of this page (absent when none).`,
            ),
          304: NoContent,
        },
      },
      onRequest: cachedList,
    },
    async (request, reply) => {
      const query = {
        ...request.query,
        ai: effectiveAiFilter(request.query.ai, request.user),
        members: request.user !== null,
      };
      const mature = includesMature(request.user, query.nsfw);
      if (query.sort === "for-you" && request.user) {
        const profile = await readerProfile(request.db, request.user.id);
        if (profile) {
          const page = await discoverPage(request.readDb, query, mature, profile, request.user.id);
          pageHeaders(reply, page);
          return reply.header("cache-control", "private, no-cache").send(page.items);
        }
      }
      const sort = query.sort === "for-you" ? "featured" : query.sort;
      // A viewer who blocks or mutes someone gets their own list, without those authors (one anti-join), uncached.
      // NOTE: the cached session knows (session-cache.ts); a route that loaded no session asks the database.
      const viewer = request.user;
      const hides = viewer !== null && (request.session?.hidesAnyone ?? (await hidesAnyone(request.db, viewer.id)));
      if (hides) {
        const page = await discoverPage(request.readDb, { ...query, sort }, mature, undefined, viewer.id);
        pageHeaders(reply, page);
        return reply.header("cache-control", "private, no-cache").send(page.items);
      }
      // Everything else is the same for every viewer allowed the same ratings: one key per parameter set.
      return root.readCache.send(request, reply, discoverCacheKey(query, mature, query.members), async () => {
        const page = await discoverPage(request.readDb, { ...query, sort }, mature);
        // NOTE: set while building: the read cache keeps the headers a build sets with its bytes.
        pageHeaders(reply, page);
        return page.items;
      });
    },
  );
}
