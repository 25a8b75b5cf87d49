// Issue 34 section 2: what a personal API token may reach. One table, read by the token check (every request that
// carries a bearer token) and by the OpenAPI document (each operation's `security`), so the two cannot disagree.

/**
 * Requests per token per window, shared by every instance; the `RateLimit-*` headers tell what is left. The default;
 * an operator sets another with API_TOKEN_REQUESTS_PER_MINUTE (tokenRateLimit).
 */
export const TOKEN_RATE_LIMIT = { requests: 300, windowSeconds: 60 } as const;

export interface TokenRateLimit {
  requests: number;
  windowSeconds: number;
}

/** The limit this instance applies (and documents): the configured number of requests a minute. */
export const tokenRateLimit = (requestsPerMinute: number): TokenRateLimit => ({
  requests: requestsPerMinute,
  windowSeconds: TOKEN_RATE_LIMIT.windowSeconds,
});

/** The one message a token gets on a route a browser session guards more closely. */
export const SESSION_ONLY_MESSAGE =
  "API tokens cannot be used here: sign in on the website to change your password, email, sessions, tokens, billing, account or moderation settings";

/**
 * Routes only a browser session reaches: the password, email, sessions, tokens, account deletion and export,
 * billing and moderation. Patterns are Fastify route patterns; a trailing `*` takes every route below it.
 */
const SESSION_ONLY_ROUTES: readonly string[] = [
  "/api/account*",
  "/api/me/tokens*",
  "/api/create-subscription-session",
  "/api/create-customer-portal",
  "/api/moderation*",
  // Tag wrangling is staff work, like moderation.
  "/api/wrangling*",
  "/api/tags/:name/synonym",
  "/api/tags/:name/canonical",
  "/api/tags/:name/fandom",
];

/** Whether a route (by its pattern, `/api/stories/:id`) refuses API tokens. Asked as routes are added and when the document is built, never per request. */
export function isSessionOnly(routeUrl: string): boolean {
  return SESSION_ONLY_ROUTES.some((pattern) =>
    pattern.endsWith("*") ? routeUrl.startsWith(pattern.slice(0, -1)) : routeUrl === pattern,
  );
}

/** The patterns themselves, for the test that each still names a route. */
export const sessionOnlyPatterns = () => SESSION_ONLY_ROUTES;
