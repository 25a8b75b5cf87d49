// The planning board (issue 32, section 3): GET and PUT /api/stories/{id}/plan, the owner's only (404 otherwise).
// Marin's drafts of each level are an AI route (ai/plan-draft-routes.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PLAN_LIMITS, PLAN_MESSAGES, StoryPlan, StoryPlanView } from "../../shared/schemas/plan";
import { requireUser, requireUserHook } from "../accounts/guards";
import { AppError } from "../errors";
import { SIGNED_IN } from "../http/api-doc";
import { bodyTooLargeAs } from "../http/json-body";
import { getOwnStoryOrThrow, parseStoryId } from "../stories/story-queries";
import { loadPlan, savePlan } from "./store";

const StoryParams = z.object({ id: z.string() });

export async function planRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);

  app.get(
    "/api/stories/:id/plan",
    {
      schema: {
        summary: "Read a story's planning board",
        security: SIGNED_IN,
        params: StoryParams,
        response: { 200: StoryPlanView },
      },
    },
    async (request): Promise<StoryPlanView> => {
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id);
      return loadPlan(request.db, story.id);
    },
  );

  app.put(
    "/api/stories/:id/plan",
    {
      bodyLimit: PLAN_LIMITS.bodyBytes,
      errorHandler: bodyTooLargeAs(() => new AppError(413, "CONTENT_TOO_LARGE", PLAN_MESSAGES.tooLarge)),
      schema: {
        summary: "Save a story's planning board",
        security: SIGNED_IN,
        params: StoryParams,
        body: StoryPlan,
        response: { 200: StoryPlanView },
      },
    },
    async (request): Promise<StoryPlanView> => {
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id);
      return savePlan(request.db, story.id, request.body);
    },
  );
}
