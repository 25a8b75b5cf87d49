// Which path a request's guards decide on. The router decodes /%61pi/login to the /api/login route, so
// checks on the raw URL can be walked around; the matched route's pattern cannot.
import type { FastifyRequest } from "fastify";

/**
 * The matched route's pattern (`/api/stories/:id`); for a request no route matched, its path decoded,
 * lower-cased and with runs of slashes merged, so /%61pi//x and /API/x still count as API paths.
 */
export function routePath(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched !== undefined) return matched;
  const raw = request.url.split("?")[0] ?? "/";
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape stays as it was: it still cannot start with /api/ by accident.
  }
  return decoded.replace(/\/{2,}/g, "/").toLowerCase();
}

export const isApiRequest = (request: FastifyRequest) => routePath(request).startsWith("/api/");
