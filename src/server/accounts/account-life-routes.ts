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
  EndedSessions,
  SessionIdParams,
  SessionList,
  SignInMethods,
} from "../../shared/schemas/account-life";
import { MessageAnswer } from "../../shared/schemas/accounts";
import { NoContent, OPTIONAL_SIGN_IN, PUBLIC, SIGNED_IN } from "../http/api-doc";
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

  const methodsSchema = { summary: "How your account signs in", security: SIGNED_IN, response: { 200: SignInMethods } };
  r.get("/api/account/sign-in-methods", { ...signedIn, schema: methodsSchema }, async (request) => {
    const user = requireUser(request);
    return {
      hasPassword: user.password !== null,
      google: user.googleId !== null,
      googleAvailable: createGoogleClient(app.deps.config) !== undefined,
      pendingEmail: await findPendingEmailChange(request.db, user.id, app.deps.now()),
    };
  });

  const passwordSchema = {
    summary: "Change or set your password",
    security: SIGNED_IN,
    body: ChangePasswordBody,
    response: { 200: MessageAnswer },
  };
  r.post("/api/account/password", { ...sensitive, schema: passwordSchema }, async (request) => {
    const message = await changePassword(request, requireUser(request), request.body);
    return { message };
  });

  const emailSchema = {
    summary: "Change your email address (a confirmation link goes to the new one)",
    security: SIGNED_IN,
    body: ChangeEmailBody,
    response: { 200: MessageAnswer },
  };
  r.post("/api/account/email", { ...sensitive, schema: emailSchema }, async (request) => {
    const message = await requestEmailChange(request, requireUser(request), request.body);
    return { message };
  });

  const cancelSchema = {
    summary: "Cancel your pending email change",
    security: SIGNED_IN,
    response: { 200: MessageAnswer },
  };
  r.delete("/api/account/email/pending", { ...sensitive, schema: cancelSchema }, async (request) => {
    await cancelPendingEmailChange(request.db, requireUser(request).id, app.deps.now());
    return { message: EMAIL_CHANGE_CANCELLED };
  });

  const TokenQuery = z.object({ token: z.string().max(200).optional() });
  r.get(
    "/api/account/email/confirm",
    {
      onRequest: linkLimit,
      schema: {
        summary: "Open the link that confirms a new email address (redirects to the app)",
        security: PUBLIC,
        querystring: TokenQuery,
        response: { 302: NoContent },
        "x-rate-limit": "30 per 15 minutes per address",
      },
    },
    async (request, reply) => {
      const status = await confirmEmailChange(accountContext(request), request.query.token);
      return reply.redirect(`${EMAIL_CHANGE_PAGE}?status=${status}`, 302);
    },
  );
  r.get(
    "/api/account/email/undo",
    {
      onRequest: linkLimit,
      schema: {
        summary: "Open the link that undoes an email change (redirects to the app)",
        security: OPTIONAL_SIGN_IN,
        querystring: TokenQuery,
        response: { 302: NoContent },
        "x-rate-limit": "30 per 15 minutes per address",
      },
    },
    async (request, reply) => {
      const status = await undoEmailChange(accountContext(request), request.query.token);
      if (status === "undone" && request.user) clearSessionCookie(reply);
      return reply.redirect(`${EMAIL_CHANGE_PAGE}?status=${status === "undone" ? "undone" : status}`, 302);
    },
  );

  const sessionsSchema = { summary: "Where you are signed in", security: SIGNED_IN, response: { 200: SessionList } };
  r.get("/api/account/sessions", { ...signedIn, schema: sessionsSchema }, async (request) => {
    const user = requireUser(request);
    return { items: await listSessions(request.db, user.id, request.sessionId!, app.deps.now()) };
  });

  r.delete(
    "/api/account/sessions/:id",
    {
      ...signedIn,
      schema: {
        summary: "Sign out one of your sessions",
        security: SIGNED_IN,
        params: SessionIdParams,
        response: { 200: EndedSessions },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const current = await endSession(request.db, user.id, request.params.id, request.sessionId!);
      if (current) clearSessionCookie(reply);
      return { ended: 1, current };
    },
  );

  // 'Sign out of all other devices'.
  const othersSchema = {
    summary: "Sign out of all other devices",
    security: SIGNED_IN,
    response: { 200: EndedSessions },
  };
  r.delete("/api/account/sessions", { ...signedIn, schema: othersSchema }, async (request) => {
    const user = requireUser(request);
    return { ended: await endOtherSessions(request.db, user.id, request.sessionId!), current: false };
  });

  const unlinkSchema = {
    summary: "Unlink Google from your account",
    security: SIGNED_IN,
    response: { 200: MessageAnswer },
  };
  r.delete("/api/account/google", { ...sensitive, schema: unlinkSchema }, async (request) => {
    const user = requireUser(request);
    if (!user.googleId) return { message: GOOGLE_UNLINKED };
    if (!user.password) throw new AppError(400, "PASSWORD_NEEDED", UNLINK_NEEDS_PASSWORD);
    await request.db.update(users).set({ googleId: null, authProvider: "email" }).where(eq(users.id, user.id));
    return { message: GOOGLE_UNLINKED };
  });
}
