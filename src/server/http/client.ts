// Serves the built client: hashed assets cached for a year, pages get index.html, unknown /api paths JSON 404.
// Every file comes precompressed when the client accepts it (scripts/compress-assets.mjs writes the .br and .gz).
// The landing page is prerendered at build (scripts/prerender.mjs) in a signed-out and a signed-in form.
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ROUTES, isClientRoute } from "../../shared/routes";
import { readPageDocument, sendPageDocument } from "./pages";

/** Whether the request comes from a signed-in visitor; accounts/ answers it (app.ts passes it in). */
export type SignedInHint = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export async function registerClient(
  app: FastifyInstance,
  clientDir: string | undefined,
  restoreSignedInHint: SignedInHint,
): Promise<void> {
  const shell = clientDir ? readPageDocument(clientDir, "index.html") : undefined;
  const landing = (clientDir && readPageDocument(clientDir, "landing.html")) || shell;
  const landingSignedIn = (clientDir && readPageDocument(clientDir, "landing-signed-in.html")) || landing;

  if (clientDir && shell) {
    const serviceWorkerPath = join(clientDir, "sw.js");
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, path) {
        const hashed = path.includes(`${join(clientDir, "assets")}`);
        // The service worker is checked for a new build on every page load: never from an HTTP cache.
        // NOTE: `path` is the file sent, which is sw.js.br or sw.js.gz when the client takes a compressed copy.
        const worker = path.replace(/\.(br|gz)$/, "") === serviceWorkerPath;
        res.header(
          "cache-control",
          worker ? "no-cache" : hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api" || !shell || !["GET", "HEAD"].includes(request.method)) {
      return reply.status(404).send({ message: "Not found", code: "NOT_FOUND" });
    }
    // NOTE: a page that fails to learn the session still renders; the client then shows the visitor's view.
    const signedIn = await restoreSignedInHint(request, reply).catch(() => false);
    if (path === ROUTES.landing) {
      // The landing page's header differs for signed-in visitors, known from the hint cookie.
      return sendPageDocument(request, reply.header("vary", "Cookie"), signedIn ? landingSignedIn! : landing!);
    }
    // Unknown pages still get the app (its router shows the not-found page), with an honest 404 status.
    return sendPageDocument(request, reply.status(isClientRoute(path) ? 200 : 404), shell);
  });
}
