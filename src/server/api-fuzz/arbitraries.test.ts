// The fuzzing stage's generators: what valueArbitrary makes, the schema accepts; what nearMiss makes of a required,
// typed field, the schema refuses. Checked with ajv, the validator the stage judges answers with.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { expect, it } from "vitest";
import { type JsonSchema, nearMiss, plainValue, resolverFor, valueArbitrary } from "./arbitraries";

const components: Record<string, JsonSchema> = {
  Tag: { type: "string", minLength: 1, maxLength: 40, pattern: "^[a-z][a-z0-9-]*$" },
};
const document = { components: { schemas: components } };
const resolve = resolverFor(document);
const ajv = addFormats(new Ajv2020({ strict: false }));

const BODY: JsonSchema = {
  type: "object",
  properties: {
    title: { type: "string", minLength: 1, maxLength: 200 },
    words: { type: "integer", exclusiveMinimum: 0, maximum: 2_147_483_647 },
    rating: { type: "string", enum: ["general", "teen", "mature"] },
    at: { type: "string", format: "date-time" },
    note: { anyOf: [{ type: "string", maxLength: 10 }, { type: "null" }] },
    tags: { type: "array", items: { $ref: "#/components/schemas/Tag" }, maxItems: 3 },
    moods: {
      type: "object",
      propertyNames: { type: "string", maxLength: 8 },
      additionalProperties: { type: "number", minimum: 0, maximum: 100 },
    },
    pair: { type: "array", prefixItems: [{ type: "integer" }, { type: "boolean" }] },
    kind: { const: "story" },
  },
  required: ["title", "words", "kind"],
  additionalProperties: false,
};

const validate = ajv.compile({ ...BODY, components: document.components });
const accepts = (_schema: JsonSchema, value: unknown) => validate(value);

it("generates only what the schema accepts", () => {
  fc.assert(
    fc.property(valueArbitrary(BODY, resolve), (value) => {
      expect(accepts(BODY, value), JSON.stringify(value)).toBe(true);
    }),
    { numRuns: 300 },
  );
});

it("breaks exactly what a near miss says, so the schema refuses it", () => {
  const arbitrary = valueArbitrary(BODY, resolve).chain((value) => nearMiss(value, BODY, resolve));
  fc.assert(
    fc.property(arbitrary, ([value, mutation]) => {
      // Dropping an optional field is still valid; every other mutation of this schema breaks it.
      const strict = mutation.kind !== "drop" || ["title", "words", "kind"].includes(mutation.field);
      if (strict) expect(accepts(BODY, value), `${JSON.stringify(mutation)}`).toBe(false);
    }),
    { numRuns: 300 },
  );
});

it("makes the plainest value a schema takes: its required fields only, and none where a pattern refuses words", () => {
  const plain = plainValue(BODY, resolve);
  expect(plain).toEqual({ title: "Fuzzed words", words: 1, kind: "story" });
  expect(validate(plain)).toBe(true);
  const tagged: JsonSchema = { ...BODY, required: [...(BODY.required ?? []), "tags", "rating", "at"] };
  const withTags = plainValue(
    { ...tagged, properties: { ...BODY.properties, tags: { ...BODY.properties!.tags!, minItems: 1 } } },
    resolve,
  );
  expect(withTags).toBeUndefined();
  const dated = plainValue({ ...BODY, required: ["at", "rating", "note"] }, resolve);
  expect(dated).toEqual({ at: "2026-12-01T12:00:00.000Z", rating: "general", note: "Fuzzed wor" });
  // A known field takes the world's real value (a username that names someone), anywhere in the body.
  expect(plainValue(BODY, resolve, 0, { title: "ada_lovelace" })).toEqual({
    title: "ada_lovelace",
    words: 1,
    kind: "story",
  });
});
