// Logs never carry secrets. Query strings hold tokens (/api/verify-email?token=..., the Google callback's
// code), so request lines drop their values; a failed query's parameters hold password and token hashes,
// so database errors are logged by their code and message alone.
import {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyLoggerOptions,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { pino } from "pino";

export type LoggerConfig = FastifyLoggerOptions & NonNullable<Exclude<FastifyServerOptions["logger"], boolean>>;

/** `/path?token=[redacted]`: parameter names stay for debugging, values go. */
export function redactQuery(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=[redacted]`);
  return `${url.slice(0, at)}?${names.join("&")}`;
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
/** drizzle's DrizzleQueryError: its message and `params` carry every bound value. */
const isQueryError = (e: Record<string, unknown>) => typeof e.query === "string" && "params" in e;
/** pg's and PGlite's DatabaseError: `detail` may quote a row's values (a duplicate key's hash). */
const isDatabaseError = (e: Record<string, unknown>) =>
  typeof e.code === "string" && SQLSTATE.test(e.code) && "severity" in e;

const typeOf = (error: Record<string, unknown>) =>
  (typeof error.constructor === "function" && error.constructor.name) || String(error.name ?? "Error");
/** The stack's frames alone: a stack starts with the original message, which is what must not be logged. */
const framesOf = (error: Record<string, unknown>) => {
  const stack = typeof error.stack === "string" ? error.stack : "";
  const message = String(error.message ?? "");
  const at = message ? stack.indexOf(message) : -1;
  return at < 0 ? "" : stack.slice(at + message.length);
};

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!isRecord(error)) return { type: typeof error, message: String(error), stack: "" };
  const type = typeOf(error);
  if (isDatabaseError(error)) {
    const message = String(error.message);
    return { type, code: error.code, message, stack: `${type}: ${message}${framesOf(error)}` };
  }
  if (isQueryError(error)) {
    const message = `Failed query: ${error.query}`;
    const out: SerializedError = { type, message, stack: `${type}: ${message}${framesOf(error)}` };
    if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
    return out;
  }
  const out: SerializedError = {
    type,
    message: String(error.message ?? ""),
    stack: typeof error.stack === "string" ? error.stack : "",
  };
  for (const [key, value] of Object.entries(error)) {
    if (key in out || key === "cause" || key === "errors") continue;
    out[key] = value;
  }
  // NOTE: causes are serialized on their own (pino's default folds their messages into this one).
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  if (Array.isArray(error.errors) && depth < 5) out.errors = error.errors.map((e) => serializeError(e, depth + 1));
  return out;
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options with the redacting serializers; false stays false (tests that want quiet). */
export function safeLogger(config: boolean | LoggerConfig): false | LoggerConfig {
  if (config === false) return false;
  const base = config === true ? {} : config;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: serializeRequest,
      err: (error: FastifyError) => serializeError(error),
    },
  };
}

/**
 * The app's logger, built before the app so the drivers main.ts creates first (mail, database) log through it too;
 * buildApp takes it as Fastify's `loggerInstance`. Same redacting serializers as safeLogger.
 */
export function createLogger(config: true | LoggerConfig): FastifyBaseLogger {
  const { stream, ...options } = safeLogger(config) as LoggerConfig;
  return pino({ level: "info", ...options } as pino.LoggerOptions, stream as pino.DestinationStream | undefined);
}

/**
 * Standard output for the app's log, written in batches of 4 KB or every quarter of a second, whichever comes first.
 * A write per line (pino's default) cost a signed-in read about a third of its CPU under load: one system call
 * for each request's "request completed" line. `flushSync` before the process exits, so no line is lost.
 */
export function bufferedStdout(
  flushEveryMs = 250,
  dest: number | string = 1,
): { stream: pino.DestinationStream; flushSync(): void } {
  const stream = pino.destination({ dest, sync: false, minLength: 4096 });
  setInterval(() => stream.flush(), flushEveryMs).unref();
  return { stream, flushSync: () => stream.flushSync() };
}

/** A logger instance (createLogger's) rather than a config. */
export const isLogger = (value: unknown): value is FastifyBaseLogger =>
  typeof value === "object" && value !== null && typeof (value as { child?: unknown }).child === "function";

/**
 * One line per request, after the answer (decision 0035): Fastify's own "incoming request" line and its other
 * per-request lines stay off (`disableRequestLogging: true`, as the deprecated top-level option had it), and
 * "request completed" is written here with the redacted request, the status and the response time. The controller
 * is Fastify 5's supported way (`logController`); it costs no onResponse hook chain per request.
 */
export class OneLineRequestLog extends LogController {
  constructor(private readonly enabled: boolean) {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!this.enabled) return;
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      "request completed",
    );
  }
}
