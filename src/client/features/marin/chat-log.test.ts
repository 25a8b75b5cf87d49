// The pane's local notes (kept per story, bounded, robust to bad storage), their place among the stored
// conversation, and the history a chat call sends.
import { describe, expect, it } from "vitest";
import { MARIN_LIMITS } from "../../../shared/schemas/marin";
import {
  CHAT_LOG_LIMIT,
  type ChatMessage,
  chatHistory,
  loadLocalNotes,
  mergeChat,
  newMessage,
  saveLocalNotes,
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

const say = (role: ChatMessage["role"], content: string, local = false) => newMessage(role, content, local);

describe("the pane's local notes", () => {
  it("keeps only the pane's own notes per story; the conversation itself is the server's", () => {
    const storage = memoryStorage();
    const hi = say("assistant", "Hi", true);
    saveLocalNotes(1, [hi, say("user", "Who is Mia?")], storage);
    saveLocalNotes(2, [say("assistant", "Other story", true)], storage);
    expect(loadLocalNotes(1, storage)).toEqual([hi]);
    expect(loadLocalNotes(2, storage).map((m) => m.content)).toEqual(["Other story"]);
    expect(loadLocalNotes(3, storage)).toEqual([]);
    saveLocalNotes(2, [say("user", "Only real messages now")], storage);
    expect(storage.getItem("marin-chat:2")).toBeNull();
  });

  it("keeps only the last 50 notes", () => {
    const storage = memoryStorage();
    saveLocalNotes(
      1,
      Array.from({ length: 80 }, (_, i) => say("assistant", `m${i}`, true)),
      storage,
    );
    const kept = loadLocalNotes(1, storage);
    expect(kept).toHaveLength(CHAT_LOG_LIMIT);
    expect(kept[0]!.content).toBe("m30");
    expect(kept.at(-1)!.content).toBe("m79");
  });

  it("ignores broken or foreign data, and an older browser's whole conversation", () => {
    const storage = memoryStorage();
    storage.setItem("marin-chat:1", "{not json");
    expect(loadLocalNotes(1, storage)).toEqual([]);
    const note = say("assistant", "ok", true);
    storage.setItem("marin-chat:1", JSON.stringify([{ role: "system", content: "x" }, say("user", "old"), note]));
    expect(loadLocalNotes(1, storage)).toEqual([note]);
  });

  it("places the notes among the stored conversation by time", () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s)).toISOString();
    const stored = [
      { id: "s1", role: "user" as const, content: "Hello", timestamp: at(1) },
      { id: "s2", role: "assistant" as const, content: "Hi!", timestamp: at(3) },
    ];
    const notes = [
      { ...say("assistant", "Welcome", true), timestamp: at(0) },
      { ...say("assistant", "Added a scene", true), timestamp: at(2) },
    ];
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
  it("leaves out local messages and ends with the new one", () => {
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
