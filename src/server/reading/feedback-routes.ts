// The author's Feedback panel and the unseen counts on the dashboard and the editor (issue 17). Author only: a
// story one did not write is a 404, like every other owner route.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { FeedbackPage, FeedbackQuery, FeedbackSeenBody, UnseenCounts } from "../../shared/schemas/feedback";
import { NoContent, SIGNED_IN } from "../http/api-doc";
import { requireUser, requireUserHook } from "../accounts/guards";
import { parseStoryId } from "../stories/story-queries";
import { getOwnStoryIdOrThrow, listFeedback, markFeedbackSeen, unseenCounts } from "./feedback";

const IdParams = z.object({ id: z.string() });
const signedIn = { onRequest: requireUserHook };

export async function feedbackRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/feedback/unseen",
    {
      ...signedIn,
      schema: {
        summary: "Count the comments you have not seen yet, per story of yours",
        security: SIGNED_IN,
        response: { 200: UnseenCounts },
      },
    },
    async (request) => unseenCounts(request.db, requireUser(request).id),
  );

  app.get(
    "/api/stories/:id/feedback",
    {
      ...signedIn,
      schema: {
        summary: "List the comments on your story, newest first",
        security: SIGNED_IN,
        params: IdParams,
        querystring: FeedbackQuery,
        response: { 200: FeedbackPage },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const storyId = await getOwnStoryIdOrThrow(request.db, parseStoryId(request.params.id), user.id);
      return listFeedback(request.db, storyId, user, request.query);
    },
  );

  app.post(
    "/api/stories/:id/feedback/seen",
    {
      ...signedIn,
      schema: {
        summary: "Mark your story's comments as seen, up to one comment",
        security: SIGNED_IN,
        params: IdParams,
        body: FeedbackSeenBody,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const storyId = await getOwnStoryIdOrThrow(request.db, parseStoryId(request.params.id), user.id);
      await markFeedbackSeen(request.db, storyId, user.id, request.body.throughId);
      return reply.status(204).send(null);
    },
  );
}
