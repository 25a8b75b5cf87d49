// Stats for the author, chapter reach from the reader, resume reading, History and its setting (issue 17).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ChapterReachedBody,
  ContinueReading,
  HistoryPage,
  HistoryQuery,
  ProgressAnswer,
  ProgressBody,
  ReadingSettingsBody,
  StoryStats,
} from "../../shared/schemas/reading-stats";
import { NoContent, OPTIONAL_SIGN_IN, SIGNED_IN } from "../http/api-doc";
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

  app.get(
    "/api/stories/:id/stats",
    {
      ...signedIn,
      schema: {
        summary: "Your story's reads, readers, likes, bookmarks, comments and chapter reach",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: StoryStats },
      },
    },
    async (request) =>
      getOwnStoryStatsOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id, now()),
  );

  // The reader reached another chapter of the story it opened (signed in or not): counted as reach, not a read.
  app.post(
    "/api/stories/:id/reads",
    {
      schema: {
        summary: "Count that the reader reached a chapter",
        security: OPTIONAL_SIGN_IN,
        params: IdParams,
        body: ChapterReachedBody,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const storyId = parseReadableStoryId(request.params.id);
      // NOTE: a cheap gate on the primary key, so nobody counts reach on a story they may not read.
      await getReadableStoryOrThrow(request.db, storyId, request.user);
      countRead({ storyId, chapter: request.body.chapter, request, open: false });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/stories/:id/progress",
    {
      ...signedIn,
      schema: {
        summary: "Where you are in a work",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: ProgressAnswer },
      },
    },
    async (request) => getProgress(request.db, requireUser(request), parseReadableStoryId(request.params.id)),
  );

  app.put(
    "/api/stories/:id/progress",
    {
      ...signedIn,
      schema: {
        summary: "Remember where you are in a work",
        security: SIGNED_IN,
        params: IdParams,
        body: ProgressBody,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const storyId = parseReadableStoryId(request.params.id);
      await saveProgress(request.db, requireUser(request), storyId, request.body, now());
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/reading/continue",
    {
      ...signedIn,
      schema: {
        summary: "Continue reading: the works you started and have not finished",
        security: SIGNED_IN,
        response: { 200: ContinueReading },
      },
    },
    async (request) => ({ items: await continueReading(request.db, requireUser(request)) }),
  );

  app.get(
    "/api/reading/history",
    {
      ...signedIn,
      schema: {
        summary: "Your reading history, most recent first",
        security: SIGNED_IN,
        querystring: HistoryQuery,
        response: { 200: HistoryPage },
      },
    },
    async (request) => listHistory(request.db, requireUser(request), request.query),
  );

  app.delete(
    "/api/reading/history",
    {
      ...signedIn,
      schema: { summary: "Clear your reading history", security: SIGNED_IN, response: { 204: NoContent } },
    },
    async (request, reply) => {
      await clearHistory(request.db, requireUser(request).id);
      return reply.status(204).send(null);
    },
  );

  const settings = { security: SIGNED_IN, response: { 200: ReadingSettingsBody } };
  app.get(
    "/api/reading/settings",
    { ...signedIn, schema: { summary: "Whether your reading history is kept", ...settings } },
    async (request) => getReadingSettings(request.db, requireUser(request).id),
  );

  app.put(
    "/api/reading/settings",
    {
      ...signedIn,
      schema: { summary: "Turn your reading history on or off", ...settings, body: ReadingSettingsBody },
    },
    async (request) => saveReadingSettings(request.db, requireUser(request).id, request.body),
  );
}
