// Issue 34 section 3: inputs for the API's fuzzing stage, generated from the published OpenAPI document (the JSON
// Schema the routes' zod schemas become), so the stage tests what a client is promised, not our own zod types.
// NOTE: hand-written on fast-check: zod-fast-check supports zod 3 only, and the one JSON-Schema-to-fast-check package
// on npm (json-schema-fast-check 0.0.6) is built on fast-check 1 and faker 4. This covers the subset zod 4 emits.
import fc from "fast-check";

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
};

/** Resolves `#/components/schemas/X` against the document. */
export type Resolve = (schema: JsonSchema) => JsonSchema;

export function resolverFor(document: { components?: { schemas?: Record<string, JsonSchema> } }): Resolve {
  return function resolve(schema) {
    if (typeof schema.$ref !== "string") return schema;
    const name = schema.$ref.replace("#/components/schemas/", "");
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
    return resolve(target);
  };
}

const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

/** Strings that break naive code: markup, quotes, unicode, control characters, lookalikes of ids. */
const NASTY_STRINGS = [
  "",
  " ",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\u0000",
  "🦊🦊",
  "e\u0301",
  "../../etc/passwd",
  "%00",
  "null",
  "-1",
  "0",
  "1e309",
  "Ω".repeat(3),
];

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  // NOTE: long enough to reach a limit now and then, short enough that a run stays quick (huge strings are a mutation).
  const maxLength = Math.min(num(schema.maxLength) ?? 80, 400);
  if (typeof schema.pattern === "string") {
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern)
      .filter((s) => s.length >= minLength && s.length <= (num(schema.maxLength) ?? 1e9));
  }
  if (schema.format === "date-time") {
    return fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "uri" || schema.format === "url") return fc.webUrl();
  if (schema.format === "uuid") return fc.uuid();
  // NOTE: zod counts UTF-16 units and JSON Schema code points; cutting at the UTF-16 limit satisfies both (and now and
  // then leaves a lone surrogate, itself a fair test).
  const plain = fc
    .string({ minLength, maxLength, unit: "binary" })
    .map((s) => s.slice(0, maxLength))
    .filter((s) => [...s].length >= minLength);
  const nasty = fc.constantFrom(...NASTY_STRINGS).filter((s) => s.length >= minLength && s.length <= maxLength);
  return fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: nasty });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = num(schema.exclusiveMinimum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  let min =
    num(schema.minimum) ?? (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : Number.EPSILON) : undefined);
  let max =
    num(schema.maximum) ?? (exclusiveMax !== undefined ? exclusiveMax - (integer ? 1 : Number.EPSILON) : undefined);
  if (integer) {
    min = Math.max(min ?? -2_147_483_648, Number.MIN_SAFE_INTEGER);
    max = Math.min(max ?? 2_147_483_647, Number.MAX_SAFE_INTEGER);
    // Small numbers find the rows a test made; the edges find the overflows.
    const edges = fc.constantFrom(min, max, Math.max(min, Math.min(max, 0)), Math.max(min, Math.min(max, 1)));
    const small = fc.integer({ min: Math.max(min, -3), max: Math.min(max, 50) });
    return fc.oneof(small, edges, fc.integer({ min, max }));
  }
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(schema: JsonSchema, resolve: Resolve, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const names = Object.keys(properties);
  if (names.length === 0 && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    const keys = schema.propertyNames ? stringArbitrary(resolve(schema.propertyNames)) : fc.string({ maxLength: 20 });
    return fc.dictionary(keys, valueArbitrary(schema.additionalProperties, resolve, depth + 1), { maxKeys: 5 });
  }
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) record[name] = valueArbitrary(properties[name] ?? {}, resolve, depth + 1);
  return fc.record(record, { requiredKeys: names.filter((n) => required.has(n)) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** A value the schema accepts (as far as JSON Schema says: zod's refinements are not in it, so 400 stays possible). */
export function valueArbitrary(input: JsonSchema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueArbitrary(s, resolve, depth)));
  if (schema.allOf?.length) return valueArbitrary(Object.assign({}, ...schema.allOf.map(resolve)), resolve, depth);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valueArbitrary({ ...schema, type }, resolve, depth)));
  switch (types[0]) {
    case "string":
      return stringArbitrary(schema);
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s) => valueArbitrary(s, resolve, depth + 1)));
      const minLength = num(schema.minItems) ?? 0;
      const maxLength = Math.max(minLength, Math.min(num(schema.maxItems) ?? 4, depth > 2 ? minLength : 4));
      const items = valueArbitrary(schema.items ?? {}, resolve, depth + 1);
      return fc.array(items, { minLength, maxLength });
    }
    case "object":
      return objectArbitrary(schema, resolve, depth);
    default:
      // `{}`: anything JSON.
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** How a near miss differs from a valid input; printed with a failure. */
export type Mutation =
  | { kind: "drop"; field: string }
  | { kind: "wrong-type"; field: string }
  | { kind: "huge"; field: string }
  | { kind: "not-an-object" }
  | { kind: "extra-field" };

