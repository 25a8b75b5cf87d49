// Issue 34 section 3: every operation of the published OpenAPI document driven through the real app with generated
// requests — schema-valid ones and near misses (a field dropped, a wrong type, a huge string, another user's id),
// with an API token of a verified user who owns stories, without one, and (for the session-only routes) with a
// session. A finding is any 5xx, any status the document does not list for the operation, any JSON answer its
// documented schema refuses, and a near miss accepted with a 2xx; each is printed as the shrunk request.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { isSessionOnly } from "../api-tokens/policy";
import {
  type JsonSchema,
  type Mutation,
  nearMiss,
  plainValue,
  type Resolve,
  resolverFor,
  valueArbitrary,
} from "./arbitraries";

export interface FuzzWorld {
  /** The headers that sign the fuzzing user in: `authorization: Bearer …` (or a cookie, for session-only routes). */
  token: Record<string, string>;
  /** A fresh signed-in session for a session-only route (a throwaway user, so deleting it harms nothing). */
  session: () => Promise<Record<string, string>>;
  /** Ids the generated requests pick from: the user's own (stories, series, lore …) and another user's. */
  ownIds: (number | string)[];
  otherIds: (number | string)[];
  /** Names (users, tags, collections) for `{name}`-like parameters. */
  names: string[];
  /**
   * The user's own thing of each kind, by the path segment a parameter follows (`stories`, `series`, `lore`,
   * `comments`, `collections`, `authors`, `tags` …): each operation is first sent a plain request built from these.
   */
  ownBySegment: Record<string, number | string>;
  /**
   * Another user's published thing of a kind, by segment (`stories`): a reader's operations (like, bookmark, comment,
   * subscribe, report, reading progress) refuse the user's own work, so each is also sent a plain request as a reader.
   */
  theirsBySegment: Record<string, number | string>;
  /**
   * Body fields a plain request fills with a real value, by name (`username`: another user, to invite; `targetId`:
   * their work, to report).
   */
  plainFields: Record<string, unknown>;
  /** Moves the app's clock past the per-minute limits between operations. */
  advanceClock: () => void;
}

export interface FuzzOptions {
  runsPerOperation: number;
  seed: number;
  /** Whole-stage bound; operations after it are reported as not reached (a finding, so the bound is visible). */
  timeBudgetMs: number;
  /** Only operations whose "METHOD path" matches (a local loop on one route). */
  only?: RegExp;
}

export interface Finding {
  operation: string;
  report: string;
}

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  body?: JsonSchema;
  bodyRequired: boolean;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  sessionOnly: boolean;
}

interface FuzzRequest {
  auth: "token" | "none" | "session";
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  mutation?: Mutation;
}

type OpenApiDocument = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema>; responses?: Operation["responses"] };
};

/** The operation's responses, each shared one (`$ref` to components.responses) read from where it is written. */
function responsesOf(document: OpenApiDocument, responses: Record<string, unknown> = {}): Operation["responses"] {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const ref = (response as { $ref?: unknown }).$ref;
      if (typeof ref !== "string") return [status, response];
      const shared = document.components?.responses?.[ref.replace("#/components/responses/", "")];
      if (!shared) throw new Error(`unresolved response $ref ${ref}`);
      return [status, shared];
    }),
  ) as Operation["responses"];
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const op = raw as {
        parameters?: Operation["parameters"];
        requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
        responses?: Operation["responses"];
        "x-session-only"?: boolean;
      };
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.["application/json"]?.schema,
        bodyRequired: Boolean(op.requestBody?.required),
        responses: responsesOf(document, op.responses),
        sessionOnly: Boolean(op["x-session-only"]) || isSessionOnly(path.replace(/\{(\w+)\}/g, ":$1")),
      });
    }
  }
  return operations;
}

/** A path parameter: mostly the world's ids and names (so requests reach real rows), sometimes what the schema allows. */
function paramArbitrary(name: string, schema: JsonSchema | undefined, world: FuzzWorld, resolve: Resolve) {
  const fromSchema = schema ? valueArbitrary(schema, resolve) : fc.string();
  if (/name|slug|username|tag|giver|action/i.test(name)) {
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...world.names) }, { weight: 1, arbitrary: fromSchema });
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...world.ownIds) },
    { weight: 1, arbitrary: fc.constantFrom(...world.otherIds) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_IDS) },
    { weight: 1, arbitrary: fromSchema },
  );
}

/** Ids no row has: zero, negative, the integer column's edge and past it, not a number. */
const ODD_IDS = [0, -1, 2_147_483_647, 2_147_483_648, "abc", "1.5", "1e3"];

