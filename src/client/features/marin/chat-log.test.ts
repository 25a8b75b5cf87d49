// An older browser's notes (read per story, bounded, robust to bad storage), the stored conversation in its order
// with those notes among it, and the history a chat call sends (notes left out).
import { describe, expect, it } from "vitest";
import { MARIN_LIMITS } from "../../../shared/schemas/marin";
import {
  CHAT_LOG_LIMIT,
  type ChatMessage,
  chatHistory,
  forgetLegacyNotes,
  loadLegacyNotes,
  mergeChat,
  newMessage,
} from "./chat-log";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

const say = (role: ChatMessage["role"], content: string, note = false) => newMessage(role, content, note);

describe("the older notes and the stored conversation", () => {
  const older = (content: string, extra: Record<string, unknown> = {}) => ({
    id: content,
    role: "assistant",
    content,
    timestamp: "2026-01-01T10:00:00.000Z",
    local: true,
    ...extra,
  });

  it("reads an older browser's notes per story as notes, the last 50, and forgets them", () => {
    const storage = memoryStorage();
    storage.setItem("marin-chat:1", JSON.stringify(Array.from({ length: 80 }, (_, i) => older(`m${i}`))));
    const kept = loadLegacyNotes(1, storage);
    expect(kept).toHaveLength(CHAT_LOG_LIMIT);
    expect(kept[0]).toEqual({
      id: "m30",
      role: "assistant",
      content: "m30",
      timestamp: older("").timestamp,
      note: true,
    });
    expect(loadLegacyNotes(2, storage)).toEqual([]);
    forgetLegacyNotes(1, storage);
    expect(storage.getItem("marin-chat:1")).toBeNull();
  });

  it("ignores broken or foreign data, and an older browser's whole conversation", () => {
    const storage = memoryStorage();
    storage.setItem("marin-chat:1", "{not json");
    expect(loadLegacyNotes(1, storage)).toEqual([]);
    storage.setItem(
      "marin-chat:1",
      JSON.stringify([{ role: "system", content: "x" }, say("user", "old"), older("ok")]),
    );
    expect(loadLegacyNotes(1, storage).map((m) => m.content)).toEqual(["ok"]);
  });

  it("keeps the stored order, marks the stored notes, and places older notes among them by time", () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s)).toISOString();
    const stored = [
      { id: "s1", role: "user" as const, content: "Hello", note: false, timestamp: at(1) },
      { id: "s2", role: "assistant" as const, content: "Added a scene", note: true, timestamp: at(1) },
      { id: "s3", role: "assistant" as const, content: "Hi!", note: false, timestamp: at(3) },
    ];
    expect(mergeChat(stored, []).map((m) => [m.content, m.note ?? false])).toEqual([
      ["Hello", false],
      ["Added a scene", true],
      ["Hi!", false],
    ]);
    const notes = [{ ...say("assistant", "Welcome", true), timestamp: at(0) }];
    expect(mergeChat(stored, notes).map((m) => m.content)).toEqual(["Welcome", "Hello", "Added a scene", "Hi!"]);
  });

  it("gives each message an id, a role, content and a timestamp", () => {
    const message = say("user", "hello");
    expect(message).toMatchObject({ role: "user", content: "hello" });
    expect(Number.isNaN(Date.parse(message.timestamp))).toBe(false);
    expect(say("user", "again").id).not.toBe(message.id);
  });
});

describe("the history a chat call sends", () => {
  it("leaves out notes and ends with the new one", () => {
    const history = chatHistory(
      [say("assistant", "Hi, I'm Marin", true), say("user", "Who is Mia?"), say("assistant", "The lead.")],
      "And Jonah?",
    );
    expect(history).toEqual([
      { role: "user", content: "Who is Mia?" },
      { role: "assistant", content: "The lead." },
      { role: "user", content: "And Jonah?" },
    ]);
  });

  it("stays within the contract's bounds and starts with the user", () => {
    const long = Array.from({ length: 60 }, (_, i) => say(i % 2 ? "user" : "assistant", `m${i}`));
    const history = chatHistory(long, "x".repeat(MARIN_LIMITS.messageChars + 50));
    expect(history.length).toBeLessThanOrEqual(MARIN_LIMITS.historyMessages);
    expect(history[0]!.role).toBe("user");
    expect(history.at(-1)!.content).toHaveLength(MARIN_LIMITS.messageChars);
  });
});
