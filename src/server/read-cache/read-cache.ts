// The read path's cache of ready-to-send bytes with ETags (decision 0017), invalidated on publish, unpublish,
// edit of a published story, delete, like and comment: in this process at once, and in every other instance on the
// same PostgreSQL database through NOTIFY (invalidation-bus.ts). docs/decisions (read cache) explains the choices.
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { compressBody } from "../http/compress";
import { ENCODINGS, type Encoding, negotiateEncoding } from "../http/encoding";
import { CacheStore, type StoredAnswer } from "./cache-store";
import { startInvalidationBus } from "./invalidation-bus";

/** Keys name what they hold; invalidation drops a story's keys, or every Discover key, by this shape. */
export const readCacheKey = {
  /** A story's viewer-independent answers: `part` tells them apart (e.g. "read", "page"). */
  story: (storyId: number, part: string) => `story:${storyId}:${part}`,
  /** A Discover or search list: every query parameter that changes the answer, normalized, in `query`. */
  discover: (query: string) => `discover:${query}`,
  /**
   * An author's public page (/u/{name}; `before`: an older page of their works), by the name's lower case: it lists
   * their stories, so it goes with Discover.
   */
  /**
   * Issue 30: a series' public page or feed. NOTE: in Discover's scope on purpose: it lists works as Discover does,
   * so every write that drops a story (or Discover) drops it too; a change to the series drops its works.
   */
  series: (seriesId: number, part: string) => `discover:series/${seriesId}/${part}`,
  author: (username: string, before?: number) =>
    `author:${username.toLowerCase()}${before === undefined ? "" : `:before=${before}`}`,
};

type Fields = Record<string, unknown>;

export interface SendOptions<T, F> {
  /**
   * What the entry remembers of the built value for `authorize` (keep it small: it stays beside the bytes), e.g.
   * `(view) => ({ rating: view.rating })`.
   */
  facts?: (value: T) => F;
  /** Runs for every request, cached or not, before anything is sent: throw (a 404 …) to refuse this viewer. */
  authorize?: (facts: F, request: FastifyRequest) => void | Promise<void>;
  /**
   * Top-level fields that depend on the viewer, spliced into the cached JSON object's bytes (build must leave them
   * out): `signedOut` is kept in the cached bytes, `signedIn` runs for each request that has a user.
   */
  viewer?: { signedOut: Fields; signedIn: (request: FastifyRequest) => Promise<Fields> };
  /** Not JSON: build returns the body as a string, sent with this content type (e.g. the public page's HTML). */
  contentType?: string;
}

