// Security headers (CSP the built client passes) and the same-origin rule for mutations.
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { forbidden } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Webhooks are signed by the sender instead; they never carry a browser Origin.
const ORIGIN_EXEMPT = ["/api/stripe/webhook"];

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
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (ORIGIN_EXEMPT.some((p) => request.url.startsWith(p))) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site") throw forbidden("Cross-origin request refused");
    if (origin && origin !== allowed && origin !== `${request.protocol}://${request.host}`) {
      throw forbidden("Cross-origin request refused");
    }
  });
}
