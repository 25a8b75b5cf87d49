// Serves the built client: hashed assets cached for a year, pages get index.html, unknown /api paths JSON 404.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isClientRoute } from "../../shared/routes";

export async function registerClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const indexPath = clientDir ? join(clientDir, "index.html") : undefined;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath) : undefined;

  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      setHeaders(res, path) {
        const hashed = path.includes(`${join(clientDir, "assets")}`);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api" || !indexHtml || !["GET", "HEAD"].includes(request.method)) {
      return reply.status(404).send({ message: "Not found", code: "NOT_FOUND" });
    }
    // Unknown pages still get the app (its router shows the not-found page), with an honest 404 status.
    return reply
      .status(isClientRoute(path) ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(indexHtml);
  });
}
