// PostgreSQL stores neither NUL characters nor unpaired UTF-16 surrogates in text or jsonb; it answers
// them with an error, which would be a 500. One check over every string a request carries (body, query,
// route parameters, object keys included) turns that into a 400 naming the field, before any schema runs.
import type { FastifyInstance } from "fastify";
import { AppError, validationBody } from "../errors";

export const BAD_CHARACTER = "This text contains a character that cannot be saved.";

// NOTE: String.prototype.isWellFormed (Node 20+) is newer than the TypeScript lib this project targets.
type WellFormed = { isWellFormed(): boolean };
const isStorable = (text: string) => !text.includes("\u0000") && (text as unknown as WellFormed).isWellFormed();

// NOTE: a raw body (the Stripe webhook's Buffer) is bytes, not text; walking it index by index would cost seconds
// of CPU for a megabyte, before the route could refuse it.
const mayHoldText = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !ArrayBuffer.isView(value);

/** The path of the first string (or key) that cannot be stored, or undefined. */
export function findUnstorableText(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === "string") return isStorable(value) ? undefined : path;
  if (!mayHoldText(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, inner] of Object.entries(value)) {
    // A bad key is named by the field that holds it: the key itself cannot be shown.
    if (!isStorable(key)) return path;
    const found = findUnstorableText(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Whether anything in `value` cannot be stored: the common all-clear answer without allocating paths. */
function hasUnstorableText(value: unknown): boolean {
  if (typeof value === "string") return !isStorable(value);
  if (!mayHoldText(value)) return false;
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isStorable(key) || hasUnstorableText((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

export function registerTextGuard(app: FastifyInstance): void {
  // NOTE: pre-validation, so the body is parsed but no schema has seen (or coerced) it yet.
  // NOTE: callback-style: every request passes here, and an async hook costs a promise each time.
  app.addHook("preValidation", (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      if (!hasUnstorableText(part)) continue;
      const path = findUnstorableText(part);
      if (path) {
        const { fields } = validationBody([{ path, message: BAD_CHARACTER }]);
        return done(new AppError(400, "VALIDATION", BAD_CHARACTER, { fields }));
      }
    }
    done();
  });
}
