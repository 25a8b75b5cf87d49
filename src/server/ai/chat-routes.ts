// GET and DELETE /api/stories/{id}/chat (issue 20, section 2): the owner's stored conversation with Marin about a
// story; anyone else's story answers 404.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { StoredChat } from "../../shared/schemas/marin-chat";
import { requireUser, requireUserHook } from "../accounts/guards";
import { getOwnStoryOrThrow, parseStoryId } from "../stories/story-queries";
import { clearChat, listChat } from "./stored-chat";

const IdParams = z.object({ id: z.string() });

export async function storedChatRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);

  app.get("/api/stories/:id/chat", { schema: { params: IdParams } }, async (request): Promise<StoredChat> => {
    const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id);
    return { messages: await listChat(request.db, story.id) };
  });

  app.delete("/api/stories/:id/chat", { schema: { params: IdParams } }, async (request, reply) => {
    const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id);
    await clearChat(request.db, story.id);
    return reply.status(204).send();
  });
}
