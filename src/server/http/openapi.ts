// Issue 34 section 1: the API's one description, built from the routes' own zod schemas at start and served from
// memory as GET /api/openapi.json, with a readable reference (Swagger UI, served from the app) at GET /api/docs.
import swagger, { type SwaggerTransform } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import { createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { STATUS_TEXT } from "./api-doc";
import { convertAll, type Io, type JsonSchema } from "./openapi-schemas";
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

/**
 * The statuses of the checks every route shares (the token and session check, the rate limits, the database; then
 * input validation, the path's resource, the body parser), each one response in components that operations refer to:
 * written once, not ~1,400 times (a third of the document, and of its build, went to these copies).
 */
const SHARED_RESPONSES = {
  401: "Unauthorized",
  403: "Forbidden",
  429: "TooManyRequests",
  503: "Unavailable",
  400: "BadRequest",
  404: "NotFound",
  413: "TooLarge",
  415: "UnsupportedType",
} as const;
type SharedStatus = keyof typeof SHARED_RESPONSES;
const METHODS = ["get", "put", "post", "delete", "patch", "options"] as const;

interface OperationObject {
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/** Which shared statuses an operation can answer: every one the four; with input 400; with a path parameter 404 … */
function sharedStatuses(method: string, path: string, operation: OperationObject): SharedStatus[] {
  const writes = WRITE_METHODS.has(method.toUpperCase());
  const statuses: SharedStatus[] = [401, 403, 429, 503];
  if (writes || operation.requestBody || operation.parameters?.length) statuses.push(400);
  if (path.includes("{")) statuses.push(404);
  if (writes) statuses.push(413, 415);
  return statuses;
}

/** Adds the shared responses to the document's components, and a reference to each to the operations that answer it. */
function shareErrorResponses(document: {
  paths?: Record<string, Record<string, OperationObject>>;
  components?: Record<string, unknown>;
}): void {
  document.components ??= {};
  document.components.responses = Object.fromEntries(
    Object.entries(SHARED_RESPONSES).map(([status, name]) => [
      name,
      {
        description: STATUS_TEXT[Number(status)],
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.responses ??= {};
      const responses = operation.responses;
      for (const status of sharedStatuses(method, path, operation)) {
        responses[status] ??= { $ref: `#/components/responses/${SHARED_RESPONSES[status]}` };
      }
    }
  }
}

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
type TransformInput = Parameters<SwaggerTransform>[0];
export type Converted = Record<Io, Map<unknown, JsonSchema>>;

const INPUTS = ["headers", "querystring", "body", "params"] as const;

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;
/** A response's schemas: the zod schema itself, `{ properties: zod }`, or one per content type (api-doc's file()). */
function answerSchemas(response: unknown): z.ZodType[] {
  if (isZod(response)) return [response];
  if (!response || typeof response !== "object") return [];
  if ("properties" in response && isZod(response.properties)) return [response.properties];
  if ("content" in response && response.content && typeof response.content === "object") {
    return Object.values(response.content as Record<string, { schema?: unknown }>)
      .map((entry) => entry.schema)
      .filter(isZod);
  }
  return [];
}

/** Every documented route's schemas as JSON Schema, converted together (openapi-schemas.ts). */
export function convertRoutes(routes: readonly ApiRoute[]): Converted {
  const inputs: z.ZodType[] = [];
  const outputs: z.ZodType[] = [];
  for (const { url, schema } of routes) {
    if (!isDocumentedRoute(url) || !schema) continue;
    for (const part of INPUTS) if (isZod(schema[part])) inputs.push(schema[part]);
    for (const response of Object.values((schema.response as object | undefined) ?? {})) {
      outputs.push(...answerSchemas(response));
    }
  }
  return { input: convertAll(inputs, "input"), output: convertAll(outputs, "output") };
}

function toJson(converted: Converted, schema: z.ZodType, io: Io): JsonSchema {
  const json = converted[io].get(schema);
  if (json) return json;
  // NOTE: a route the document met that the route list did not (none today): converted on its own.
  const alone = convertAll([schema], io);
  converted[io].set(schema, alone.get(schema)!);
  return alone.get(schema)!;
}

/** A route's zod schemas as the document's JSON Schema, as fastify-type-provider-zod's transform writes them. */
export function jsonSchemaOf(converted: Converted, schema: FastifySchema): Record<string, unknown> {
  const { response, hide: _hide, ...rest } = schema as FastifySchema & { hide?: boolean };
  // NOTE: string keys only, as the type provider copies them (Fastify marks a schema it has seen with a symbol).
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(rest));
  for (const part of INPUTS) {
    const zod = schema[part];
    if (isZod(zod)) out[part] = toJson(converted, zod, "input");
  }
  if (response) {
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(response as Record<string, unknown>)) {
      if (isZod(answer)) responses[status] = toJson(converted, answer, "output");
      else if (answer && typeof answer === "object" && "content" in answer) {
        const { description, content } = answer as {
          description?: string;
          content: Record<string, { schema: unknown }>;
        };
        responses[status] = {
          ...(description ? { description } : {}),
          content: Object.fromEntries(
            Object.entries(content).map(([type, entry]) => [
              type,
              { schema: isZod(entry.schema) ? toJson(converted, entry.schema, "output") : entry.schema },
            ]),
          ),
        };
      } else {
        const [zod] = answerSchemas(answer);
        responses[status] = zod ? toJson(converted, zod, "output") : answer;
      }
    }
    out.response = responses;
  }
  return out;
}

/**
 * One route's operation: the zod schemas as JSON Schema, then what every route shares: the statuses of the checks
 * that run before any handler, each status's meaning, who may call it and its limits.
 */
const transformWith = (policy: TokenPolicy, converted: () => Converted) =>
  function transform(document: TransformInput): ReturnType<SwaggerTransform> {
    const { url, route } = document;
    if (!isDocumentedRoute(url) || document.schema?.hide) return { schema: { hide: true }, url };
    const schema = document.schema ?? {};
    const out = jsonSchemaOf(converted(), schema);
    const responses: Record<string, JsonResponse> = { ...((out.response ?? {}) as Record<string, JsonResponse>) };
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
        tags: [tagOf(url)],
        "x-rate-limit": {
          token: `${policy.rateLimit.requests} requests per ${policy.rateLimit.windowSeconds} seconds per API token`,
          ...(schema["x-rate-limit"] ? { route: schema["x-rate-limit"] } : {}),
        },
        ...(sessionOnly ? { "x-session-only": true } : {}),
      } as unknown as FastifySchema,
    };
  };

