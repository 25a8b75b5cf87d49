// Issue 31: the reader's settings. GET/PUT /api/me/reader-settings (the app's reader and Settings), the public pages'
// script-free form (GET/POST /reader-settings), and the dyslexia-friendly face they may use (GET /fonts/{file}).
// Signed in, the settings live on the account and the cookie follows them; signed out, the cookie is all there is.
import { createReadStream } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  DEFAULT_READER_SETTINGS,
  READER_SETTINGS_PATH,
  ReaderSettings,
  storedReaderSettings,
} from "../../shared/schemas/reader-settings";
import { loadSession } from "../accounts/sessions";
import { sessionsChanged } from "../accounts/session-cache";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { DYSLEXIC_FONT_FILES, FONT_PATH } from "../html/reader-css";
import { withReaderSettings } from "../html/reader-variant";
import { OPTIONAL_SIGN_IN } from "../http/api-doc";
import { PAGE_CSP } from "../html/site";
import { sameOrigin } from "../http/form-origin";
import { catchUpReaderCookie, readerCookieOf, setReaderCookie } from "../http/reader-cookie";
import type { UserRow } from "../types";
import { type FormPageModel, renderReaderSettingsPage } from "./form-page";

/** A reader's settings: the account's when signed in (the defaults until they choose), else the cookie's. */
export function readerSettingsOf(request: FastifyRequest, user: UserRow | null): ReaderSettings {
  if (user) return storedReaderSettings(user.readerSettings) ?? DEFAULT_READER_SETTINGS;
  return readerCookieOf(request) ?? DEFAULT_READER_SETTINGS;
}

export async function saveReaderSettings(db: Db, userId: number, settings: ReaderSettings): Promise<void> {
  await db.update(users).set({ readerSettings: settings }).where(eq(users.id, userId));
  // NOTE: after the write: the cached sessions (this instance's and the others') hold the old row.
  await sessionsChanged(db, { userId });
}

/** Saves `settings` for whoever asks (the account when signed in) and sets the cookie the server's pages read. */
async function keepSettings(request: FastifyRequest, reply: FastifyReply, settings: ReaderSettings): Promise<void> {
  if (request.user) await saveReaderSettings(request.db, request.user.id, settings);
  setReaderCookie(request.server, reply, settings);
}

/** A local path to come back to (`/s/12-title/3`), or null for anything else (another site, a scheme, junk). */
export function localBack(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 1024) return null;
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\s\p{Cc}]/u.test(value)) return null;
  const url = new URL(value, "http://local.invalid");
  return url.origin === "http://local.invalid" ? url.pathname + url.search : null;
}

/** The form's fields as settings (the numbers arrive as text, an unticked box not at all), or null when invalid. */
function formSettings(body: Record<string, string> | undefined): ReaderSettings | null {
  if (!body) return null;
  const number = (value: string | undefined) => (value !== undefined && /^\d$/.test(value) ? Number(value) : value);
  const parsed = ReaderSettings.safeParse({
    font: body.font,
    size: number(body.size),
    width: body.width,
    spacing: number(body.spacing),
    theme: body.theme,
    hideTags: body.hideTags === "1",
  });
  return parsed.success ? parsed.data : null;
}

const FONT_FILES = new Set<string>(DYSLEXIC_FONT_FILES);
const fontDir = () =>
  join(dirname(createRequire(import.meta.url).resolve("@fontsource/opendyslexic/package.json")), "files");

export async function readerSettingsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  const readSchema = {
    summary: "Your reader settings (the account's when signed in, else this browser's)",
    security: OPTIONAL_SIGN_IN,
    response: { 200: ReaderSettings },
  };
  app.get("/api/me/reader-settings", { schema: readSchema }, async (request, reply) => {
    if (request.user) catchUpReaderCookie(request, reply, request.user);
    return readerSettingsOf(request, request.user);
  });

  const saveSchema = {
    summary: "Save your reader settings (on the account when signed in, and in this browser)",
    security: OPTIONAL_SIGN_IN,
    body: ReaderSettings,
    response: { 200: ReaderSettings },
  };
  app.put("/api/me/reader-settings", { schema: saveSchema }, async (request, reply) => {
    await keepSettings(request, reply, request.body);
    return request.body;
  });

  app.get<{ Querystring: { back?: string; saved?: string } }>(READER_SETTINGS_PATH, async (request, reply) => {
    await loadSession(root, request, reply);
    const model: FormPageModel = {
      settings: request.user
        ? (storedReaderSettings(request.user.readerSettings) ?? readerCookieOf(request))
        : readerCookieOf(request),
      back: localBack(request.query.back),
      signedIn: request.user !== null,
      saved: request.query.saved === "1",
    };
    return reply
      .header("content-security-policy", PAGE_CSP)
      .header("cache-control", "private, no-store")
      .type("text/html; charset=utf-8")
      .send(withReaderSettings(renderReaderSettingsPage(model), model.settings));
  });

  await app.register(async (forms) => {
    // The form posts a few short fields; parsed in this plugin only (the rest of the app takes JSON alone).
    forms.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    forms.post<{ Body: Record<string, string> | undefined }>(READER_SETTINGS_PATH, async (request, reply) => {
      if (!sameOrigin(request, root.deps.config.APP_URL)) return reply.status(403).send("Cross-origin request refused");
      const settings = formSettings(request.body);
      if (!settings)
        return reply
          .status(400)
          .type("text/plain; charset=utf-8")
          .send("Those reading settings are not ones we offer.");
      await loadSession(root, request, reply);
      await keepSettings(request, reply, settings);
      return reply.redirect(localBack(request.body?.back) ?? `${READER_SETTINGS_PATH}?saved=1`, 303);
    });
  });

  app.get<{ Params: { file: string } }>(`${FONT_PATH}:file`, async (request, reply) => {
    if (!FONT_FILES.has(request.params.file)) return reply.callNotFound();
    return reply
      .header("cache-control", "public, max-age=604800")
      .type("font/woff2")
      .send(createReadStream(join(fontDir(), request.params.file)));
  });
}
