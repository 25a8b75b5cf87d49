// The request id: the one nginx passes in X-Request-Id when it is sane, else a new one. Fastify puts it in every
// log line of the request (`reqId`); the app echoes it in the X-Request-Id header and in error answers' JSON.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "x-request-id";
/** Letters, digits and `._:-`, at most 128: nothing that could forge a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && SANE_ID.test(given) ? given : randomUUID();
}