/** An operation's group in the reference: its path's first segment (`stories`, `me` …); the document itself, `docs`. */
const tagOf = (url: string) => (url === OPENAPI_PATH ? "docs" : (url.split("/")[2] ?? "api"));

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
  let converted: Converted | undefined;
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
    transform: transformWith(options.tokens, () => {
      converted ??= convertRoutes(routes);
      return converted;
    }),
    transformObject: createJsonSchemaTransformObject({}),
  });
  let json: string | undefined;
  const build = () => {
    if (json !== undefined) return json;
    const started = performance.now();
    const document = app.swagger();
    shareErrorResponses(document as Parameters<typeof shareErrorResponses>[0]);
    json = JSON.stringify(document);
    converted = undefined;
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
      // NOTE: a third of a megabyte of JSON, compressed once per coding and kept beside it (~30 ms a request otherwise).
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
      tagsSorter: "alpha",
      // NOTE: Swagger UI resolves components.securitySchemes as soon as a document loads (for its Authorize button),
      // and on an OpenAPI 3.1 document any resolve normalizes the whole document first: 1.3 of the 2.0–2.5 CPU-seconds
      // before the title showed (decision 0112). That one resolve is skipped: the Authorize dialog reads the schemes
      // from the document as it is (ours have no $ref) and still lists both, and each operation resolves its own part
      // when opened. The functions are serialized into the page's initializer script (served from the app, so the CSP
      // holds); the first keeps the default plugin.
      plugins: [
        function downloadUrl(system: unknown) {
          // @ts-expect-error SwaggerUIBundle is the reference page's global, not this module's
          return SwaggerUIBundle.plugins.DownloadUrl(system);
        },
        function noSecuritySchemesResolve() {
          type Resolve = (path: string[]) => unknown;
          const skip = (path: string[]) =>
            path.length === 2 && path[0] === "components" && path[1] === "securitySchemes";
          return {
            statePlugins: {
              spec: {
                wrapActions: {
                  requestResolvedSubtree: (resolve: Resolve) => (path: string[]) =>
                    skip(path) ? undefined : resolve(path),
                },
              },
            },
          };
        },
      ],
    },
    // NOTE: the reference fetches ./json, which @fastify/swagger-ui answers by serializing the whole document again,
    // uncompressed (~0.3 MB); it is sent to the one built at start instead, compressed and from memory.
    uiHooks: {
      onRequest: (request, reply, done) => {
        if (request.url.split("?")[0] === `${DOCS_PATH}/json`) {
          reply.redirect(OPENAPI_PATH, 302);
          return;
        }
        done();
      },
    },
    staticCSP: false,
    theme: { title: "FicForge API" },
    // Our mark instead of Fastify's, linking home.
    logo: { type: "image/svg+xml", content: LOGO, href: "/", target: "_self" },
  });
}