/** The same value with exactly one thing wrong (a client's bug or an attacker's probe). */
export function nearMiss(value: unknown, schema: JsonSchema, resolve: Resolve): fc.Arbitrary<[unknown, Mutation]> {
  const resolved = resolve(schema);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return fc.constantFrom<[unknown, Mutation]>(
      [{ unexpected: true }, { kind: "not-an-object" }],
      [typeof value === "string" ? "x".repeat(200_000) : "not a number", { kind: "wrong-type", field: "(value)" }],
    );
  }
  const record = value as Record<string, unknown>;
  const fields = Object.keys(resolved.properties ?? record);
  const choices: [unknown, Mutation][] = [
    [[record], { kind: "not-an-object" }],
    [withProtoKey(record), { kind: "extra-field" }],
  ];
  for (const field of fields) {
    const { [field]: _dropped, ...rest } = record;
    choices.push([rest, { kind: "drop", field }]);
    const wrong = wrongTypeFor(resolved.properties?.[field] ?? {}, resolve);
    if (wrong !== undefined)
      choices.push([
        { ...record, [field]: wrong.value },
        { kind: "wrong-type", field },
      ]);
    choices.push([
      { ...record, [field]: "x".repeat(200_000) },
      { kind: "huge", field },
    ]);
  }
  return fc.constantFrom(...choices);
}

/** The JSON types a schema allows; undefined when it allows anything. */
function typesOf(input: JsonSchema, resolve: Resolve): Set<string> | undefined {
  const schema = resolve(input);
  if ("const" in schema) return new Set([jsonType(schema.const)]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(jsonType));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const all = new Set<string>();
    for (const alternative of alternatives) {
      const types = typesOf(alternative, resolve);
      if (!types) return undefined;
      for (const type of types) all.add(type);
    }
    return all;
  }
  if (schema.type === undefined) return undefined;
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  if (types.has("integer")) types.add("number");
  return types;
}

const jsonType = (value: unknown) =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value;

const WRONG_VALUES: { type: string; value: unknown }[] = [
  { type: "number", value: 12345 },
  { type: "string", value: "12345" },
  { type: "boolean", value: true },
  { type: "array", value: [] },
  { type: "object", value: {} },
];

/** A value of a type the field does not allow; none for an untyped field. */
function wrongTypeFor(field: JsonSchema, resolve: Resolve): { value: unknown } | undefined {
  const allowed = typesOf(field, resolve);
  if (!allowed) return undefined;
  return WRONG_VALUES.find((candidate) => !allowed.has(candidate.type));
}

/** The record with an own `__proto__` key (as JSON.parse makes it), the classic prototype-pollution probe. */
function withProtoKey(record: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...record, constructor: { prototype: { polluted: true } } };
  Object.defineProperty(copy, "__proto__", { value: { polluted: true }, enumerable: true });
  return copy;
}

const PLAIN_FORMATS: Record<string, string> = {
  email: "fuzz.reader@example.com",
  "date-time": "2026-12-01T12:00:00.000Z",
  date: "2026-12-01",
  uri: "https://example.com/fuzzed",
  url: "https://example.com/fuzzed",
};

/**
 * The plainest value a schema takes, as a person would type it: the first of an enum or a union, words for a string,
 * the smallest count, no optional field. Undefined where the schema's pattern refuses plain words. `known` gives a
 * required field of that name a real value instead (a `username` that names a user, so an invitation reaches someone).
 */
export function plainValue(
  input: JsonSchema,
  resolve: Resolve,
  depth = 0,
  known: Readonly<Record<string, unknown>> = {},
): unknown {
  if (depth > 8) return undefined;
  const schema = resolve(input);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    for (const alternative of alternatives) {
      const value = plainValue(alternative, resolve, depth + 1, known);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (schema.allOf?.length)
    return plainValue(Object.assign({}, ...schema.allOf.map(resolve)), resolve, depth + 1, known);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string": {
      const format = typeof schema.format === "string" ? PLAIN_FORMATS[schema.format] : undefined;
      const min = num(schema.minLength) ?? 0;
      const max = num(schema.maxLength) ?? 200;
      const text = (format ?? "Fuzzed words").padEnd(min, " words").slice(0, Math.max(max, 1));
      if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(text)) return undefined;
      return text;
    }
    case "integer":
    case "number":
      return Math.min(Math.max(num(schema.minimum) ?? 1, 1), num(schema.maximum) ?? Number.MAX_SAFE_INTEGER);
    case "boolean":
      return false;
    case "null":
      return null;
    case "array": {
      const count = num(schema.minItems) ?? 0;
      if (count === 0) return [];
      const item = schema.items ? plainValue(schema.items, resolve, depth + 1, known) : "Fuzzed";
      return item === undefined ? undefined : Array.from({ length: count }, () => item);
    }
    case "object": {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const field = schema.properties?.[name];
        const plain = name in known ? known[name] : field ? plainValue(field, resolve, depth + 1, known) : "Fuzzed";
        if (plain === undefined) return undefined;
        value[name] = plain;
      }
      return value;
    }
    default:
      return undefined;
  }
}
