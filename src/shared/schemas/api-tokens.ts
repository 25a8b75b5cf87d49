// Issue 34 section 2: personal API tokens (Settings → API tokens; POST, GET /api/me/tokens, DELETE /api/me/tokens/{id}).
// The token itself is answered once, at creation; afterwards only its name, scopes, last use and expiry.
import { z } from "zod";

export const API_TOKEN_LIMITS = {
  /** Tokens per person. */
  max: 100,
  nameChars: 60,
  maxExpiresInDays: 365,
} as const;

/** What every token starts with, so a leaked one can be recognised (secret scanners, our own query-string check). */
export const API_TOKEN_PREFIX = "ffp_";
/** A whole token: the prefix and 32 random bytes in base64url. */
export const API_TOKEN_PATTERN = /ffp_[A-Za-z0-9_-]{43}/;

export const TOO_MANY_API_TOKENS = `You can have at most ${API_TOKEN_LIMITS.max} API tokens. Revoke one to create another.`;
export const API_TOKEN_NOT_FOUND = "API token not found";

export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

// NOTE: the example is for the reference: Swagger UI's example generator draws a union of tuples as `[null]`.
const Scopes = z
  .union([z.tuple([z.literal("read")]), z.tuple([z.literal("read"), z.literal("write")])])
  .meta({ description: 'Either `["read"]` or `["read", "write"]`', examples: [["read"]] });

export const ApiTokenCreate = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "Give the token a name")
    .max(API_TOKEN_LIMITS.nameChars, `At most ${API_TOKEN_LIMITS.nameChars} characters`),
  scopes: Scopes,
  /** Omitted: the token never expires. */
  expiresInDays: z.int().min(1).max(API_TOKEN_LIMITS.maxExpiresInDays).optional(),
});
export type ApiTokenCreate = z.infer<typeof ApiTokenCreate>;

export const ApiTokenId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ApiTokenCreated = z.object({
  id: z.int(),
  token: z.string().describe("The token; shown this once, never again"),
});
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;

export const ApiToken = z.object({
  id: z.int(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokenList = z.array(ApiToken);
