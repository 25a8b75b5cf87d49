// SPEC.md's client-only chat message, kept per story in localStorage so a reload keeps the conversation.
import { type ChatMessage as WireMessage, MARIN_LIMITS } from "../../../shared/schemas/marin";

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** ISO time. */
  timestamp: string;
  /** Written by the pane itself (greetings, notes about insertions): shown, never sent to the model. */
  local?: boolean;
}

/** The conversation kept per story; older messages fall off. */
export const CHAT_LOG_LIMIT = 50;

const key = (storyId: number) => `marin-chat:${storyId}`;

export function loadChat(storyId: number, storage: Storage | undefined = globalThis.localStorage): ChatMessage[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key(storyId)) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isMessage).slice(-CHAT_LOG_LIMIT);
  } catch {
    return [];
  }
}

export function saveChat(storyId: number, messages: ChatMessage[], storage = globalThis.localStorage): void {
  try {
    storage?.setItem(key(storyId), JSON.stringify(messages.slice(-CHAT_LOG_LIMIT)));
  } catch (error) {
    // A full or disabled storage only costs the conversation after a reload.
    console.warn("Could not keep the chat", error);
  }
}

function isMessage(value: unknown): value is ChatMessage {
  const m = value as ChatMessage;
  return (
    !!m &&
    typeof m.id === "string" &&
    (m.role === "user" || m.role === "assistant") &&
    typeof m.content === "string" &&
    typeof m.timestamp === "string"
  );
}

let counter = 0;
export function newMessage(role: ChatMessage["role"], content: string, local = false): ChatMessage {
  counter += 1;
  return {
    id: `${Date.now().toString(36)}-${counter}`,
    role,
    content,
    timestamp: new Date().toISOString(),
    ...(local ? { local } : {}),
  };
}

/** The history a chat call sends: the latest real messages, within the contract's bounds, ending with `latest`. */
export function chatHistory(messages: ChatMessage[], latest: string): WireMessage[] {
  const sent = messages
    .filter((m) => !m.local && m.content.trim() !== "")
    .map((m) => ({ role: m.role, content: m.content.slice(0, MARIN_LIMITS.messageChars * 4) }));
  sent.push({ role: "user", content: latest.slice(0, MARIN_LIMITS.messageChars) });
  // The model expects the conversation to start with the user.
  const tail = sent.slice(-MARIN_LIMITS.historyMessages);
  while (tail.length > 1 && tail[0]!.role !== "user") tail.shift();
  return tail;
}
