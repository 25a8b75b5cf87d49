// GET, POST and DELETE /api/stories/{id}/chat (issue 20, section 2; decision 0052): the owner's stored conversation
// with Marin about a story; anyone else's story answers 404.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ChatTurnCreate, type KeptChatTurn, type StoredChat } from "../../shared/schemas/marin-chat";
import { requireUser, requireUserHook } from "../accounts/guards";
import { getOwnStoryOrThrow, parseStoryId } from "../stories/story-queries";
import { appendChatMessage, clearChat, listChat } from "./stored-chat";

const IdParams = z.object({ id: z.string() });

export async function storedChatRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);

  app.get("/api/stories/:id/chat", { schema: { params: IdParams } }, async (request): Promise<StoredChat> => {
    const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id);
    return { messages: await listChat(request.db, story.id) };
  });

  app.post(
    "/api/stories/:id/chat",
    { schema: { params: IdParams, body: ChatTurnCreate } },
    async (request, reply): Promise<KeptChatTurn> => {
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id);
      const { role, content, note, onlyIfEmpty } = request.body;
      const at = request.server.deps.now();
      const message = await appendChatMessage(request.db, story.id, role, content, at, { note, onlyIfEmpty });
      reply.status(message ? 201 : 200);
      return { message };
    },
  );

  app.delete("/api/stories/:id/chat", { schema: { params: IdParams } }, async (request, reply) => {
    const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id);
    await clearChat(request.db, story.id);
    return reply.status(204).send();
  });
}