export interface ReadCache {
  /**
   * Answers `request` with the JSON `build` makes for `key` (from readCacheKey), built once and kept as bytes with
   * an ETag until invalidated; a matching If-None-Match gets 304. Keys must not depend on the viewer (`build` must
   * not either): what does goes through `options.viewer` and `options.authorize`. Call the invalidations AFTER the
   * write has committed.
   */
  send<T, F = undefined>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<T>,
    options?: SendOptions<T, F>,
  ): Promise<FastifyReply>;
  /**
   * The fast path for a signed-out GET whose answer is cached: sends exactly what `send` would send a signed-out
   * viewer for `key` (its headers, coding, ETag, 304) and returns true, or sends nothing and returns false (not
   * cached, or `allowed` refuses the entry's facts: the normal route then answers, 404 included).
   */
  sendCached<F>(request: FastifyRequest, reply: FastifyReply, key: string, allowed: (facts: F) => boolean): boolean;
  /**
   * The signed-in fast path (issue 19): `key`'s cached answer as send() gives it to a signed-in viewer of a route
   * without per-viewer fields (`no-store`, the identity bytes), when cached; false otherwise. The caller has asked
   * whether this viewer may have it (cachedFacts).
   */
  sendCachedSignedIn(request: FastifyRequest, reply: FastifyReply, key: string): boolean;
  /**
   * The facts kept beside `key`'s cached answer (SendOptions.facts), or undefined when it is not cached: a
   * signed-in request decides from them, as the signed-out fast path does, without a query (issue 19).
   */
  cachedFacts<F>(key: string): F | undefined;
  /**
   * For answers that are not one body (the public page's redirects, its own codings): the value `build` makes for
   * `key`, kept until invalidated like send's; `size` tells its bytes for the bound.
   */
  remember<T>(key: string, build: () => Promise<T>, size: (value: T) => number): Promise<T>;
  /** A story's read view, public page, every Discover list and every author page may have changed. */
  invalidateStory(storyId: number): void;
  /** Discover lists (and the author pages) may have changed (a story was published, unpublished, liked …). */
  invalidateDiscover(): void;
  /** Author pages may have changed (a rename, a new bio): every author's, as a rename frees the old name. */
  invalidateAuthors(): void;
  /** Everything may have changed (e.g. an author renamed). */
  invalidateAll(): void;
  /** Entries and bytes held (tests, benchmarks). */
  readonly size: { entries: number; bytes: number };
  /** Entries and bytes held, and lookups answered from memory (hits) or built (misses) since start (/metrics). */
  readonly stats: { entries: number; bytes: number; hits: number; misses: number };
  /**
   * Changes with every drop, here or heard from another instance, and on every read while invalidations may be
   * missed: something derived from stories and kept elsewhere (a reader's bookmark list, decision 0045) is current
   * while the generation it was built under still is.
   */
  readonly generation: number;
}

declare module "fastify" {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

export interface ReadCacheOptions {
  maxBytes?: number;
  maxAgeMs?: number;
  /** Discover and search lists kept at most (least recently used go first): filter combinations are unbounded. */
  maxDiscoverEntries?: number;
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const DEFAULT_MAX_AGE_MS = 5 * 60 * 1000;
/** ~8 MB of 4-item pages (a page is ~1.7 KB, kept with its brotli and gzip forms): a quarter of the bytes at most. */
const DEFAULT_MAX_DISCOVER_ENTRIES = 2_000;
/** Below this an encoded form saves less than its headers cost. */
const MIN_ENCODE_BYTES = 512;
const JSON_TYPE = "application/json; charset=utf-8";

interface Representation {
  body: Buffer;
  etag: string;
}

interface Memo extends StoredAnswer {
  kind: "memo";
  value: unknown;
}

interface Answer extends StoredAnswer {
  kind: "answer";
  /** Headers the build set on its reply (Discover's next cursor): every answer from these bytes gets them. */
  headers: [string, string][];
  identity: Representation;
  /** Made on first demand; null when it would not be smaller. */
  encoded: Partial<Record<Encoding, Representation | null>>;
  /** The JSON object without its closing brace (and with a comma when it has members): viewer fields go after. */
  head: Buffer | undefined;
  facts: unknown;
  contentType: string;
}

const etagOf = (body: Buffer, suffix = "") =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}${suffix}"`;

function makeAnswer<T, F>(value: T, options: SendOptions<T, F>, headers: [string, string][]): Answer {
  let text: string;
  let head: Buffer | undefined;
  if (options.contentType) {
    text = String(value);
  } else {
    text = JSON.stringify(value);
    if (options.viewer) {
      if (!text.startsWith("{")) throw new Error("read cache: viewer fields need a JSON object");
      const open = text === "{}" ? "{" : `${text.slice(0, -1)},`;
      head = Buffer.from(open);
      text = open + JSON.stringify(options.viewer.signedOut).slice(1);
    }
  }
  const body = Buffer.from(text);
  return {
    kind: "answer",
    headers,
    identity: { body, etag: etagOf(body) },
    encoded: {},
    head,
    facts: options.facts ? options.facts(value) : undefined,
    contentType: options.contentType ?? JSON_TYPE,
    size: body.length * 2 + (head?.length ?? 0) + 256,
  };
}

/** Whether any entity tag in an If-None-Match header matches (weak comparison, RFC 9110 section 13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  for (const tag of header.split(",")) {
    const t = tag.trim();
    if ((t.startsWith("W/") ? t.slice(2) : t) === etag) return true;
  }
  return false;
}

export function createReadCache(app: FastifyInstance, options: ReadCacheOptions = {}) {
  const store = new CacheStore<Answer | Memo>({
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxAgeMs: options.maxAgeMs ?? DEFAULT_MAX_AGE_MS,
    maxScopeEntries: { discover: options.maxDiscoverEntries ?? DEFAULT_MAX_DISCOVER_ENTRIES },
  });

  // NOTE: plain numbers: a hit on the hot path costs one increment; /metrics reads them when scraped.
  let hits = 0;
  let misses = 0;
  let generation = 0;
  let keeping = true;
  /** The entry for `key` counted as a hit, or undefined. */
  function hit(key: string): Answer | Memo | undefined {
    const found = store.get(key);
    if (found !== undefined) hits++;
    return found;
  }
  /** Builds `key` (or joins its build in flight), counted as a miss. */
  function miss(key: string, build: () => Promise<Answer | Memo>): Promise<Answer | Memo> {
    misses++;
    return store.fill(key, build);
  }

