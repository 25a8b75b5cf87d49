// The signed-in hint: a non-secret cookie set beside the httpOnly session cookie, with the same lifetime.
// It lets the client skip GET /api/user (a 401 in the console) for visitors, and lets the prerendered
// landing page show the right header without a request. It proves nothing: the session cookie does.

export const SIGNED_IN_HINT_COOKIE = "ff_signed_in";
export const SIGNED_IN_HINT_VALUE = "1";

/** Reads the hint from a Cookie header or `document.cookie`. */
export function hasSignedInHint(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => pair.trim() === `${SIGNED_IN_HINT_COOKIE}=${SIGNED_IN_HINT_VALUE}`);
}
