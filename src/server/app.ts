// Builds the Fastify app from its parts. main.ts and the tests both call buildApp.
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { accountRoutes } from "./accounts/routes";
import { loadSession } from "./accounts/sessions";
import { registerErrorHandler } from "./errors";
import { registerClient } from "./http/client";
import { healthRoutes } from "./http/health";
import { registerSecurity } from "./http/security";
import { imageRoutes } from "./images/routes";
import { storyRoutes } from "./stories/routes";
import type { AppDeps } from "./types";

export interface BuildOptions {
  /** Pass false to keep tests quiet; a pino logger config otherwise. */
  logger?: boolean | { level: string };
  /** Directory of the built client; undefined serves the API only. */
  clientDir?: string;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: deps.config.LOG_LEVEL },
    bodyLimit: 12 * 1024 * 1024,
    trustProxy: deps.config.NODE_ENV === "production",
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate("deps", deps);
  app.decorateRequest("db", { getter: () => deps.database.db });
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);

  registerErrorHandler(app);
  await registerSecurity(app, deps.config.APP_URL);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/api/")) await loadSession(app, request, reply);
  });

  await healthRoutes(app, deps.database);
  await app.register(accountRoutes);
  await app.register(storyRoutes);
  await app.register(imageRoutes);
  await registerClient(app, options.clientDir);
  return app;
}
