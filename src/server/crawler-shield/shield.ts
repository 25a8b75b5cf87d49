// The crawler shield on public reading (issue 29): the writers' reservation of AI rights on every answer (noai,
// TDM), AI crawlers refused by name, and a per-address budget for signed-out reading. Attached by route pattern
// as routes are added, so the pages' own modules stay as they are and a new public route is covered by its path.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from "fastify";
import { loadSession, SESSION_COOKIE } from "../accounts/sessions";
import { addressKey } from "../http/client-address";
import { namesAiCrawler, robotsTxt, tdmrepJson } from "./crawlers";
import { READ_LIMIT_DEFAULTS, ReadLimit } from "./read-limit";

/** The reservation every public reading answer carries (and the pages' robots meta, html/site.ts). */
export const NOAI_ROBOTS = "noai, noimageai";

/** Public story, chapter, author, tag and series pages, their feeds and downloads: what a scraper would walk. */
export const isPublicReadingRoute = (url: string) => /^\/(?:s|u|t|series)\//.test(url);

export const CRAWLER_REFUSED = "AI crawlers may not read FicForge's works. See /about/ai.\n";
export const TOO_MANY_READS =
  "Too many pages read from your address in a minute. Please wait a little and try again.\n";

declare module "fastify" {
  interface FastifyInstance {
    readLimit: ReadLimit;
  }
}

const reserveRights: onSendHookHandler = (_request, reply, payload, done) => {
  // NOTE: added to what the route said (a members-only gate's noindex), never instead of it.
  const said = reply.getHeader("x-robots-tag");
  const robots =
    typeof said === "string" && said !== "" && !said.includes("noai") ? `${said}, ${NOAI_ROBOTS}` : NOAI_ROBOTS;
  reply.header("x-robots-tag", robots).header("tdm-reservation", "1");
  done(null, payload);
};

/** Whether the request carries a session that resolves (its lookup is kept on the request for the route). */
async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (request.cookies?.[SESSION_COOKIE] === undefined) return false;
  await loadSession(request.server, request, reply);
  return request.user !== null;
}

export function registerCrawlerShield(app: FastifyInstance): void {
  const config = app.deps.config;
  const block = config.AI_CRAWLERS === "block";
  const limit = new ReadLimit({ ...READ_LIMIT_DEFAULTS, max: config.PUBLIC_READS_PER_MINUTE }, () =>
    app.deps.now().getTime(),
  );
  app.decorate("readLimit", limit);
  app.deps.metrics.sources.crawlerShield = () => limit.stats;

  const guard: onRequestHookHandler = (request, reply, done) => {
    if (block && namesAiCrawler(request.headers["user-agent"])) {
      limit.stats.crawlersRefused += 1;
      reply.code(403).header("cache-control", "no-store").type("text/plain; charset=utf-8").send(CRAWLER_REFUSED);
      return;
    }
    // NOTE: signed-out requests (no session cookie) are counted without any lookup: the fast path stays a Map bump.
    if (request.cookies?.[SESSION_COOKIE] === undefined) return refuseOver(request, reply, done);
    signedIn(request, reply).then(
      (member) => (member ? done() : refuseOver(request, reply, done)),
      (error: Error) => done(error),
    );
  };
  const refuseOver = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const waitMs = limit.hit(addressKey(request.ip));
    if (waitMs === 0) return done();
    reply
      .code(429)
      .header("retry-after", String(Math.ceil(waitMs / 1000)))
      .header("cache-control", "no-store")
      .type("text/plain; charset=utf-8")
      .send(TOO_MANY_READS);
  };

  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!(methods.includes("GET") || methods.includes("HEAD")) || !isPublicReadingRoute(route.url)) return;
    const add = <T>(existing: T | T[] | undefined, hook: T): T[] =>
      existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
    route.onRequest = add(route.onRequest, guard);
    route.onSend = add(route.onSend, reserveRights);
  });

  const robots = robotsTxt(config.APP_URL, block);
  app.get("/robots.txt", (_request, reply) => {
    reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(robots);
  });
  const tdmrep = tdmrepJson(config.APP_URL);
  app.get("/.well-known/tdmrep.json", (_request, reply) => {
    reply.header("cache-control", "public, max-age=3600").type("application/json").send(tdmrep);
  });
}
