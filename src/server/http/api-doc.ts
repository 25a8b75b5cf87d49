// Issue 34: what an API route says about itself. Each route's `schema` carries a summary, its `security` and its
// responses (zod, so the handler's answer is type-checked against them); openapi.ts turns that into the document
// and adds what every route shares (the error statuses of the token check, the origin rule, the body parser …).
import { z } from "zod";

/** Every failure's body (errors.ts `ErrorBody`): a message, a stable code, the first message per field. */
export const ErrorBody = z
  .looseObject({
    message: z.string(),
    code: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: "Error", description: "Every error answers with this body" });

/** What each status means on this API; the document's response descriptions. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: "OK",
  201: "Created",
  202: "Accepted: the work goes on in the background",
  204: "Done; no body",
  302: "Redirect",
  303: "Redirect to the page that follows",
  304: "Not modified",
  400: "The request is not valid; `message` says why and `fields` names each field",
  401: "Not signed in, or the bearer token is malformed, unknown, revoked or expired",
  402: "FicForge Plus is needed",
  403: "Not allowed: another person's resource, a token's scope, a session-only route, or a cross-origin write",
  404: "Not found, or not visible to this viewer",
  409: "Conflicts with the current state (`message` says how)",
  410: "Gone",
  413: "The body is too large",
  415: "The body's content type is not accepted",
  422: "Understood but cannot be done",
  423: "Locked",
  429: "Too many requests; `Retry-After` and the `RateLimit-*` headers say when to try again",
  502: "The AI provider failed or refused; nothing was charged",
  503: "Unavailable for a moment (the database, a restart or a busy worker); try again",
};

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 502 | 503;

/** The route's own error statuses, each answering `ErrorBody`: `response: { 200: X, ...errors(404, 409) }`. */
export function errors<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<S, typeof ErrorBody>;
}

/** A 204's schema: no body. */
export const NoContent = z.null().describe(STATUS_TEXT[204] ?? "");

/**
 * A file, a page or a feed: `response: { 200: file("application/epub+zip") }`. Its body is text or bytes to the
 * document, except a JSON file's, which is some JSON object (a lorebook in another app's format).
 */
export function file(...contentTypes: string[]) {
  return {
    description: STATUS_TEXT[200],
    content: Object.fromEntries(
      contentTypes.map((type) => [type, { schema: type.includes("json") ? JsonFile : z.string() }]),
    ),
  };
}

const JsonFile = z.record(z.string(), z.unknown()).describe("A JSON file");

/** Who may call a route. Session-only routes (api-tokens/policy.ts) drop the token scheme in the document. */
export const SIGNED_IN = [{ session: [] }, { token: [] }] as const;
/** Anyone; a signed-in caller (session or token) may see more (members-only works, their own drafts …). */
export const OPTIONAL_SIGN_IN = [{}, { session: [] }, { token: [] }] as const;
/** Anyone; the caller is not looked at. */
export const PUBLIC = [{}] as const;

declare module "fastify" {
  interface FastifySchema {
    /** A route's own limit, in words (`5 per hour per address`); the per-token limit is added to every route. */
    "x-rate-limit"?: string;
  }
}
