// Settings → Account and security (issue 18 section 3): password, email, sessions and Google (deletion and export
// are my-account/routes.ts).
// Every route acts on the signed-in user only: no route takes a user id.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ChangeEmailBody,
  ChangePasswordBody,
  type SessionList,
  type SignInMethods,
} from "../../shared/schemas/account-life";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { limitPerAddress } from "./address-limit";
import { changePassword } from "./change-password";
import {
  cancelPendingEmailChange,
  confirmEmailChange,
  EMAIL_CHANGE_CANCELLED,
  findPendingEmailChange,
  requestEmailChange,
  undoEmailChange,
} from "./change-email";
import { accountContext } from "./context";
import { endOtherSessions, endSession, listSessions } from "./device-sessions";
import { createGoogleClient } from "./google-client";
import { requireUser, requireUserHook } from "./guards";
import { requireSameSite } from "./reauth";
import { clearSessionCookie } from "./sessions";

export const UNLINK_NEEDS_PASSWORD = "Set a password before unlinking Google, so you can still sign in.";
export const GOOGLE_UNLINKED = "Google is no longer linked to your account.";
const EMAIL_CHANGE_PAGE = "/email-change";

export async function accountLifeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const linkLimit = limitPerAddress(app, "email-change-link-ip", 30, 15 * 60 * 1000);
  const signedIn = { onRequest: requireUserHook };
  const sensitive = { onRequest: [requireUserHook, requireSameSite] };

  r.get("/api/account/sign-in-methods", signedIn, async (request): Promise<SignInMethods> => {
    const user = requireUser(request);
    return {
      hasPassword: user.password !== null,
      google: user.googleId !== null,
      googleAvailable: createGoogleClient(app.deps.config) !== undefined,
      pendingEmail: await findPendingEmailChange(request.db, user.id, app.deps.now()),
    };
  });

  r.post("/api/account/password", { ...sensitive, schema: { body: ChangePasswordBody } }, async (request) => {
    const message = await changePassword(request, requireUser(request), request.body);
    return { message };
  });

  r.post("/api/account/email", { ...sensitive, schema: { body: ChangeEmailBody } }, async (request) => {
    const message = await requestEmailChange(request, requireUser(request), request.body);
    return { message };
  });

  r.delete("/api/account/email/pending", sensitive, async (request) => {
    await cancelPendingEmailChange(request.db, requireUser(request).id, app.deps.now());
    return { message: EMAIL_CHANGE_CANCELLED };
  });

  const TokenQuery = z.object({ token: z.string().max(200).optional() });
  r.get(
    "/api/account/email/confirm",
    { onRequest: linkLimit, schema: { querystring: TokenQuery } },
    async (request, reply) => {
      const status = await confirmEmailChange(accountContext(request), request.query.token);
      return reply.redirect(`${EMAIL_CHANGE_PAGE}?status=${status}`, 302);
    },
  );
  r.get(
    "/api/account/email/undo",
    { onRequest: linkLimit, schema: { querystring: TokenQuery } },
    async (request, reply) => {
      const status = await undoEmailChange(accountContext(request), request.query.token);
      if (status === "undone" && request.user) clearSessionCookie(reply);
      return reply.redirect(`${EMAIL_CHANGE_PAGE}?status=${status === "undone" ? "undone" : status}`, 302);
    },
  );

  r.get("/api/account/sessions", signedIn, async (request): Promise<SessionList> => {
    const user = requireUser(request);
    return { items: await listSessions(request.db, user.id, request.sessionId!, app.deps.now()) };
  });

  r.delete(
    "/api/account/sessions/:id",
    { ...signedIn, schema: { params: z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, "Unknown session") }) } },
    async (request, reply) => {
      const user = requireUser(request);
      const current = await endSession(request.db, user.id, request.params.id, request.sessionId!);
      if (current) clearSessionCookie(reply);
      return { ended: 1, current };
    },
  );

  // 'Sign out of all other devices'.
  r.delete("/api/account/sessions", signedIn, async (request) => {
    const user = requireUser(request);
    return { ended: await endOtherSessions(request.db, user.id, request.sessionId!), current: false };
  });

  r.delete("/api/account/google", sensitive, async (request) => {
    const user = requireUser(request);
    if (!user.googleId) return { message: GOOGLE_UNLINKED };
    if (!user.password) throw new AppError(400, "PASSWORD_NEEDED", UNLINK_NEEDS_PASSWORD);
    await request.db.update(users).set({ googleId: null, authProvider: "email" }).where(eq(users.id, user.id));
    return { message: GOOGLE_UNLINKED };
  });
}
