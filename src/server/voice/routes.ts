// The writer's voice (issue 32, section 4): a style sample for one story (its author only) or for all of the
// writer's stories, each read, saved and removed; and the passages of their published text the picker offers.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  StyleSampleAnswer,
  StyleSampleBody,
  StyleSampleView,
  VOICE_LIMITS,
  VOICE_MESSAGES,
  VoicePassages,
} from "../../shared/schemas/voice";
import { requireUser, requireUserHook } from "../accounts/guards";
import { AppError, notFound } from "../errors";
import { errors, NoContent, SIGNED_IN } from "../http/api-doc";
import { bodyTooLargeAs } from "../http/json-body";
import { parseStoryId } from "../stories/story-queries";
import { publishedPassages } from "./passages";
import { findSample, getAuthoredStoryIdOrThrow, removeSample, saveSample } from "./samples";

const StoryParams = z.object({ id: z.string() });

/** A sample's characters, escaped as JSON, with room to spare; more answers a clear 413 before parsing. */
const SAMPLE_BODY_LIMIT = 4 * VOICE_LIMITS.sampleChars;
const saveOptions = {
  bodyLimit: SAMPLE_BODY_LIMIT,
  errorHandler: bodyTooLargeAs(() => new AppError(413, "CONTENT_TOO_LARGE", VOICE_MESSAGES.tooManyChars)),
};

export async function voiceRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);

  app.get(
    "/api/me/style-sample",
    {
      schema: {
        summary: "Read your style sample for all your stories",
        security: SIGNED_IN,
        response: { 200: StyleSampleAnswer },
      },
    },
    async (request): Promise<StyleSampleAnswer> => {
      const user = requireUser(request);
      return { sample: await findSample(request.db, user.id, null), fallback: null };
    },
  );

  app.put(
    "/api/me/style-sample",
    {
      ...saveOptions,
      schema: {
        summary: "Save your style sample for all your stories",
        security: SIGNED_IN,
        body: StyleSampleBody,
        response: { 200: StyleSampleView },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return saveSample(request.db, user.id, null, request.body.text);
    },
  );

  app.delete(
    "/api/me/style-sample",
    {
      schema: {
        summary: "Remove your style sample for all your stories",
        security: SIGNED_IN,
        response: { 204: NoContent, ...errors(404) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await removeSample(request.db, user.id, null))) throw notFound(VOICE_MESSAGES.notFound);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/me/style-sample/passages",
    {
      schema: {
        summary: "Passages of your published stories to pick a style sample from",
        security: SIGNED_IN,
        response: { 200: VoicePassages },
      },
    },
    async (request): Promise<VoicePassages> => {
      const user = requireUser(request);
      return { passages: await publishedPassages(request.db, user.id) };
    },
  );

  app.get(
    "/api/stories/:id/style-sample",
    {
      schema: {
        summary: "Read a story's style sample, and the all-stories one it falls back to",
        security: SIGNED_IN,
        params: StoryParams,
        response: { 200: StyleSampleAnswer },
      },
    },
    async (request): Promise<StyleSampleAnswer> => {
      const user = requireUser(request);
      const storyId = await getAuthoredStoryIdOrThrow(request.db, parseStoryId(request.params.id), user.id);
      const [sample, fallback] = await Promise.all([
        findSample(request.db, user.id, storyId),
        findSample(request.db, user.id, null),
      ]);
      return { sample, fallback };
    },
  );

  app.put(
    "/api/stories/:id/style-sample",
    {
      ...saveOptions,
      schema: {
        summary: "Save a story's style sample",
        security: SIGNED_IN,
        params: StoryParams,
        body: StyleSampleBody,
        response: { 200: StyleSampleView },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const storyId = await getAuthoredStoryIdOrThrow(request.db, parseStoryId(request.params.id), user.id);
      return saveSample(request.db, user.id, storyId, request.body.text);
    },
  );

  app.delete(
    "/api/stories/:id/style-sample",
    {
      schema: {
        summary: "Remove a story's style sample",
        security: SIGNED_IN,
        params: StoryParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const storyId = await getAuthoredStoryIdOrThrow(request.db, parseStoryId(request.params.id), user.id);
      if (!(await removeSample(request.db, user.id, storyId))) throw notFound(VOICE_MESSAGES.notFound);
      return reply.status(204).send(null);
    },
  );
}
