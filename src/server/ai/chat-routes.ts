// GET, POST and DELETE /api/stories/{id}/chat[?thread=ID] (issue 20, section 2; decision 0052) and the story's chat
// threads (issue 32, decision 0098): the owner's stored conversation with Marin about a story; anyone else's story
// answers 404, and so does a thread of another story or one deleted.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ChatBranchCreate,
  ChatThreadList,
  ChatThreadMade,
  ChatThreadQuery,
  ChatThreadUpdate,
  ChatTurnCreate,
  KeptChatTurn,
  StoredChat,
} from "../../shared/schemas/marin-chat";
import { requireUser, requireUserHook } from "../accounts/guards";
import type { Db } from "../db/client";
import { errors, NoContent, SIGNED_IN } from "../http/api-doc";
import { getOwnStoryIdOrThrow, parseStoryId } from "../stories/story-queries";
import { branchThread, deleteThread, listThreads, messageIdOf, renameThread } from "./chat-threads";
import { appendChatMessage, clearChat, listChat } from "./stored-chat";

const IdParams = z.object({ id: z.string() });
const ThreadParams = z.object({
  id: z.string(),
  threadId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export async function storedChatRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);
  // NOTE: the permission alone: these routes never need the story's row (a long story's content is most of a read).
  const ownStory = async (request: { db: Db; params: { id: string } }, userId: number) => ({
    id: await getOwnStoryIdOrThrow(request.db, parseStoryId(request.params.id), userId),
  });

  app.get(
    "/api/stories/:id/chat",
    {
      schema: {
        summary: "Read your chat with Marin about a story (one thread)",
        security: SIGNED_IN,
        params: IdParams,
        querystring: ChatThreadQuery,
        response: { 200: StoredChat },
      },
    },
    async (request): Promise<StoredChat> => {
      const story = await ownStory(request, requireUser(request).id);
      return listChat(request.db, story.id, request.query.thread);
    },
  );

  app.post(
    "/api/stories/:id/chat",
    {
      schema: {
        summary: "Keep a turn of a story's chat (a greeting, a note, an Undo)",
        description: "201 with the kept turn; 200 with `message: null` when `onlyIfEmpty` found the thread had turns.",
        security: SIGNED_IN,
        params: IdParams,
        querystring: ChatThreadQuery,
        body: ChatTurnCreate,
        response: { 200: KeptChatTurn, 201: KeptChatTurn },
      },
    },
    async (request, reply): Promise<KeptChatTurn> => {
      const story = await ownStory(request, requireUser(request).id);
      const { role, content, note, onlyIfEmpty } = request.body;
      const at = request.server.deps.now();
      const threadId = request.query.thread;
      const message = await appendChatMessage(request.db, story.id, role, content, at, { note, onlyIfEmpty, threadId });
      reply.status(message ? 201 : 200);
      return { message };
    },
  );

  app.delete(
    "/api/stories/:id/chat",
    {
      schema: {
        summary: "Clear a story's chat (one thread)",
        security: SIGNED_IN,
        params: IdParams,
        querystring: ChatThreadQuery,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const story = await ownStory(request, requireUser(request).id);
      await clearChat(request.db, story.id, request.query.thread);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/stories/:id/chat/threads",
    {
      schema: {
        summary: "List a story's chat threads",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: ChatThreadList },
      },
    },
    async (request): Promise<ChatThreadList> => {
      const story = await ownStory(request, requireUser(request).id);
      return { threads: await listThreads(request.db, story.id) };
    },
  );

  app.post(
    "/api/stories/:id/chat/threads",
    {
      schema: {
        summary: "Branch a story's chat from a message into a new thread",
        security: SIGNED_IN,
        params: IdParams,
        body: ChatBranchCreate,
        response: { 201: ChatThreadMade, ...errors(409) },
      },
    },
    async (request, reply) => {
      const story = await ownStory(request, requireUser(request).id);
      const { fromMessageId, name } = request.body;
      const at = request.server.deps.now();
      const made = await branchThread(request.db, story.id, messageIdOf(fromMessageId), name, at);
      return reply.status(201).send(made);
    },
  );

  app.patch(
    "/api/stories/:id/chat/threads/:threadId",
    {
      schema: {
        summary: "Rename a chat thread",
        security: SIGNED_IN,
        params: ThreadParams,
        body: ChatThreadUpdate,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const story = await ownStory(request, requireUser(request).id);
      await renameThread(request.db, story.id, request.params.threadId, request.body.name);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/stories/:id/chat/threads/:threadId",
    {
      schema: {
        summary: "Delete a chat thread",
        security: SIGNED_IN,
        params: ThreadParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const story = await ownStory(request, requireUser(request).id);
      await deleteThread(request.db, story.id, request.params.threadId);
      return reply.status(204).send(null);
    },
  );
}
