// What a user owns across every domain: the export of all of it and the deletion of the account (Settings →
// Account and security). Every route acts on the signed-in user only: no route takes a user id.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DeleteAccountBody, ExportStatus } from "../../shared/schemas/account-life";
import { MessageAnswer } from "../../shared/schemas/accounts";
import { errors, file, SIGNED_IN } from "../http/api-doc";
import { requireUser, requireUserHook } from "../accounts/guards";
import { requireSameSite } from "../accounts/reauth";
import { clearSessionCookie } from "../accounts/sessions";
import { createThrottle } from "../accounts/throttle";
import { AppError } from "../errors";
import { ACCOUNT_DELETED, deleteAccount } from "./delete-account";
import { exportAccount } from "./export-account";

const HOUR_MS = 60 * 60 * 1000;
const DELETE_TRIES_PER_HOUR = 5;
export const EXPORT_ONCE_AN_HOUR = (at: Date) =>
  `You can export your data once an hour. Your next export is possible at ${at.toISOString().slice(11, 16)} UTC.`;

export async function myAccountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const exports = createThrottle(db, "account-export", 1, HOUR_MS, app.deps.now);
  const deletions = createThrottle(db, "account-delete", DELETE_TRIES_PER_HOUR, HOUR_MS, app.deps.now);
  const signedIn = { onRequest: requireUserHook };
  const sensitive = { onRequest: [requireUserHook, requireSameSite] };

  const deleteSchema = {
    summary: "Delete your account",
    security: SIGNED_IN,
    body: DeleteAccountBody,
    response: { 200: MessageAnswer, ...errors(409) },
    "x-rate-limit": `${DELETE_TRIES_PER_HOUR} attempts per hour per account`,
  };
  r.delete("/api/account", { ...sensitive, schema: deleteSchema }, async (request, reply) => {
    const user = requireUser(request);
    const key = String(user.id);
    if (!(await deletions.take(key))) {
      throw new AppError(429, "RATE_LIMITED", "Too many attempts to delete the account. Please try again in an hour.", {
        retryAfterSeconds: Math.ceil((await deletions.retryAfterMs(key)) / 1000),
      });
    }
    await deleteAccount(request, user, request.body, app.deps.events);
    clearSessionCookie(reply);
    return { message: ACCOUNT_DELETED };
  });

  // When the next export is possible (null: now), so Settings can say so before starting a download.
  const statusSchema = {
    summary: "When your next data export is possible",
    security: SIGNED_IN,
    response: { 200: ExportStatus },
  };
  r.get("/api/account/export/status", { ...signedIn, schema: statusSchema }, async (request) => {
    const waitMs = await exports.retryAfterMs(String(requireUser(request).id));
    return { nextExportAt: waitMs > 0 ? new Date(app.deps.now().getTime() + waitMs).toISOString() : null };
  });

  const exportSchema = {
    summary: "Download all your data as a zip",
    security: SIGNED_IN,
    response: { 200: file("application/zip") },
    "x-rate-limit": "1 per hour per account",
  };
  r.get("/api/account/export", { ...signedIn, schema: exportSchema }, async (request, reply) => {
    const user = requireUser(request);
    const key = String(user.id);
    if (!(await exports.take(key))) {
      const waitMs = await exports.retryAfterMs(key);
      const next = new Date(app.deps.now().getTime() + waitMs);
      throw new AppError(429, "RATE_LIMITED", EXPORT_ONCE_AN_HOUR(next), {
        retryAfterSeconds: Math.ceil(waitMs / 1000),
        nextExportAt: next.toISOString(),
      });
    }
    const stream = await exportAccount(request.db, app.deps.imageStorage, user);
    const day = app.deps.now().toISOString().slice(0, 10);
    reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="ficforge-${user.username}-${day}.zip"`)
      .header("cache-control", "no-store");
    // NOTE: a stream is sent as it is; the document's `file()` types the body as text.
    return reply.send(stream as unknown as string);
  });
}
