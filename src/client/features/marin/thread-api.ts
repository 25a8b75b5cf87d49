// Chat threads (issue 32, decision 0098): 'Branch from here', rename and delete, and finding the stored id of a turn
// this pane showed before the server's copy was read (the chat route keeps a question and its reply without telling
// the pane their ids).
import type { ChatBranchCreate, StoredChat, StoredChatMessage } from "../../../shared/schemas/marin-chat";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys, urlOfKey } from "../../lib/query-keys";
import type { ChatMessage } from "./chat-log";
import { chatKey } from "./thread-keys";

const threadsUrl = (storyId: number) => urlOfKey(queryKeys.storyChatThreads(storyId));

export function branchChat(storyId: number, body: ChatBranchCreate): Promise<{ id: number }> {
  return apiJson<{ id: number }>("POST", threadsUrl(storyId), body);
}

export async function renameChatThread(storyId: number, threadId: number, name: string): Promise<void> {
  await apiRequest("PATCH", `${threadsUrl(storyId)}/${threadId}`, { name });
}

export async function deleteChatThread(storyId: number, threadId: number): Promise<void> {
  await apiRequest("DELETE", `${threadsUrl(storyId)}/${threadId}`);
}

const isStoredId = (id: string) => /^s\d+$/.test(id);

/**
 * The server's id of the pane's message at `index`: its own when it came from the server, else the stored turn as many
 * places from the end with the same role and text (the pane and the server keep the same turns in the same order),
 * else the last stored turn with that text; null when the server has not kept it (yet).
 */
export function storedIdOf(
  shown: readonly ChatMessage[],
  index: number,
  stored: readonly StoredChatMessage[],
): string | null {
  const message = shown[index];
  if (!message) return null;
  if (isStoredId(message.id)) return message.id;
  const same = (m: StoredChatMessage) => m.role === message.role && m.content.trim() === message.content.trim();
  const aligned = stored[stored.length - (shown.length - index)];
  if (aligned && same(aligned)) return aligned.id;
  return stored.findLast(same)?.id ?? null;
}

/** The stored id of a shown message, reading the thread afresh when the pane made the message itself. */
export async function resolveStoredId(
  storyId: number,
  threadId: number | null,
  shown: readonly ChatMessage[],
  index: number,
): Promise<string | null> {
  const own = shown[index]?.id;
  if (own && isStoredId(own)) return own;
  const chat = await apiJson<StoredChat>("GET", urlOfKey(chatKey(storyId, threadId)));
  return storedIdOf(shown, index, chat.messages);
}
