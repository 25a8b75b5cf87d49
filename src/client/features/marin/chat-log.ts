// SPEC.md's chat message. The conversation itself is kept on the server per story (GET /api/stories/{id}/chat,
// decision 0044); the pane's own notes (greetings, notes about insertions), which the model never sees, stay in this
// browser's localStorage and are shown among the stored messages by their time.
import { type ChatMessage as WireMessage, MARIN_LIMITS } from "../../../shared/schemas/marin";
import type { StoredChatMessage } from "../../../shared/schemas/marin-chat";

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** ISO time. */
  timestamp: string;
  /** Written by the pane itself (greetings, notes about insertions): shown, never sent to the model or stored. */
  local?: boolean;
}

/** The pane's own notes kept per story; older ones fall off. */
export const CHAT_LOG_LIMIT = 50;

const key = (storyId: number) => `marin-chat:${storyId}`;

/** The pane's notes about this story kept in this browser. */
export function loadLocalNotes(storyId: number, storage: Storage | undefined = globalThis.localStorage): ChatMessage[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key(storyId)) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    // NOTE: before the chat was kept on the server this key held the whole conversation; only the notes stay local.
    return parsed.filter((m) => isMessage(m) && m.local === true).slice(-CHAT_LOG_LIMIT);
  } catch {
    return [];
  }
}

/** Keeps the local notes among `messages` (the rest is on the server). */
export function saveLocalNotes(storyId: number, messages: ChatMessage[], storage = globalThis.localStorage): void {
  try {
    const notes = messages.filter((m) => m.local).slice(-CHAT_LOG_LIMIT);
    if (notes.length === 0) storage?.removeItem(key(storyId));
    else storage?.setItem(key(storyId), JSON.stringify(notes));
  } catch (error) {
    // A full or disabled storage only costs the pane's notes after a reload.
    console.warn("Could not keep Marin's notes", error);
  }
}

/** The stored conversation with this browser's notes placed among it by time. */
export function mergeChat(stored: readonly StoredChatMessage[], notes: readonly ChatMessage[]): ChatMessage[] {
  const at = (m: ChatMessage) => Date.parse(m.timestamp) || 0;
  // NOTE: Array.prototype.sort is stable, so messages of the same time keep their order.
  return [...stored, ...notes].sort((a, b) => at(a) - at(b));
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
