// Tells a lost or unreachable database apart from other failures, so the error handler can answer
// 503 (a dependency is down; decision 0006) instead of a 500, and log it without the query's parameters.

export const DB_UNAVAILABLE = {
  message: "The database is unavailable right now. Please try again in a moment.",
  code: "DB_UNAVAILABLE",
} as const;

// Besides SQLSTATE class 08 (connection exception, matched by prefix): admin_shutdown, crash_shutdown,
// cannot_connect_now (a server starting up or going down).
const SHUTDOWN_STATES = new Set(["57P01", "57P02", "57P03"]);
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// node-postgres reports these as plain Errors without a code.
const PG_MESSAGES = [
  /^Connection terminated/, // …unexpectedly, …due to connection timeout
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/, // a client that has lost its connection
];

export interface DatabaseFailure {
  code?: string;
  message: string;
}

function ownFailure(error: unknown): DatabaseFailure | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (code.startsWith("08") || SHUTDOWN_STATES.has(code) || SOCKET_CODES.has(code)) {
      return { code, message: error.message };
    }
  }
  if (PG_MESSAGES.some((pattern) => pattern.test(error.message))) return { message: error.message };
  return undefined;
}

/**
 * The connection failure inside error, if that is what it is. Looks through drizzle's wrapper (its
 * message carries the query's parameters, so only the cause's code and message are returned) and the
 * AggregateError Node gives when every address of a host refuses.
 */
export function databaseFailure(error: unknown, depth = 0): DatabaseFailure | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  const own = ownFailure(error);
  if (own) return own;
  const inner = error instanceof AggregateError ? error.errors : [];
  for (const candidate of [error.cause, ...inner]) {
    const found = databaseFailure(candidate, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export const isDatabaseUnavailable = (error: unknown): boolean => databaseFailure(error) !== undefined;