function requestArbitrary(op: Operation, world: FuzzWorld, resolve: Resolve): fc.Arbitrary<FuzzRequest> {
  const pathParams: Record<string, fc.Arbitrary<unknown>> = {};
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredQuery: string[] = [];
  for (const parameter of op.parameters) {
    if (parameter.in === "path")
      pathParams[parameter.name] = paramArbitrary(parameter.name, parameter.schema, world, resolve);
    if (parameter.in === "query") {
      query[parameter.name] = valueArbitrary(parameter.schema ?? {}, resolve);
      if (parameter.required) requiredQuery.push(parameter.name);
    }
  }
  const auth: fc.Arbitrary<FuzzRequest["auth"]> = op.sessionOnly
    ? fc.constantFrom("session", "token", "none")
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant("token" as const) },
        { weight: 1, arbitrary: fc.constant("none" as const) },
      );
  const valid = fc.record({
    auth,
    params: fc.record(pathParams),
    query: fc.record(query, { requiredKeys: requiredQuery }),
    ...(op.body ? { body: valueArbitrary(op.body, resolve) } : {}),
  }) as fc.Arbitrary<FuzzRequest>;
  const { body } = op;
  if (!body) return valid;
  const missed = valid.chain((request) =>
    nearMiss(request.body, body, resolve).map(([value, mutation]) => ({ ...request, body: value, mutation })),
  );
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: missed });
}

/**
 * The plain request an operation is sent first: signed in, each path parameter the user's own thing of its kind, no
 * optional query, and the plainest body its schema takes (arbitraries.ts plainValue). Generated requests mostly miss
 * (a random id, a query value the server refuses): this one shows whether the operation works at all. None for an
 * operation that needs a query value or a body no plain value fits, nor for a DELETE (the world's things serve the operations after).
 */
function plainRequest(
  op: Operation,
  world: FuzzWorld,
  resolve: Resolve,
  bySegment: Record<string, number | string> = world.ownBySegment,
): FuzzRequest | undefined {
  if (op.method === "DELETE") return undefined;
  if (op.parameters.some((parameter) => parameter.in === "query" && parameter.required)) return undefined;
  let body: unknown;
  if (op.body) {
    body = plainValue(op.body, resolve, 0, world.plainFields);
    if (body === undefined && op.bodyRequired) return undefined;
  }
  const params: Record<string, unknown> = {};
  const segments = op.path.split("/");
  for (const [i, segment] of segments.entries()) {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!name) continue;
    const thing = bySegment[segments[i - 1] ?? ""] ?? world.ownBySegment[segments[i - 1] ?? ""];
    if (thing === undefined) return undefined;
    params[name] = thing;
  }
  return { auth: op.sessionOnly ? "session" : "token", params, query: {}, ...(body === undefined ? {} : { body }) };
}

/** Percent-encodes a path segment byte by byte (a lone surrogate becomes U+FFFD, as a browser would send it). */
const encode = (value: unknown) =>
  [...Buffer.from(typeof value === "string" ? value : JSON.stringify(value), "utf8")]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

function urlOf(op: Operation, request: FuzzRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(request.params[name]));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      search.append(name, typeof one === "string" ? one : JSON.stringify(one));
    }
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function seedFor(seed: number, operation: string): number {
  let hash = seed | 0;
  for (let i = 0; i < operation.length; i++) hash = (Math.imul(hash, 31) + operation.charCodeAt(i)) | 0;
  return hash;
}

/** A field the near miss broke that the schema types strictly enough that accepting it is a bug. */
function mustRefuse(mutation: Mutation | undefined, body: JsonSchema | undefined, resolve: Resolve): boolean {
  if (!mutation || !body) return false;
  const schema = resolve(body);
  if (mutation.kind === "not-an-object") return schema.type === "object";
  if (mutation.kind !== "huge" && mutation.kind !== "wrong-type") return false;
  const field = schema.properties?.[mutation.field];
  if (!field) return false;
  const resolved = resolve(field);
  if (mutation.kind === "huge") return typeof resolved.maxLength === "number" && resolved.maxLength < 200_000;
  return typeof resolved.type === "string" && ["string", "integer", "number", "boolean"].includes(resolved.type);
}

/** What a run did: requests by status, and the operations no request reached a success of (coverage, printed). */
export interface FuzzStats {
  requests: number;
  byStatus: Record<number, number>;
  neverSucceeded: string[];
}

