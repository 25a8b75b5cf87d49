// The request id: the one nginx passes in X-Request-Id when it is sane, else a new one. Fastify puts it in every
// log line of the request (`reqId`); the app echoes it in the X-Request-Id header and in error answers' JSON.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "x-request-id";
/** Letters, digits and `._:-`, at most 128: nothing that could forge a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A made id: this process's random prefix and a counter, unique across instances and restarts (64 random bits)
 * and ~10x cheaper than a UUID per request (docs/decisions/0037).
 */
const PREFIX = randomBytes(8).toString("hex");
let counter = 0;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  if (typeof given === "string" && SANE_ID.test(given)) return given;
  counter = counter === Number.MAX_SAFE_INTEGER ? 1 : counter + 1;
  return `${PREFIX}-${counter.toString(36)}`;
}
