// Per-address request limits for the account routes, counted in the database (so every app instance shares them)
// before the route does any work.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { AppError } from "../errors";
import { addressKey } from "../http/client-address";
import { createThrottle } from "./throttle";

export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";

/** The address a request counts under (see addressKey: IPv6 counts per /64). */
export const clientAddress = (request: FastifyRequest) => addressKey(request.ip);

export function rateLimited(message: string, waitMs: number): AppError {
  return new AppError(429, "RATE_LIMITED", message, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
}

/** An onRequest hook allowing `max` requests per client address per window, then 429. */
export function limitPerAddress(
  app: FastifyInstance,
  name: string,
  max: number,
  windowMs: number,
): onRequestAsyncHookHandler {
  const throttle = createThrottle(app.deps.database.db, name, max, windowMs, app.deps.now);
  return async (request) => {
    const key = clientAddress(request);
    if (!(await throttle.take(key))) throw rateLimited(TOO_MANY_REQUESTS, await throttle.retryAfterMs(key));
  };
}
