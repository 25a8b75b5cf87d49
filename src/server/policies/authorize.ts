// Turns a policy's refusal into the caller's own error: each route keeps its status and words.
import type { AppError } from "../errors";
import type { Decision, Refusal } from "./viewer";

export function authorizeOrThrow(decision: Decision, errors: Partial<Record<Refusal, () => AppError>>): void {
  if (decision === true) return;
  const error = errors[decision];
  // NOTE: a refusal the caller did not expect is a bug in the caller's facts, never a reason to let the act through.
  if (!error) throw new Error(`policy refused (${decision}) with no error for it`);
  throw error();
}
