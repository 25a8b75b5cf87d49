// The same-origin rule for the author page's script-free form posts (follow, block, mute), outside /api.
import type { FastifyRequest } from "fastify";

/**
 * The same-origin rule the API applies to writes, for the author page's form posts outside /api. NOTE: the app's
 * `Referrer-Policy: no-referrer` makes browsers send `Origin: null` with a form post, so Sec-Fetch-Site decides when
 * the browser sends it; older clients are judged by Origin.
 */
export function sameOrigin(request: FastifyRequest, appUrl: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin";
  const origin = request.headers.origin;
  return !origin || origin === new URL(appUrl).origin || origin === `${request.protocol}://${request.host}`;
}