  function representation(
    key: string,
    answer: Answer,
    acceptEncoding: string | undefined,
  ): [Representation, Encoding | undefined] {
    if (acceptEncoding === undefined || answer.identity.body.length < MIN_ENCODE_BYTES)
      return [answer.identity, undefined];
    const wanted = negotiateEncoding(acceptEncoding, ENCODINGS);
    if (wanted === "identity") return [answer.identity, undefined];
    let encoded = answer.encoded[wanted];
    if (encoded === undefined) {
      const body = compressBody(answer.identity.body, wanted);
      encoded =
        body.length < answer.identity.body.length * 0.9
          ? { body, etag: etagOf(answer.identity.body, `-${wanted}`) }
          : null;
      answer.encoded[wanted] = encoded;
      if (encoded) store.grew(key, answer, encoded.body.length);
    }
    if (encoded === null) {
      // The other coding may still pay (never tried yet); identity is always acceptable here.
      return [answer.identity, undefined];
    }
    return [encoded, wanted];
  }

  /** Signed out: the same bytes for everyone; browsers may keep them and must ask again (an ETag makes that cheap). */
  function sendSignedOut(request: FastifyRequest, reply: FastifyReply, key: string, answer: Answer): FastifyReply {
    const [chosen, encoding] = representation(key, answer, request.headers["accept-encoding"]);
    reply.header("cache-control", "no-cache").header("vary", "Cookie, Accept-Encoding").header("etag", chosen.etag);
    if (matches(request.headers["if-none-match"], chosen.etag)) return reply.code(304).send();
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(chosen.body);
  }

