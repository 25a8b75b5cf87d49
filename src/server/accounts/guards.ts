import type { FastifyRequest } from "fastify";
import { unauthorized } from "../errors";
import type { UserRow } from "../types";

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
