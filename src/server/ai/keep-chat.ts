// The chat route's side of the stored conversation (decision 0044): the writer's message is kept once the request is
// accepted (charged), Marin's reply once its stream ends, or as much of it as reached the writer when they stopped
// it or it failed part-way, which is what their pane keeps showing; both in the thread the pane shows (decision 0098).
import type { FastifyRequest } from "fastify";
import type { ChatMessage } from "../../shared/schemas/marin";
import { appendChatMessage } from "./stored-chat";

export async function keepChatExchange(
  request: FastifyRequest,
  storyId: number,
  messages: ChatMessage[],
  threadId?: number,
) {
  const now = request.server.deps.now;
  // NOTE: never fails the request: the writer has the conversation on screen; only another device would miss it.
  const keep = async (role: "user" | "assistant", text: string) => {
    await appendChatMessage(request.db, storyId, role, text, now(), { threadId }).catch((error: unknown) =>
      request.log.error({ err: error }, "Keeping the chat with Marin failed"),
    );
  };
  const latest = messages.at(-1);
  if (latest?.role === "user") await keep("user", latest.content);
  return { reply: (text: string) => keep("assistant", text) };
}
