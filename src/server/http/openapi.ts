// Issue 34 section 1: the API's one description, built from the routes' own zod schemas at start and served from
// memory as GET /api/openapi.json, with a readable reference (Swagger UI, served from the app) at GET /api/docs.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { isSessionOnly, TOKEN_RATE_LIMIT } from "../api-tokens/policy";
import { z } from "zod";
import { STATUS_TEXT } from "./api-doc";

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PATH = "/api/docs";

/** Routes under /api/ the document leaves out: the dev outbox and dev shortcuts, the demo checkout, webhooks. */
const UNDOCUMENTED = [/^\/api\/dev\//, /^\/api\/demo-/, /^\/api\/stripe\/webhook$/, /^\/api\/docs(\/|$)/];

export const isDocumentedRoute = (url: string) => url.startsWith("/api/") && !UNDOCUMENTED.some((re) => re.test(url));

const TOKEN_LIMIT_TEXT = `${TOKEN_RATE_LIMIT.requests} requests per ${TOKEN_RATE_LIMIT.windowSeconds} seconds per API token`;
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const OpenApiDocument = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.looseObject({})),
  })
  .describe("An OpenAPI 3.1 document");
type OpenApiDocument = z.infer<typeof OpenApiDocument>;

const zodTransform = createJsonSchemaTransform({});
const errorJson = { $ref: "#/components/schemas/Error" };

/** Every API route as registered (method and pattern), for the test that each is in the document. */
export interface ApiRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
    /** The document, built once when the app is ready (on first use under test; `openApiBuildMs` says how long it took). */
    openApiJson: () => string;
    openApiBuildMs: number;
  }
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "HEAD");
}

type JsonResponse = Record<string, unknown> & { description?: string };

/**
 * One route's operation: the zod schemas as JSON Schema (fastify-type-provider-zod), then what every route shares:
 * the statuses of the checks that run before any handler, each status's meaning, who may call it and its limits.
 */
function transform(document: Parameters<typeof zodTransform>[0]): ReturnType<typeof zodTransform> {
  const { url, route } = document;
  if (!isDocumentedRoute(url) || document.schema?.hide) return { schema: { hide: true }, url };
  const schema = document.schema ?? {};
  const { schema: out } = zodTransform({ ...document, schema });
  const responses: Record<string, JsonResponse> = { ...((out.response ?? {}) as Record<string, JsonResponse>) };
  const methods = methodsOf(route as RouteOptions);
  const writes = methods.some((m) => WRITE_METHODS.has(m));
  const hasInput = Boolean(schema.params || schema.querystring || schema.body) || writes;
  const shared: number[] = [401, 403, 429, 503];
  if (hasInput) shared.push(400);
  if (url.includes("/:")) shared.push(404);
  if (writes) shared.push(413, 415);
  for (const status of shared) responses[status] ??= { ...errorJson };
  for (const [status, response] of Object.entries(responses)) {
    const text = STATUS_TEXT[Number(status)];
    if (text && response.description === undefined) responses[status] = { ...response, description: text };
  }
  const sessionOnly = isSessionOnly(url);
  const security = sessionOnly
    ? (schema.security ?? [])
        .map((scheme) => ("token" in scheme ? {} : scheme))
        .filter((s, i, all) => all.indexOf(s) === i)
    : schema.security;
  return {
    url,
    schema: {
      ...out,
      response: responses,
      ...(security ? { security: dedupe(security) } : {}),
      tags: [url.split("/")[2] ?? "api"],
      "x-rate-limit": { token: TOKEN_LIMIT_TEXT, ...(schema["x-rate-limit"] ? { route: schema["x-rate-limit"] } : {}) },
      ...(sessionOnly ? { "x-session-only": true } : {}),
    } as unknown as FastifySchema,
  };
}

function dedupe(security: FastifySchema["security"] & object) {
  const seen = new Set<string>();
  return security.filter((scheme) => {
    const key = JSON.stringify(scheme);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Before any route is added: the document collects routes as they register. */
/** What is wrong with the document for the routes it must describe: an absent operation, summary, security or answer. */
export function documentProblems(routes: readonly ApiRoute[], document: { paths?: Record<string, unknown> }): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    if (!isDocumentedRoute(route.url)) continue;
    const path = route.url.replace(/:(\w+)/g, "{$1}");
    const name = `${route.method} ${route.url}`;
    const operation = (document.paths?.[path] as Record<string, Record<string, unknown>> | undefined)?.[
      route.method.toLowerCase()
    ];
    if (!operation) {
      problems.push(`${name}: not in the document`);
      continue;
    }
    if (!route.schema?.summary) problems.push(`${name}: no summary`);
    if (!route.schema?.security) problems.push(`${name}: no security (SIGNED_IN, OPTIONAL_SIGN_IN or PUBLIC)`);
    const answers = Object.keys((route.schema?.response as object | undefined) ?? {}).filter((s) => /^[23]/.test(s));
    if (answers.length === 0) problems.push(`${name}: no response schema for its success`);
  }
  return problems;
}

export async function registerOpenApi(app: FastifyInstance, appUrl: string): Promise<void> {
  const routes: ApiRoute[] = [];
  app.decorate("apiRoutes", routes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    for (const method of methodsOf(route)) routes.push({ method, url: route.url, schema: route.schema });
  });
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "FicForge API",
        version: "1",
        description: [
          "The HTTP API the FicForge web app itself uses: write, publish, read, bookmark and talk with Marin.",
          "",
          "Authenticate a script with a personal API token (Settings → API tokens) sent as `Authorization: Bearer <token>`;",
          "a `read` token may only read, a `read`+`write` token may also write. Routes marked `x-session-only` (password,",
          "email, sessions, tokens, account deletion and export, billing, moderation) answer 403 to a token.",
          "Every error answers `{ message, code?, fields? }`. Never put a token in an address: such requests are refused.",
        ].join("\n"),
      },
      servers: [{ url: new URL(appUrl).origin }],
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "ff_session", description: "The website's session cookie" },
          token: { type: "http", scheme: "bearer", description: "A personal API token from Settings → API tokens" },
        },
      },
    },
    transform,
    transformObject: createJsonSchemaTransformObject({}),
  });
  let json: string | undefined;
  const build = () => {
    if (json !== undefined) return json;
    const started = performance.now();
    json = JSON.stringify(app.swagger());
    app.openApiBuildMs = performance.now() - started;
    return json;
  };
  app.decorate("openApiJson", build);
  app.decorate("openApiBuildMs", 0);
  // NOTE: built once, after every route is in, and served from memory (budget: under 200 ms): at start, except under
  // test, where it waits for its first use. The unit stage builds hundreds of apps that never serve it, and the build
  // cost ~0.35 of the ~1.25 CPU-seconds a test app took to start.
  if (app.deps.config.NODE_ENV !== "test") {
    app.addHook("onReady", async () => {
      build();
    });
  }
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: "This document: every operation of the API, as OpenAPI 3.1",
        security: [{}],
        response: { 200: OpenApiDocument },
      },
    },
    // NOTE: a string is sent as it is, not serialized again.
    async (_request, reply) =>
      reply.type("application/json; charset=utf-8").send(build() as unknown as OpenApiDocument),
  );
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { docExpansion: "list", deepLinking: true, validatorUrl: null, tryItOutEnabled: false },
    staticCSP: false,
    theme: { title: "FicForge API" },
  });
}
