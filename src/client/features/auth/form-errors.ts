// Inline field errors: the first zod issue per field, or the server's `fields` map from a 400.
import type { z } from "zod";
import { ApiError } from "../../lib/api";

export type FieldErrors = Partial<Record<string, string>>;

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
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

export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const fields = error.data.fields;
  return fields && typeof fields === "object" ? { ...fields } : {};
}