export async function fuzzApi(
  app: FastifyInstance,
  world: FuzzWorld,
  options: FuzzOptions,
): Promise<{ findings: Finding[]; stats: FuzzStats }> {
  const document = JSON.parse(app.openApiJson()) as OpenApiDocument;
  const resolve = resolverFor(document);
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const validators = new Map<JsonSchema, ReturnType<typeof ajv.compile>>();
  const validatorOf = (schema: JsonSchema) => {
    let validate = validators.get(schema);
    if (!validate) {
      // NOTE: "#/components/…" refs resolve against the compiled root, so the root carries the components.
      validate = ajv.compile({ allOf: [schema], components: document.components });
      validators.set(schema, validate);
    }
    return validate;
  };

  async function send(op: Operation, request: FuzzRequest): Promise<LightMyRequestResponse> {
    const auth = request.auth === "token" ? world.token : request.auth === "session" ? await world.session() : {};
    const hasBody = request.body !== undefined;
    return app.inject({
      method: op.method as "GET",
      url: urlOf(op, request),
      headers: { origin: "http://localhost:3000", ...(hasBody ? { "content-type": "application/json" } : {}), ...auth },
      payload: hasBody ? JSON.stringify(request.body) : undefined,
    });
  }

  function problemWith(op: Operation, request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
    const status = response.statusCode;
    if (status >= 500 && status !== 503) return `answered ${status}: ${response.body.slice(0, 300)}`;
    // NOTE: nothing the token's own requests do may end it (it cannot reach the routes that revoke it).
    if (status === 401 && request.auth === "token") return `refused the fuzzing user's valid token: ${response.body}`;
    const documented = op.responses[String(status)] ?? op.responses.default;
    if (!documented)
      return `answered ${status}, which the document does not list (${Object.keys(op.responses).join(", ")})`;
    if (status < 300 && mustRefuse(request.mutation, op.body, resolve)) {
      return `accepted a near miss (${JSON.stringify(request.mutation)}) with ${status}`;
    }
    const type = String(response.headers["content-type"] ?? "");
    const jsonSchema = documented.content?.["application/json"]?.schema;
    if (!type.includes("json") || !jsonSchema || response.body === "") return undefined;
    let value: unknown;
    try {
      value = JSON.parse(response.body);
    } catch {
      return `answered ${status} with a body that is not JSON`;
    }
    const validate = validatorOf(jsonSchema);
    if (!validate(value)) {
      const error = validate.errors?.[0];
      return `answered ${status} with a body its documented schema refuses: ${error?.instancePath || "(body)"} ${error?.message} (${JSON.stringify(error?.params)})`;
    }
    return undefined;
  }

  const findings: Finding[] = [];
  const stats: FuzzStats = { requests: 0, byStatus: {}, neverSucceeded: [] };
  const started = performance.now();
  // NOTE: reads first, while the world's things (the user's published story, series, lore …) are as made; then the
  // writes (an unpublish, a block …); the DELETEs last.
  const rank = (op: Operation) => (op.method === "GET" ? 0 : op.method === "DELETE" ? 2 : 1);
  const operations = operationsOf(document)
    .filter((op) => !options.only || options.only.test(`${op.method} ${op.path}`))
    .sort((a, b) => rank(a) - rank(b));
  for (const op of operations) {
    const operation = `${op.method} ${op.path}`;
    const left = options.timeBudgetMs - (performance.now() - started);
    if (left <= 0) {
      findings.push({ operation, report: "not reached within the stage's time bound" });
      continue;
    }
    world.advanceClock();
    let succeeded = false;
    const property = fc.asyncProperty(requestArbitrary(op, world, resolve), async (request) => {
      const response = await send(op, request);
      stats.requests++;
      stats.byStatus[response.statusCode] = (stats.byStatus[response.statusCode] ?? 0) + 1;
      if (response.statusCode < 400) succeeded = true;
      const problem = problemWith(op, request, response);
      if (problem) throw new Error(`${op.method} ${urlOf(op, request)} [${request.auth}] ${problem}`);
    });
    const plain = plainRequest(op, world, resolve);
    const segments = op.path.split("/");
    const asReader = Object.keys(world.theirsBySegment).some((segment) => segments.includes(segment))
      ? plainRequest(op, world, resolve, world.theirsBySegment)
      : undefined;
    const result = await fc.check(property, {
      numRuns: options.runsPerOperation,
      examples: [plain, asReader].filter((request) => request !== undefined).map((request) => [request]),
      // NOTE: a seed per operation (the run's seed and the operation's name), so the runs of different operations do
      // not make the same choices in step, and FUZZ_ONLY reproduces one operation's run exactly.
      seed: seedFor(options.seed, operation),
      // NOTE: shrinking sends a request per step; bounded so one bad route cannot eat the stage.
      interruptAfterTimeLimit: Math.min(left, 8_000),
      markInterruptAsFailure: false,
    });
    if (!succeeded) stats.neverSucceeded.push(operation);
    if (result.failed) {
      const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      const example = JSON.stringify(result.counterexample?.[0]);
      findings.push({
        operation,
        report: `${error}\n  shrunk request (${result.numShrinks} shrinks, seed ${result.seed}, path "${result.counterexamplePath}"): ${example}`,
      });
    }
  }
  return { findings, stats };
}
