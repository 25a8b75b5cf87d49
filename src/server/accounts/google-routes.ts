// Google sign-in: GET /api/auth/providers, GET /api/auth/google, GET /api/auth/google/callback.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AuthProviders } from "../../shared/schemas/accounts";
import { AppError, notFound } from "../errors";
import { errors, NoContent, OPTIONAL_SIGN_IN, PUBLIC } from "../http/api-doc";
import { createGoogleClient, type PendingSignIn } from "./google-client";
import { startSession } from "./sessions";
import { findOrCreateGoogleUser, linkGoogleToAccount } from "./sign-in-with-google";

const PENDING_COOKIE = "ff_oauth";
const PENDING_PATH = "/api/auth/google";
const PENDING_MAX_AGE_S = 10 * 60;
export const GOOGLE_SUCCESS = "/auth-success";
export const GOOGLE_FAILURE = "/auth?error=oauth_sync_failed";
// Linking from Settings → Account and security (issue 18) comes back to Settings.
export const GOOGLE_LINKED = "/dashboard/settings?google=linked";
export const GOOGLE_LINK_FAILED = "/dashboard/settings?google=link-failed";

/** The sign-in in progress; `linkUserId` when a signed-in user is linking Google to their account. */
type Pending = PendingSignIn & { linkUserId?: number };

export async function googleRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const google = createGoogleClient(config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // NOTE: 404 when this server has no Google sign-in configured.
  const redirects = { 302: NoContent, ...errors(404) };

  r.get(
    "/api/auth/providers",
    {
      schema: {
        summary: "Which outside sign-ins this server offers",
        security: PUBLIC,
        response: { 200: AuthProviders },
      },
    },
    async () => ({ google: google !== undefined }),
  );

  const startSchema = {
    summary: "Start signing in with Google, or linking Google to your account (redirects to Google)",
    security: OPTIONAL_SIGN_IN,
    querystring: z.object({ intent: z.literal("link").optional().catch(undefined) }),
    response: redirects,
  };
  r.get("/api/auth/google", { schema: startSchema }, async (request, reply) => {
    if (!google) throw notFound();
    try {
      const { url, pending: started } = await google.start();
      const linking = request.query.intent === "link" && request.user;
      const pending: Pending = linking ? { ...started, linkUserId: request.user!.id } : started;
      reply.setCookie(PENDING_COOKIE, Buffer.from(JSON.stringify(pending)).toString("base64url"), {
        path: PENDING_PATH,
        httpOnly: true,
        // Lax: the cookie must come back on Google's top-level redirect to the callback.
        sameSite: "lax",
        secure: config.APP_URL.startsWith("https://"),
        maxAge: PENDING_MAX_AGE_S,
      });
      return reply.redirect(url.href, 302);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  const callbackSchema = {
    summary: "Where Google sends the browser back (redirects to the app)",
    security: OPTIONAL_SIGN_IN,
    // NOTE: read from the whole URL by the OpenID client; a bad value ends on the failure page, never a 400.
    querystring: z.looseObject({
      code: z.string().optional().catch(undefined),
      state: z.string().optional().catch(undefined),
    }),
    response: redirects,
  };
  r.get("/api/auth/google/callback", { schema: callbackSchema }, async (request, reply) => {
    if (!google) throw notFound();
    const pending = readPending(request);
    reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
    try {
      if (!pending) throw new Error("no sign-in in progress (missing or unreadable state cookie)");
      const identity = await google.finish(new URL(request.url, config.APP_URL), pending);
      if (pending.linkUserId !== undefined) {
        // NOTE: only into the account that asked, still signed in in this browser; a Google identity already
        // behind another account stays there.
        if (request.user?.id !== pending.linkUserId) throw new Error("link finished in another session");
        await linkGoogleToAccount(request.db, request.user, identity.sub);
        return reply.redirect(GOOGLE_LINKED, 302);
      }
      const user = await findOrCreateGoogleUser(request.db, identity, app.deps.now());
      await startSession(request, reply, user.id);
      return reply.redirect(GOOGLE_SUCCESS, 302);
    } catch (error) {
      return fail(request, reply, error);
    }
  });
}

/**
 * Issue 18: a suspended or banned account signing in with Google is told so on the auth page, with the end date
 * (the password form shows the same words from the 403), not the generic failure.
 */
export function suspendedRedirect(error: AppError): string {
  const until = typeof error.extra.suspendedUntil === "string" ? error.extra.suspendedUntil : "";
  return `/auth?error=account_suspended&until=${encodeURIComponent(until)}`;
}

function fail(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof AppError && error.code === "ACCOUNT_SUSPENDED") {
    return reply.redirect(suspendedRedirect(error), 302);
  }
  request.log.warn({ err: error }, "Google sign-in failed");
  const linking = readPending(request)?.linkUserId !== undefined;
  return reply.redirect(linking ? GOOGLE_LINK_FAILED : GOOGLE_FAILURE, 302);
}

function readPending(request: FastifyRequest): Pending | undefined {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<Pending>;
    const ok = [value.state, value.nonce, value.verifier].every((v) => typeof v === "string" && v.length > 0);
    const link = value.linkUserId === undefined || Number.isSafeInteger(value.linkUserId);
    return ok && link ? (value as Pending) : undefined;
  } catch {
    return undefined;
  }
}
