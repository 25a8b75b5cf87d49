// Roles (issue 18): user, moderator, admin. Checked from the role stored on the server: request.user is the row the
// session lookup read from the database for this very request (accounts/sessions.ts), never anything the request
// says. No HTTP route grants a role: only the command line does (npm run admin, moderation/admin-command.ts).
import type { FastifyRequest } from "fastify";
import type { Role } from "../../shared/schemas/moderation";
import { requireUser } from "../accounts/guards";
import { forbidden } from "../errors";
import { authorizeOrThrow } from "../policies/authorize";
import { canModerate } from "../policies/user";
import type { UserRow } from "../types";

export const NOT_A_MODERATOR = "Only moderators can do this";
export const NOT_AN_ADMIN = "Only admins can do this";

export const roleOf = (user: Pick<UserRow, "role">): Role =>
  user.role === "admin" || user.role === "moderator" ? user.role : "user";

export const isModerator = (user: Pick<UserRow, "role">) => roleOf(user) !== "user";

export function requireModerator(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  authorizeOrThrow(canModerate(user), { forbidden: () => forbidden(NOT_A_MODERATOR) });
  return user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (roleOf(user) !== "admin") throw forbidden(NOT_AN_ADMIN);
  return user;
}

/** Route-level onRequest hooks: 401/403 before the body is even validated, so users learn nothing of its rules. */
export async function moderatorHook(request: FastifyRequest): Promise<void> {
  requireModerator(request);
}

export async function adminHook(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
