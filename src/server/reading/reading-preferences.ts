// GET and PUT /api/me/reading-preferences (issue 29): the reader's AI filter, applied to every list whose URL does
// not say `ai=`. Kept on the user's row, so the cached session carries it; a change drops their cached sessions.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AiFilter } from "../../shared/ai-label";
import { ReadingPreferences, ReadingPreferencesView } from "../../shared/schemas/reading";
import { SIGNED_IN } from "../http/api-doc";
import { requireUser, requireUserHook } from "../accounts/guards";
import { sessionsChanged } from "../accounts/session-cache";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { UserRow } from "../types";
import { isLanguageCode } from "../../shared/languages";

export function readingPreferencesOf(user: UserRow): ReadingPreferencesView {
  // Issue 31: the languages Discover shows by default; null follows the browser's (the client reads them).
  const languages = (user.readingLanguages ?? []).filter(isLanguageCode);
  return { ai: user.readingAi as AiFilter, languages: languages.length > 0 ? languages : null };
}

export async function saveReadingPreferences(db: Db, userId: number, prefs: ReadingPreferences) {
  // NOTE: a PUT without `languages` (the AI choice alone) keeps the saved ones.
  const languages =
    prefs.languages === undefined ? {} : { readingLanguages: prefs.languages && [...new Set(prefs.languages)] };
  const [row] = await db
    .update(users)
    .set({ readingAi: prefs.ai, ...languages })
    .where(eq(users.id, userId))
    .returning();
  // NOTE: after the write: the cached sessions (this instance's and the others') hold the old row.
  await sessionsChanged(db, { userId });
  return row ? readingPreferencesOf(row) : { ai: prefs.ai, languages: prefs.languages ?? null };
}

export async function readingPreferencesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUserHook };
  const readSchema = {
    summary: "Your reading preferences (the AI filter and languages)",
    security: SIGNED_IN,
    response: { 200: ReadingPreferencesView },
  };
  app.get("/api/me/reading-preferences", { ...signedIn, schema: readSchema }, async (request) =>
    readingPreferencesOf(requireUser(request)),
  );
  const saveSchema = {
    summary: "Save your reading preferences",
    security: SIGNED_IN,
    body: ReadingPreferences,
    response: { 200: ReadingPreferencesView },
  };
  app.put("/api/me/reading-preferences", { ...signedIn, schema: saveSchema }, async (request) =>
    saveReadingPreferences(request.db, requireUser(request).id, request.body),
  );
}
