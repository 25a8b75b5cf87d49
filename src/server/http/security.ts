// Security headers (CSP the built client passes), no caching of API answers, and the same-origin rule
// for mutations.
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { forbidden } from "../errors";
import { isApiRequest, routePath } from "./route-path";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Webhooks are signed by the sender instead; they never carry a browser Origin.
const ORIGIN_EXEMPT = new Set(["/api/stripe/webhook"]);

export async function registerSecurity(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // NOTE: Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: appUrl.startsWith("https://"),
  });

  const allowed = new URL(appUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    if (ORIGIN_EXEMPT.has(routePath(request))) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site") throw forbidden("Cross-origin request refused");
    if (origin && origin !== allowed && origin !== `${request.protocol}://${request.host}`) {
      throw forbidden("Cross-origin request refused");
    }
  });

  // API answers depend on the session: no browser or shared cache may keep them. Routes that set their
  // own policy keep it (covers under /api/images are immutable by content hash).
  app.addHook("onSend", async (request, reply, payload) => {
    if (isApiRequest(request) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}
