// Issue 34's budget (the document in under 200 ms at start): every route's zod schemas become JSON Schema in two
// conversions (the inputs, then the answers) instead of one per schema. fastify-type-provider-zod's transform calls
// zod's toJSONSchema once per schema (~1,400 of them), and each call pays a context, a finalize pass and a JSON round
// trip: ~70% of the document's build. Here each side is one object whose properties are the routes' schemas, in a
// registry that also holds every schema with an id (ErrorBody's "Error", "StoryView" …), so those stay references to
// components, named as the type provider names them (an input's id ends "Input"); the components themselves are still
// written by its createJsonSchemaTransformObject.
import { type core, globalRegistry, registry, toJSONSchema, type ZodType, z } from "zod";

export type JsonSchema = Record<string, unknown>;
export type Io = "input" | "output";

const ROOT = "__routes";
const componentUri = (id: string) => `#/components/schemas/${id}`;
/** Keywords zod sets on a generated root that mean nothing in the document. */
const IDENTITY = new Set(["id", "$id", "$schema"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const ONE_SCHEMA = new Set(["items", "additionalProperties", "not"]);

/** The type provider's id for a schema with an id, on each side (its registry.ts). */
export const componentId = (id: string, io: Io) => (io === "input" ? `${id}Input` : id);

/** A registry with every id'd schema under its side's name, and the global metadata (descriptions) for the rest. */
function sideRegistry(io: Io) {
  const side = registry<core.JSONSchemaMeta>();
  // NOTE: as the type provider's copyRegistry does: metadata not set here is read from the global registry.
  side._map = new (class extends WeakMap<core.$ZodType, core.JSONSchemaMeta> {
    override get(key: core.$ZodType) {
      return super.get(key) ?? globalRegistry._map.get(key);
    }
    override has(key: core.$ZodType) {
      return super.has(key) || globalRegistry._map.has(key);
    }
  })();
  for (const [id, schema] of globalRegistry._idmap) {
    side.add(schema, { ...globalRegistry._map.get(schema), id: componentId(id, io) });
  }
  return side;
}

const isType = (value: unknown, type: string) =>
  value instanceof z.ZodType && (value as ZodType)._zod.def.type === type;

/**
 * The type provider's adjustments (its getOverride): dates as date-time text, undefined as null, and no branch for
 * `undefined` in a union. NOTE: it drops every branch that is empty when it runs; here a branch shared with another
 * route may not be written yet, and an empty branch is "any value" (a transformed field), which must stay.
 */
function override(io: Io) {
  return (ctx: { zodSchema: core.$ZodType; jsonSchema: core.JSONSchema.BaseSchema }) => {
    const { zodSchema, jsonSchema } = ctx;
    if (isType(zodSchema, "union") && jsonSchema.anyOf) {
      const options = (zodSchema as z.ZodUnion)._zod.def.options;
      jsonSchema.anyOf = jsonSchema.anyOf.filter((_, i) => !isType(options[i], "undefined"));
    }
    if (isType(zodSchema, "date") && io === "output") {
      jsonSchema.type = "string";
      jsonSchema.format = "date-time";
    }
    if (isType(zodSchema, "undefined") && io === "output") jsonSchema.type = "null";
  };
}

/** Drops the identity keywords, at schema positions only (a property may be called `id`). */
function sanitize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitize);
  if (value === null || typeof value !== "object") return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (IDENTITY.has(key)) continue;
    if (key === "properties" && child && typeof child === "object") {
      out[key] = Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, sanitize(schema)]));
    } else if (ONE_SCHEMA.has(key) || SCHEMA_LISTS.has(key)) out[key] = sanitize(child);
    else out[key] = child;
  }
  return out;
}

/**
 * Converts each schema as the type provider's transform would, in one pass over all of them: a schema with an id is
 * a reference to its component; every other schema is written out in full.
 */
export function convertAll(schemas: readonly ZodType[], io: Io): Map<ZodType, JsonSchema> {
  const side = sideRegistry(io);
  const converted = new Map<ZodType, JsonSchema>();
  const unnamed: ZodType[] = [];
  for (const schema of new Set(schemas)) {
    const id = side.get(schema)?.id;
    if (id) converted.set(schema, { $ref: componentUri(id) });
    else unnamed.push(schema);
  }
  if (unnamed.length === 0) return converted;
  const root = z.object(Object.fromEntries(unnamed.map((schema, i) => [`r${i}`, schema])));
  side.add(root, { id: ROOT });
  const { schemas: out } = toJSONSchema(side, {
    target: "draft-2020-12",
    io,
    metadata: side,
    unrepresentable: "any",
    cycles: "ref",
    reused: "inline",
    uri: componentUri,
    override: override(io),
  }) as { schemas: Record<string, JsonSchema> };
  if (out.__shared) throw new Error("A route's schema is recursive: the API document cannot describe it inline");
  const properties = (out[ROOT]?.properties ?? {}) as Record<string, unknown>;
  for (const [i, schema] of unnamed.entries()) converted.set(schema, sanitize(properties[`r${i}`]) as JsonSchema);
  return converted;
}
