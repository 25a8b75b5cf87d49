// Versions of Marin's chat answers in the pane (issue 32, decision 0097): which answers can have another version, the
// history asked with it (the conversation before that answer), and the step between versions, kept on the server
// (PATCH …/chat/messages/{id} `{ chosen }`) so a second browser shows the same one.
import { MARIN_LIMITS, type ChatMessage as WireMessage } from "../../../shared/schemas/marin";
import type { StoredChatMessage } from "../../../shared/schemas/marin-chat";
import { apiJson } from "../../lib/api";
import { type ChatMessage, chatHistory } from "./chat-log";

/** Marin's own answer (not a pane note), with text, after a question of the writer's. */
export function canHaveVersions(messages: readonly ChatMessage[], index: number): boolean {
  const message = messages[index];
  return (
    !!message &&
    message.role === "assistant" &&
    !message.note &&
    message.content.trim() !== "" &&
    questionBefore(messages, index) !== -1
  );
}

/** The index of the writer's question the answer at `index` replied to; -1 when there is none. */
function questionBefore(messages: readonly ChatMessage[], index: number): number {
  for (let i = index - 1; i >= 0; i -= 1) {
    const m = messages[i]!;
    if (m.role === "user" && !m.note && m.content.trim() !== "") return i;
  }
  return -1;
}

/** The history 'Another version' sends: the conversation before the answer, ending with its question. */
export function historyBefore(messages: readonly ChatMessage[], index: number): WireMessage[] | null {
  const question = questionBefore(messages, index);
  if (question === -1) return null;
  return chatHistory(messages.slice(0, question), messages[question]!.content);
}

/** The versions of an answer, the original included. */
export const versionsOf = (message: ChatMessage): string[] => message.versions ?? [message.content];

/** The answer with one more version, shown. */
export function withVersion(message: ChatMessage, text: string): ChatMessage {
  const versions = [...versionsOf(message), text];
  return { ...message, versions, chosen: versions.length - 1, content: text };
}

/** The answer showing the version `delta` away from the chosen one; null past either end. */
export function stepped(message: ChatMessage, delta: -1 | 1): ChatMessage | null {
  const versions = versionsOf(message);
  const next = (message.chosen ?? versions.length - 1) + delta;
  if (versions.length < 2 || next < 0 || next >= versions.length) return null;
  return { ...message, chosen: next, content: versions[next]! };
}

export const isFull = (message: ChatMessage) => versionsOf(message).length >= MARIN_LIMITS.versions;

export function chooseAnswerVersion(storyId: number, messageId: string, chosen: number) {
  return apiJson<{ message: StoredChatMessage }>("PATCH", `/api/stories/${storyId}/chat/messages/${messageId}`, {
    chosen,
  });
}
