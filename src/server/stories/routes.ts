// Story routes: the author's own stories (SPEC.md section 7). Every route needs a signed-in user.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PublishBody, StoryCreate, StoryUpdate } from "../../shared/schemas/story";
import { requireUser, requireUserHook } from "../accounts/guards";
import { createStory } from "./create-story";
import { deleteStory } from "./delete-story";
import { presentStory, presentStoryListItem } from "./present";
import { publishStory, unpublishStory } from "./publish-story";
import { getOwnStoryOrThrow, listOwnStories, parseStoryId } from "./story-queries";
import { updateStory } from "./update-story";

const IdParams = z.object({ id: z.string() });

export async function storyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // NOTE: on request, so a signed-out request gets 401 before its body is parsed or validated.
  app.addHook("onRequest", requireUserHook);
  const now = () => root.deps.now();

  app.get("/api/stories", async (request) => {
    const rows = await listOwnStories(request.db, requireUser(request).id);
    return rows.map(presentStoryListItem);
  });

  app.post("/api/stories", { schema: { body: StoryCreate } }, async (request, reply) => {
    const story = await createStory(request.db, requireUser(request), request.body, now());
    return reply.status(201).send(presentStory(story));
  });

  app.get("/api/stories/:id", { schema: { params: IdParams } }, async (request) => {
    const id = parseStoryId(request.params.id);
    return presentStory(await getOwnStoryOrThrow(request.db, id, requireUser(request).id));
  });

  app.patch("/api/stories/:id", { schema: { params: IdParams, body: StoryUpdate } }, async (request) => {
    const id = parseStoryId(request.params.id);
    return presentStory(await updateStory(request.db, requireUser(request), id, request.body, now()));
  });

  app.delete("/api/stories/:id", { schema: { params: IdParams } }, async (request, reply) => {
    await deleteStory(request.db, requireUser(request), parseStoryId(request.params.id));
    return reply.status(204).send();
  });

  app.post("/api/stories/:id/publish", { schema: { params: IdParams, body: PublishBody } }, async (request) => {
    const id = parseStoryId(request.params.id);
    return presentStory(await publishStory(request.db, requireUser(request), id, request.body, now()));
  });

  app.post("/api/stories/:id/unpublish", { schema: { params: IdParams } }, async (request) => {
    const id = parseStoryId(request.params.id);
    return presentStory(await unpublishStory(request.db, requireUser(request), id));
  });
}
