// Inline field errors: the first zod issue per field, or the server's `fields` map from a 400 or 409.
import type { z } from "zod";
import { ApiError, errorMessage } from "../../lib/api";

export type FieldErrors = Partial<Record<string, string>>;

/** The key of a message that belongs to the whole form rather than to one field (shown by FormAlert). */
export const FORM_ERROR = "form";

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? FORM_ERROR);
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Validates `values`; returns the parsed data or the per-field messages. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.infer<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { data: result.data, errors: null } : { data: null, errors: zodFieldErrors(result.error) };
}

/**
 * A failed request as messages for a form showing `shown` fields: each of the server's `fields` at its
 * field, and whatever no shown field can carry (a wrong password, a rate limit, a server error) as the
 * form's own message, so no error is left to a toast alone.
 */
export function serverFieldErrors(error: unknown, shown: readonly string[]): FieldErrors {
  const fields = error instanceof ApiError ? error.data.fields : undefined;
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(fields && typeof fields === "object" ? fields : {})) {
    if (typeof message !== "string") continue;
    if (shown.includes(field)) errors[field] ??= message;
    else errors[FORM_ERROR] ??= message;
  }
  if (Object.keys(errors).length === 0) errors[FORM_ERROR] = errorMessage(error);
  return errors;
}
