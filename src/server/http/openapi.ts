// Issue 34 section 1: the API's one description, built from the routes' own zod schemas at start and served from
// memory as GET /api/openapi.json, with a readable reference (Swagger UI, served from the app) at GET /api/docs.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { STATUS_TEXT } from "./api-doc";
import { compressBody } from "./compress";
import { type Encoding, negotiateEncoding } from "./encoding";

const ENCODINGS: readonly Encoding[] = ["br", "gzip"];

// NOTE: the app's mark (src/client/public/favicon.svg) with its name, inline: the server bundle has no path to it.
const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/><path d="M44 14c-9 2-18 10-22 22l-4 12 3 2 8-9c9-2 16-9 18-18 1-3 0-6-3-9z" fill="#fff"/><text x="78" y="43" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff">FicForge</text></svg>',
);

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PATH = "/api/docs";

/** Routes under /api/ the document leaves out: the dev outbox and dev shortcuts, the demo checkout, webhooks. */
const UNDOCUMENTED = [/^\/api\/dev\//, /^\/api\/demo-/, /^\/api\/stripe\/webhook$/, /^\/api\/docs(\/|$)/];

export const isDocumentedRoute = (url: string) => url.startsWith("/api/") && !UNDOCUMENTED.some((re) => re.test(url));

/** What the document says of API tokens; app.ts passes api-tokens/policy.ts's (http/ imports no domain). */
export interface TokenPolicy {
  isSessionOnly: (routeUrl: string) => boolean;
  rateLimit: { requests: number; windowSeconds: number };
}
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
const transformWith = (policy: TokenPolicy) =>
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
    const sessionOnly = policy.isSessionOnly(url);
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
        "x-rate-limit": {
          token: `${policy.rateLimit.requests} requests per ${policy.rateLimit.windowSeconds} seconds per API token`,
          ...(schema["x-rate-limit"] ? { route: schema["x-rate-limit"] } : {}),
        },
        ...(sessionOnly ? { "x-session-only": true } : {}),
      } as unknown as FastifySchema,
    };
  };

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

export async function registerOpenApi(
  app: FastifyInstance,
  appUrl: string,
  options: { buildAtStart: boolean; tokens: TokenPolicy },
): Promise<void> {
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
    transform: transformWith(options.tokens),
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
  const encoded = new Map<Encoding, Buffer>();
  app.decorate("openApiBuildMs", 0);
  // NOTE: built once, after every route is in, and served from memory: right after the server starts listening (off
  // the start-to-first-answer path; a request that comes sooner builds it), except under test, where it waits for its
  // first use: the unit stage builds hundreds of apps that never serve it (the build was ~0.35 of the ~1.25
  // CPU-seconds a test app took to start).
  if (options.buildAtStart) {
    app.addHook("onListen", (done) => {
      setImmediate(() => {
        build();
        app.log.info({ openApiBuildMs: Math.round(app.openApiBuildMs) }, "API document built (GET /api/openapi.json)");
      });
      done();
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
    async (request, reply) => {
      const json = build();
      reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
      // NOTE: half a megabyte of JSON, compressed once per coding and kept beside it (~40 ms a request otherwise).
      const encoding = negotiateEncoding(request.headers["accept-encoding"], ENCODINGS);
      if (encoding === "identity") return reply.send(json as unknown as OpenApiDocument);
      let body = encoded.get(encoding);
      if (!body) {
        body = compressBody(Buffer.from(json), encoding);
        encoded.set(encoding, body);
      }
      return reply.header("content-encoding", encoding).send(body as unknown as OpenApiDocument);
    },
  );
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // NOTE: tags folded and no schema list: Swagger UI resolves each operation's schemas as it draws it, and drawing
    // all 230 at once took over 8 s; a reader opens the tag they want, or filters by it.
    uiConfig: {
      docExpansion: "none",
      defaultModelsExpandDepth: -1,
      filter: true,
      deepLinking: true,
      validatorUrl: null,
      tryItOutEnabled: false,
    },
    staticCSP: false,
    theme: { title: "FicForge API" },
    // Our mark instead of Fastify's, linking home.
    logo: { type: "image/svg+xml", content: LOGO, href: "/", target: "_self" },
  });
}
