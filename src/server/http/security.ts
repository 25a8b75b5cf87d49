// Security headers (CSP the built client passes), no caching of API answers, and the same-origin rule
// for mutations. Every request passes here, so the work is done once: the headers are one frozen object
// (what @fastify/helmet sent with our options, without its per-request assembly), and the hooks are
// callback-style (an async hook costs a promise and a microtask per request).
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { forbidden } from "../errors";
import { isApiRequest, routePath } from "./route-path";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Webhooks are signed by the sender instead; they never carry a browser Origin.
const ORIGIN_EXEMPT = new Set(["/api/stripe/webhook"]);

const CSP_DIRECTIVES: Record<string, string[]> = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "font-src": ["'self'", "data:"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  "img-src": ["'self'", "data:", "blob:"],
  "object-src": ["'none'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  // NOTE: Radix positions popovers with inline style attributes.
  "style-src": ["'self'", "'unsafe-inline'"],
  "connect-src": ["'self'"],
};

/** The headers every answer carries (a route may still set its own, e.g. the public page's CSP). */
export function securityHeaders(appUrl: string): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    "content-security-policy": Object.entries(CSP_DIRECTIVES)
      .map(([name, values]) => `${name} ${values.join(" ")}`)
      .join(";"),
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-frame-options": "SAMEORIGIN",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };
  if (appUrl.startsWith("https://")) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  return Object.freeze(headers);
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
};

export async function registerSecurity(app: FastifyInstance, appUrl: string): Promise<void> {
  const headers = securityHeaders(appUrl);
  const allowed = new URL(appUrl).origin;

  const sameAsApp = (origin: string, request: FastifyRequest) =>
    origin === allowed || origin === `${request.protocol}://${request.host}`;

  /**
   * NOTE: a write without Origin passes (docs/decisions/0056): every current browser sends Origin with a POST, PUT,
   * PATCH or DELETE, and the session cookie is SameSite=Lax, so a cross-site page cannot make a cookie-carrying
   * write without one; a client that sends none is a program holding its own cookie. An older browser that leaves
   * Origin out but sends a Referer is judged by the Referer.
   */
  function checkOrigin(request: FastifyRequest): void {
    if (ORIGIN_EXEMPT.has(routePath(request))) return;
    // NOTE: a bearer token is not sent by the browser on its own, so a write carrying one cannot be forged across
    // sites (issue 34); with a cookie beside it the write is judged as the cookie's, so the cookie gains nothing.
    if (request.headers.cookie === undefined && /^bearer\s/i.test(request.headers.authorization ?? "")) return;
    const { origin, referer } = request.headers;
    if (request.headers["sec-fetch-site"] === "cross-site") throw forbidden("Cross-origin request refused");
    if (origin !== undefined) {
      if (!sameAsApp(origin, request)) throw forbidden("Cross-origin request refused");
      return;
    }
    if (referer !== undefined && !sameAsApp(originOf(referer), request)) {
      throw forbidden("Cross-origin request refused");
    }
  }

  app.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.headers(headers);
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return done();
    try {
      checkOrigin(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });

  // API answers depend on the session: no browser or shared cache may keep them. Routes that set their
  // own policy keep it (covers under /api/images are immutable by content hash; the read cache's
  // signed-out answers are `no-cache` with an ETag).
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!reply.hasHeader("cache-control") && isApiRequest(request)) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}
