// Google sign-in: GET /api/auth/providers, GET /api/auth/google, GET /api/auth/google/callback.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notFound } from "../errors";
import { createGoogleClient, type PendingSignIn } from "./google-client";
import { startSession } from "./sessions";
import { findOrCreateGoogleUser } from "./sign-in-with-google";

const PENDING_COOKIE = "ff_oauth";
const PENDING_PATH = "/api/auth/google";
const PENDING_MAX_AGE_S = 10 * 60;
export const GOOGLE_SUCCESS = "/auth-success";
export const GOOGLE_FAILURE = "/auth?error=oauth_sync_failed";

export async function googleRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const google = createGoogleClient(config);

  app.get("/api/auth/providers", async () => ({ google: google !== undefined }));

  app.get("/api/auth/google", async (request, reply) => {
    if (!google) throw notFound();
    try {
      const { url, pending } = await google.start();
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

  app.get("/api/auth/google/callback", async (request, reply) => {
    if (!google) throw notFound();
    const pending = readPending(request);
    reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
    try {
      if (!pending) throw new Error("no sign-in in progress (missing or unreadable state cookie)");
      const identity = await google.finish(new URL(request.url, config.APP_URL), pending);
      const user = await findOrCreateGoogleUser(request.db, identity, app.deps.now());
      await startSession(request, reply, user.id);
      return reply.redirect(GOOGLE_SUCCESS, 302);
    } catch (error) {
      return fail(request, reply, error);
    }
  });
}

function fail(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.warn({ err: error }, "Google sign-in failed");
  return reply.redirect(GOOGLE_FAILURE, 302);
}

function readPending(request: FastifyRequest): PendingSignIn | undefined {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<PendingSignIn>;
    const ok = [value.state, value.nonce, value.verifier].every((v) => typeof v === "string" && v.length > 0);
    return ok ? (value as PendingSignIn) : undefined;
  } catch {
    return undefined;
  }
}
