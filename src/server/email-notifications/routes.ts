// Notification email settings (signed in) and the unsubscribe link (no session: the signed token is the credential).
// POST /unsubscribe is RFC 8058's one-click target: mail providers POST `List-Unsubscribe=One-Click` to it.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { EmailSettingsUpdate, EmailSettingsView } from "../../shared/schemas/email-settings";
import { SIGNED_IN } from "../http/api-doc";
import { requireUser, requireUserHook } from "../accounts/guards";
import { checkUnsubscribeClaim, getEmailSettings, unsubscribe, updateEmailSettings } from "./email-settings";
import { renderUnsubscribePage, type UnsubscribePage } from "./unsubscribe-page";
import { readUnsubscribeToken, signingKeyLoader } from "./unsubscribe-token";

const TokenQuery = z.object({ token: z.string().max(200).optional() });
const FORM_LIMIT = 1024;

/** RFC 8058: the body is `List-Unsubscribe=One-Click`, sent form-urlencoded or as multipart/form-data. */
export function isOneClickBody(contentType: string | undefined, body: unknown): boolean {
  if (typeof body !== "string") return false;
  if (contentType?.startsWith("multipart/form-data")) {
    return /name="List-Unsubscribe"\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/.test(body);
  }
  return new URLSearchParams(body).get("List-Unsubscribe") === "One-Click";
}

export async function emailNotificationRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;
  const signingKey = signingKeyLoader(deps.database.db, deps.config.APP_SECRET);

  const readSchema = {
    summary: "Your notification email settings",
    security: SIGNED_IN,
    response: { 200: EmailSettingsView },
  };
  app.get("/api/email-settings", { onRequest: requireUserHook, schema: readSchema }, async (request) =>
    getEmailSettings(request.db, requireUser(request)),
  );

  app.put(
    "/api/email-settings",
    {
      onRequest: requireUserHook,
      schema: {
        summary: "Change your notification email settings",
        security: SIGNED_IN,
        body: EmailSettingsUpdate,
        response: { 200: EmailSettingsView },
      },
    },
    async (request) => updateEmailSettings(request.db, requireUser(request), request.body, deps.now()),
  );

  const page = (reply: FastifyReply, status: number, model: UnsubscribePage) =>
    reply
      .status(status)
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex")
      .type("text/html; charset=utf-8")
      .send(renderUnsubscribePage(model, deps.config.APP_URL));

  const claimOf = async (token: string | undefined) =>
    checkUnsubscribeClaim(deps.database.db, token ? readUnsubscribeToken(await signingKey(), token) : undefined);

  app.get("/unsubscribe", { schema: { querystring: TokenQuery } }, async (request, reply) => {
    const token = request.query.token;
    const check = await claimOf(token);
    if (!check.valid) return page(reply, 400, { kind: "invalid" });
    if (check.alreadyUnsubscribed) return page(reply, 200, { kind: "done", email: check.email });
    return page(reply, 200, { kind: "confirm", email: check.email, token: token! });
  });

  await app.register(async (scope) => {
    // NOTE: form bodies are read only here; the rest of the app takes JSON alone.
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
      scope.addContentTypeParser(type, { parseAs: "string", bodyLimit: FORM_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
    }
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post("/unsubscribe", { schema: { querystring: TokenQuery }, bodyLimit: FORM_LIMIT }, async (request, reply) => {
        const claim = request.query.token ? readUnsubscribeToken(await signingKey(), request.query.token) : undefined;
        const check = await checkUnsubscribeClaim(deps.database.db, claim);
        if (!check.valid || !claim) return page(reply, 400, { kind: "invalid" });
        if (!isOneClickBody(request.headers["content-type"], request.body)) {
          // A POST without RFC 8058's body is not a one-click unsubscribe: show the confirmation instead.
          return page(reply, 400, { kind: "confirm", email: check.email, token: request.query.token! });
        }
        const done = await unsubscribe(deps.database.db, claim, deps.now());
        return done ? page(reply, 200, { kind: "done", email: check.email }) : page(reply, 400, { kind: "invalid" });
      });
  });
}
