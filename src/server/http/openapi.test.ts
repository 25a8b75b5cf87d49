// Issue 34 section 1: GET /api/openapi.json describes every API route, is a valid OpenAPI 3.1 document, is served
// from memory; GET /api/docs renders it from the app alone; a route added without a response schema fails here.
import SwaggerParser from "@apidevtools/swagger-parser";
import { brotliDecompressSync } from "node:zlib";
import Fastify from "fastify";
import {
  createJsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { expect, it } from "vitest";
import { z } from "zod";
import { isSessionOnly, sessionOnlyPatterns, TOKEN_RATE_LIMIT } from "../api-tokens/policy";
import { describeEachDb } from "../test/app";
import { SIGNED_IN } from "./api-doc";
import { convertRoutes, documentProblems, isDocumentedRoute, jsonSchemaOf, registerOpenApi } from "./openapi";
import { convertAll } from "./openapi-schemas";

describeEachDb("the OpenAPI document", (ctx) => {
  it("names every API route with its summary, security and answers, and is a valid OpenAPI 3.1 document", async () => {
    const { app } = ctx();
    const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    const document = response.json();
    expect(documentProblems(app.apiRoutes, document)).toEqual([]);
    // Left out on purpose: the dev outbox and shortcuts, the demo checkout, the Stripe webhook, the docs' files.
    const paths = Object.keys(document.paths);
    expect(paths.filter((p) => /^\/api\/(dev|demo-|stripe\/webhook|docs)/.test(p))).toEqual([]);
    expect(paths).toContain("/api/stories/{id}");
    // The checks every route shares answer one response each, written once in components and referred to.
    const story = document.paths["/api/stories/{id}"];
    expect(story.get.responses["404"]).toEqual({ $ref: "#/components/responses/NotFound" });
    expect(story.patch.responses["415"]).toEqual({ $ref: "#/components/responses/UnsupportedType" });
    expect(story.get.responses["415"]).toBeUndefined();
    expect(document.paths["/api/stories"].get.responses["404"]).toBeUndefined();
    expect(document.components.responses.NotFound.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    await SwaggerParser.validate(structuredClone(document));
    // Served from memory: the same bytes each time, built once when the app became ready.
    const again = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(again.body).toBe(response.body);
    // Compressed once per coding, the same document.
    const br = await app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(response.body);
    expect(app.openApiBuildMs).toBeGreaterThan(0);
  });

  it("writes every route's schemas as the type provider's own transform does, though it converts them all at once", () => {
    const { app } = ctx();
    const routes = app.apiRoutes.filter((route) => isDocumentedRoute(route.url) && route.schema);
    const converted = convertRoutes(routes);
    const oneByOne = createJsonSchemaTransform({});
    for (const route of routes) {
      const theirs = oneByOne({
        schema: route.schema,
        url: route.url,
        route: { method: route.method, url: route.url },
        openapiObject: { openapi: "3.1.0" },
      } as never).schema;
      expect(jsonSchemaOf(converted, route.schema!), `${route.method} ${route.url}`).toEqual(theirs);
    }
  });

  it("marks the session-only routes, and each of their patterns still names a route", async () => {
    const { app } = ctx();
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const pattern of sessionOnlyPatterns()) {
      const prefix = pattern.replace(/\*$/, "");
      const matching = app.apiRoutes.filter((r) =>
        pattern.endsWith("*") ? r.url.startsWith(prefix) : r.url === prefix,
      );
      expect(matching.length, pattern).toBeGreaterThan(0);
    }
    const password = document.paths["/api/account/password"].post;
    expect(password["x-session-only"]).toBe(true);
    expect(JSON.stringify(password.security)).not.toContain("token");
    const stories = document.paths["/api/stories"].get;
    expect(stories.security).toEqual([{ session: [] }, { token: [] }]);
    expect(stories["x-rate-limit"].token).toMatch(/per API token/);
    // A union of tuples draws as `[null]` in the reference's example without one of its own.
    const create = document.paths["/api/me/tokens"].post.requestBody.content["application/json"].schema;
    expect(create.properties.scopes.examples).toEqual([["read"]]);
  });

  it("serves a readable reference of it from the app alone, under the app's CSP", async () => {
    const { app } = ctx();
    const page = await app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(3);
    for (const url of scripts) {
      expect(url.startsWith("/api/docs/")).toBe(true);
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(200);
    }
    expect(page.body).not.toMatch(/<script>[^<]/);
    // The reference reads the document built at start (compressed, from memory), not a copy serialized per request.
    const json = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(json.statusCode).toBe(302);
    expect(json.headers.location).toBe("/api/openapi.json");
    const initializer = await app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    // NOTE: a comment in it cites a web page; no string in it names another origin (validatorUrl is null).
    expect(initializer.body).not.toMatch(/["'`]https?:\/\//);
    // The plugins go to the page as source: it still parses, keeps the default download plugin, and skips the resolve
    // of components.securitySchemes that made Swagger UI normalize the whole 3.1 document before drawing anything.
    expect(() => new Function(initializer.body)).not.toThrow();
    expect(initializer.body).toContain("SwaggerUIBundle.plugins.DownloadUrl(system)");
    expect(initializer.body).toMatch(/function noSecuritySchemesResolve\(\)[\s\S]*requestResolvedSubtree/);
  });
});

it("fails a route added without a response schema, a summary or a security", async () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app, "http://localhost:3000", {
    buildAtStart: false,
    tokens: { isSessionOnly, rateLimit: TOKEN_RATE_LIMIT },
  });
  app.get(
    "/api/complete",
    { schema: { summary: "Complete", security: SIGNED_IN, response: { 200: z.object({}) } } },
    () => ({}),
  );
  app.get("/api/bare", () => ({}));
  app.post("/api/half", { schema: { summary: "Half", body: z.object({ a: z.string() }) } }, () => ({}));
  await app.ready();
  const problems = documentProblems(app.apiRoutes, JSON.parse(app.openApiJson()));
  expect(problems).toEqual([
    "GET /api/bare: no summary",
    "GET /api/bare: no security (SIGNED_IN, OPTIONAL_SIGN_IN or PUBLIC)",
    "GET /api/bare: no response schema for its success",
    "POST /api/half: no security (SIGNED_IN, OPTIONAL_SIGN_IN or PUBLIC)",
    "POST /api/half: no response schema for its success",
  ]);
  await app.close();
});

it("converts schemas together: an id'd schema is its component on each side, a transformed field stays any value", () => {
  const Named = z.object({ a: z.string() }).meta({ id: "ConvertAllNamed" });
  const Loose = z.object({
    named: Named,
    maybe: z.union([z.string().max(3), z.undefined()]),
    shaped: z.string().transform((text) => text.length),
    when: z.date(),
  });
  const input = convertAll([Loose, Named], "input");
  expect(input.get(Named)).toEqual({ $ref: "#/components/schemas/ConvertAllNamedInput" });
  const loose = input.get(Loose) as { properties: Record<string, unknown> };
  expect(loose.properties.named).toEqual({ $ref: "#/components/schemas/ConvertAllNamedInput" });
  expect(loose.properties.maybe).toEqual({ anyOf: [{ type: "string", maxLength: 3 }] });
  expect(loose.properties.shaped).toEqual({ type: "string" });
  const output = convertAll([Loose], "output").get(Loose) as { properties: Record<string, unknown> };
  expect(output.properties.named).toEqual({ $ref: "#/components/schemas/ConvertAllNamed" });
  expect(output.properties.shaped).toEqual({});
  expect(output.properties.when).toEqual({ type: "string", format: "date-time" });
  type Tree = { children: Tree[] };
  const Tree: z.ZodType<Tree> = z.lazy(() => z.object({ children: z.array(Tree) }));
  expect(() => convertAll([Tree], "output")).toThrow(/recursive/);
});
