// Errors of a failed story write, by the form field they belong to: the server's `fields` map of a 400
// (src/server/errors.ts: one message per field, nested paths such as 'tags.0' under their field) and a
// refused cover image, so forms can show each one at its field rather than only in a passing toast.
import { ApiError } from "../../lib/api";

export type FieldErrors = Partial<Record<string, string>>;

/** `formField` names the form's field for a request field, or undefined when the form has none. */
export function storyFieldErrors(error: unknown, formField: (key: string) => string | undefined = (key) => key) {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return errors;
  const { fields, code, message } = error.data;
  for (const [path, text] of Object.entries(fields ?? {})) {
    const field = formField(path.split(".")[0] ?? path);
    if (field) errors[field] ??= text;
  }
  const cover = formField("coverImage");
  if (cover && code?.startsWith("IMAGE_") && message) errors[cover] ??= message;
  return errors;
}

/** Brings the first field with a problem into view and focus, so a message below the fold is not missed. */
export function revealFirstError(form: HTMLElement | null) {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const message = form?.querySelector<HTMLElement>('[role="alert"]');
  (field ?? message)?.scrollIntoView({ block: "center" });
  field?.focus({ preventScroll: true });
}