  const cache = {
    async send<T, F>(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      build: () => Promise<T>,
      sendOptions: SendOptions<T, F> = {},
    ): Promise<FastifyReply> {
      const answer =
        hit(key) ??
        (await miss(key, async () => {
          const before = new Set(Object.keys(reply.getHeaders()));
          const value = await build();
          const added = Object.entries(reply.getHeaders()).filter(([name]) => !before.has(name));
          return makeAnswer(
            value,
            sendOptions,
            added.map(([name, v]) => [name, String(v)]),
          );
        }));
      if (answer.kind !== "answer") throw new Error(`read cache: ${key} holds a remembered value, not an answer`);
      if (sendOptions.authorize) await sendOptions.authorize(answer.facts as F, request);
      for (const [name, value] of answer.headers) reply.header(name, value);
      reply.header("content-type", answer.contentType);
      if (request.user) {
        // Authenticated answers are never stored by a browser or a shared cache.
        reply.header("cache-control", "no-store");
        if (!answer.head || !sendOptions.viewer) return reply.send(answer.identity.body);
        const fields = await sendOptions.viewer.signedIn(request);
        return reply.send(Buffer.concat([answer.head, Buffer.from(JSON.stringify(fields).slice(1))]));
      }
      return sendSignedOut(request, reply, key, answer);
    },
    sendCached<F>(request: FastifyRequest, reply: FastifyReply, key: string, allowed: (facts: F) => boolean): boolean {
      const answer = store.get(key);
      // NOTE: a miss here is counted by send, which the route then calls.
      if (answer?.kind !== "answer" || !allowed(answer.facts as F)) return false;
      hits++;
      for (const [name, value] of answer.headers) reply.header(name, value);
      reply.header("content-type", answer.contentType);
      sendSignedOut(request, reply, key, answer);
      return true;
    },
    sendCachedSignedIn(_request: FastifyRequest, reply: FastifyReply, key: string): boolean {
      const answer = store.get(key);
      if (answer?.kind !== "answer") return false;
      hits++;
      for (const [name, value] of answer.headers) reply.header(name, value);
      // NOTE: as send() answers a signed-in request: never stored by a browser or a shared cache.
      reply.header("content-type", answer.contentType).header("cache-control", "no-store");
      reply.send(answer.identity.body);
      return true;
    },
    cachedFacts<F>(key: string): F | undefined {
      const answer = store.get(key);
      return answer?.kind === "answer" ? (answer.facts as F) : undefined;
    },
    async remember<T>(key: string, build: () => Promise<T>, size: (value: T) => number): Promise<T> {
      const memo =
        hit(key) ??
        (await miss(key, async () => {
          const value = await build();
          return { kind: "memo", value, size: size(value) + 256 } satisfies Memo;
        }));
      if (memo.kind !== "memo") throw new Error(`read cache: ${key} holds an answer, not a remembered value`);
      return memo.value as T;
    },
    invalidateStory(storyId: number): void {
      dropLocally(`s${storyId}`);
      bus?.publish(`s${storyId}`);
    },
    invalidateDiscover(): void {
      dropLocally("d");
      bus?.publish("d");
    },
    invalidateAuthors(): void {
      dropLocally("a");
      bus?.publish("a");
    },
    invalidateAll(): void {
      dropLocally("*");
      bus?.publish("*");
    },
    get size() {
      return store.size;
    },
    get stats() {
      return { ...store.size, hits, misses };
    },
    get generation() {
      // NOTE: while invalidations may be missed, every read is a new generation: nothing derived is ever current.
      return keeping ? generation : ++generation;
    },
  } satisfies ReadCache;

  /**
   * One message names what changed: `s12` (story 12, Discover and author pages), `d` (Discover and author pages),
   * `a` (author pages), `*` (everything). An author page lists stories, so whatever drops Discover drops it too.
   */
  function dropLocally(message: string): void {
    generation++;
    const id = Number(message.slice(1));
    if (message === "a") {
      store.invalidate("authors");
    } else if (message === "d") {
      store.invalidate("discover");
      store.invalidate("authors");
    } else if (message.startsWith("s") && Number.isSafeInteger(id)) {
      store.invalidate(`story:${id}`);
      store.invalidate("discover");
      store.invalidate("authors");
    } else {
      // "*", or a message this version does not know (a newer instance's): dropping everything is always safe.
      store.clear();
    }
  }

  const bus = startInvalidationBus(app, {
    onMessage: dropLocally,
    onLost: () => {
      keeping = false;
      generation++;
      store.setKeeping(false);
    },
    onListening: () => {
      keeping = true;
      generation++;
      store.setKeeping(true);
    },
  });

  return cache;
}

export function registerReadCache(app: FastifyInstance, options: ReadCacheOptions = {}): void {
  app.decorate("readCache", createReadCache(app, options));
}
