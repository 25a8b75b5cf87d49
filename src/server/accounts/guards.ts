import type { FastifyRequest } from "fastify";
import { unauthorized } from "../errors";
import type { UserRow } from "../types";

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A route-level onRequest hook: 401 before the body is even validated. */
export async function requireUserHook(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
