// AppError and the one error handler: every failure leaves the API as JSON { message, code?, fields? }.
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { DAILY_LIMIT_CODE, MARIN_ERROR_CODES } from "../shared/schemas/marin";
import { AppError } from "./app-error";
import { DB_UNAVAILABLE, databaseFailure } from "./db/unavailable";

export interface ErrorBody {
  message: string;
  code?: string;
  fields?: Record<string, string>;
  [extra: string]: unknown;
}

// NOTE: the class lives apart so the import worker can throw it without loading zod and the handler's imports.
export { AppError } from "./app-error";

export const notFound = (message = "Not found") => new AppError(404, "NOT_FOUND", message);
export const unauthorized = (message = "Not authenticated") => new AppError(401, "UNAUTHORIZED", message);
export const forbidden = (message = "Forbidden") => new AppError(403, "FORBIDDEN", message);
export const conflict = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(409, "CONFLICT", message, extra);

type Issue = { path: PropertyKey[]; message: string };

/** The first message per field; the answer's message is the first field's message. */
export function validationBody(issues: readonly Issue[]): ErrorBody {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return { message: issues[0]?.message ?? "Invalid request", code: "VALIDATION", fields };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 429) countQuotaDenial(app, error.code);
      return reply.status(error.status).send({ message: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || "").split("/").filter(Boolean),
        message: v.message ?? "Invalid value",
      }));
      return reply.status(400).send(validationBody(issues));
    }
    if (error instanceof ZodError) return reply.status(400).send(validationBody(error.issues));
    const dbFailure = databaseFailure(error);
    if (dbFailure) {
      request.log.warn({ db: dbFailure }, "database unavailable");
      // NOTE: server-side failures carry the request id (also in the X-Request-Id header), so a person who reports
      // one gives the operator the log lines to look at; 4xx answers are about the request itself.
      return reply.status(503).send({ ...DB_UNAVAILABLE, requestId: request.id });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: "Too many requests. Please try again later.", code: "RATE_LIMITED" });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code ?? "BAD_REQUEST" });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ message: "Internal Server Error", code: "INTERNAL", requestId: request.id });
  });
}

/** Marin's limits (ai/quota.ts) refuse with these codes; /metrics counts the refusals. */
function countQuotaDenial(app: FastifyInstance, code: string): void {
  const limit = code === DAILY_LIMIT_CODE ? "daily" : code === MARIN_ERROR_CODES.rateLimited ? "per_minute" : undefined;
  if (limit) app.deps?.metrics.quotaDenials.labels(limit).inc();
}
