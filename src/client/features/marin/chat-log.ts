// A chat message. Every turn the pane shows is kept on the server per story, in the order it was shown
// (GET /api/stories/{id}/chat, decisions 0044 and 0052). Before that the pane's own notes were kept in this browser's
// localStorage; those older notes are still shown here, among the stored turns by their time, until 'Clear chat'.
import { type ChatMessage as WireMessage, MARIN_LIMITS } from "../../../shared/schemas/marin";
import type { StoredChatMessage } from "../../../shared/schemas/marin-chat";

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** ISO time. */
  timestamp: string;
  /** Written by the pane itself (greetings, what a generation did): shown and kept, never sent to the model. */
  note?: boolean;
  /** Marin's answer in several versions (issue 32), oldest first, once there are two; `content` is `versions[chosen]`. */
  versions?: string[];
  chosen?: number;
}

/** The older notes read per story; older ones fall off. */
export const CHAT_LOG_LIMIT = 50;

const key = (storyId: number) => `marin-chat:${storyId}`;

/** The pane's notes about this story that an older version kept in this browser (read only). */
export function loadLegacyNotes(
  storyId: number,
  storage: Storage | undefined = globalThis.localStorage,
): ChatMessage[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key(storyId)) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    // NOTE: these were marked `local`; before the chat was kept on the server the key held the whole conversation.
    return parsed
      .filter((m) => isMessage(m) && (m as { local?: unknown }).local === true)
      .slice(-CHAT_LOG_LIMIT)
      .map(({ id, role, content, timestamp }: ChatMessage) => ({ id, role, content, timestamp, note: true }));
  } catch {
    return [];
  }
}

/** Forgets the older notes ('Clear chat'). */
export function forgetLegacyNotes(storyId: number, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(key(storyId));
  } catch (error) {
    console.warn("Could not forget Marin's older notes", error);
  }
}

/** The stored conversation, with this browser's older notes placed among it by time. */
export function mergeChat(stored: readonly StoredChatMessage[], legacy: readonly ChatMessage[]): ChatMessage[] {
  const turns: ChatMessage[] = stored.map(({ id, role, content, timestamp, note, versions, chosen }) => ({
    id,
    role,
    content,
    timestamp,
    ...(note ? { note } : {}),
    ...(versions && versions.length > 1 ? { versions, chosen: chosen ?? versions.length - 1 } : {}),
  }));
  if (legacy.length === 0) return turns;
  const at = (m: ChatMessage) => Date.parse(m.timestamp) || 0;
  // NOTE: Array.prototype.sort is stable, so messages of the same time keep their order.
  return [...turns, ...legacy].sort((a, b) => at(a) - at(b));
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
export function newMessage(role: ChatMessage["role"], content: string, note = false): ChatMessage {
  counter += 1;
  return {
    id: `${Date.now().toString(36)}-${counter}`,
    role,
    content,
    timestamp: new Date().toISOString(),
    ...(note ? { note } : {}),
  };
}

/** The history a chat call sends: the latest real messages, within the contract's bounds, ending with `latest`. */
export function chatHistory(messages: ChatMessage[], latest: string): WireMessage[] {
  const sent = messages
    .filter((m) => !m.note && m.content.trim() !== "")
    .map((m) => ({ role: m.role, content: m.content.slice(0, MARIN_LIMITS.messageChars * 4) }));
  sent.push({ role: "user", content: latest.slice(0, MARIN_LIMITS.messageChars) });
  // The model expects the conversation to start with the user.
  const tail = sent.slice(-MARIN_LIMITS.historyMessages);
  while (tail.length > 1 && tail[0]!.role !== "user") tail.shift();
  return tail;
}
