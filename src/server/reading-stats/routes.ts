// Stats for the author, chapter reach from the reader, resume reading, History and its setting (issue 17).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ChapterReachedBody,
  HistoryQuery,
  ProgressBody,
  ReadingSettingsBody,
} from "../../shared/schemas/reading-stats";
import { requireUser, requireUserHook } from "../accounts/guards";
import { getReadableStoryOrThrow, parseReadableStoryId } from "../policies/visibility";
import { parseStoryId } from "../stories/story-queries";
import { countRead } from "./read-counter";
import {
  clearHistory,
  continueReading,
  getProgress,
  getReadingSettings,
  listHistory,
  saveProgress,
  saveReadingSettings,
} from "./reading-progress";
import { getOwnStoryStatsOrThrow } from "./story-stats";

const IdParams = z.object({ id: z.string() });
const signedIn = { onRequest: requireUserHook };

export async function readingStatsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();

  app.get("/api/stories/:id/stats", { ...signedIn, schema: { params: IdParams } }, async (request) =>
    getOwnStoryStatsOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id, now()),
  );

  // The reader reached another chapter of the story it opened (signed in or not): counted as reach, not a read.
  app.post(
    "/api/stories/:id/reads",
    { schema: { params: IdParams, body: ChapterReachedBody } },
    async (request, reply) => {
      const storyId = parseReadableStoryId(request.params.id);
      // NOTE: a cheap gate on the primary key, so nobody counts reach on a story they may not read.
      await getReadableStoryOrThrow(request.db, storyId, request.user);
      countRead({ storyId, chapter: request.body.chapter, request, open: false });
      return reply.status(204).send();
    },
  );

  app.get("/api/stories/:id/progress", { ...signedIn, schema: { params: IdParams } }, async (request) =>
    getProgress(request.db, requireUser(request), parseReadableStoryId(request.params.id)),
  );

  app.put(
    "/api/stories/:id/progress",
    { ...signedIn, schema: { params: IdParams, body: ProgressBody } },
    async (request, reply) => {
      const storyId = parseReadableStoryId(request.params.id);
      await saveProgress(request.db, requireUser(request), storyId, request.body, now());
      return reply.status(204).send();
    },
  );

  app.get("/api/reading/continue", signedIn, async (request) => ({
    items: await continueReading(request.db, requireUser(request)),
  }));

  app.get("/api/reading/history", { ...signedIn, schema: { querystring: HistoryQuery } }, async (request) =>
    listHistory(request.db, requireUser(request), request.query),
  );

  app.delete("/api/reading/history", signedIn, async (request, reply) => {
    await clearHistory(request.db, requireUser(request).id);
    return reply.status(204).send();
  });

  app.get("/api/reading/settings", signedIn, async (request) =>
    getReadingSettings(request.db, requireUser(request).id),
  );

  app.put("/api/reading/settings", { ...signedIn, schema: { body: ReadingSettingsBody } }, async (request) =>
    saveReadingSettings(request.db, requireUser(request).id, request.body),
  );
}
