// How JSON answers leave: as the handler built them (JSON.stringify, no field stripped, no per-answer schema work).
// Under test every answer is also checked against the status's documented zod schema, so the whole suite keeps the
// OpenAPI document honest (issue 34): an answer that does not match fails the request with a 500 naming the route.
import type { FastifySerializerCompiler } from "fastify";
import type { ZodType } from "zod";

export class ResponseMismatchError extends Error {
  constructor(method: string, url: string, status: string, detail: string) {
    super(`${method} ${url} answered ${status} with a body its documented schema refuses: ${detail}`);
  }
}

const toZod = (schema: unknown): ZodType | undefined => {
  if (schema && typeof schema === "object" && "safeParse" in schema) return schema as ZodType;
  if (schema && typeof schema === "object" && "properties" in schema) return toZod(schema.properties);
  return undefined;
};

export function createSerializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const zod = checkAnswers ? toZod(schema) : undefined;
    if (!zod) return (data) => JSON.stringify(data);
    return (data) => {
      const text = JSON.stringify(data);
      const result = zod.safeParse(text === undefined ? undefined : JSON.parse(text));
      if (!result.success) {
        const detail = result.error.issues
          .slice(0, 5)
          .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`)
          .join("; ");
        throw new ResponseMismatchError(method, url, String(httpStatus), detail);
      }
      return text;
    };
  };
}
