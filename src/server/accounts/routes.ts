// Account routes: the current user and profile here; sign-up, sign-in, password reset and Google in their own files.
import { catchUpReaderCookie } from "../http/reader-cookie";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ProfileUpdateBody, UserView } from "../../shared/schemas/accounts";
import { errors, SIGNED_IN } from "../http/api-doc";
import { outboxRoutes } from "../mail/outbox-routes";
import { accountLifeRoutes } from "./account-life-routes";
import { googleRoutes } from "./google-routes";
import { requireUser, requireUserHook } from "./guards";
import { loginRoutes } from "./login-routes";
import { passwordRoutes } from "./password-routes";
import { presentUser } from "./present";
import { referralRoutes } from "./referral-routes";
import { registerRoutes } from "./register-routes";
import { updateProfile } from "./update-profile";
import { named } from "../http/named-plugin";

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/user",
    { schema: { summary: "Your account", security: SIGNED_IN, response: { 200: UserView } } },
    async (request, reply) => {
      const user = requireUser(request);
      // Issue 31: the app's every start brings the reader cookie in step with the account (http/reader-cookie.ts).
      catchUpReaderCookie(request, reply, user);
      return presentUser(user);
    },
  );

  const profileSchema = {
    summary: "Change your username and bio",
    security: SIGNED_IN,
    body: ProfileUpdateBody,
    response: { 200: UserView, ...errors(409) },
  };
  r.patch("/api/user", { onRequest: requireUserHook, schema: profileSchema }, async (request) => {
    const user = requireUser(request);
    const updated = await updateProfile(request.db, user, request.body);
    // NOTE: after the commit: cached public views name the author, and a rename must not leave the old name there;
    // the author page also shows the bio.
    const { events } = app.deps;
    if (updated.username !== user.username) await events.emit("user.renamed", { userId: user.id });
    else if (updated.description !== user.description) await events.emit("user.bio_changed", { userId: user.id });
    return presentUser(updated);
  });

  await app.register(named(registerRoutes));
  await app.register(named(loginRoutes));
  await app.register(named(passwordRoutes));
  await app.register(named(googleRoutes));
  await app.register(named(outboxRoutes));
  await app.register(named(referralRoutes));
  await app.register(named(accountLifeRoutes));
}
