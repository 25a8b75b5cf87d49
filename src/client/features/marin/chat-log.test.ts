// The client-only chat log: kept per story, bounded, robust to bad storage; and the history a chat call sends.
import { describe, expect, it } from "vitest";
import { MARIN_LIMITS } from "../../../shared/schemas/marin";
import { CHAT_LOG_LIMIT, type ChatMessage, chatHistory, loadChat, newMessage, saveChat } from "./chat-log";

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

describe("the chat log", () => {
  it("keeps each story's conversation apart and restores it", () => {
    const storage = memoryStorage();
    const a = [say("assistant", "Hi", true), say("user", "Who is Mia?")];
    saveChat(1, a, storage);
    saveChat(2, [say("user", "Other story")], storage);
    expect(loadChat(1, storage)).toEqual(a);
    expect(loadChat(2, storage).map((m) => m.content)).toEqual(["Other story"]);
    expect(loadChat(3, storage)).toEqual([]);
  });

  it("keeps only the last 50 messages", () => {
    const storage = memoryStorage();
    const many = Array.from({ length: 80 }, (_, i) => say(i % 2 ? "assistant" : "user", `m${i}`));
    saveChat(1, many, storage);
    const kept = loadChat(1, storage);
    expect(kept).toHaveLength(CHAT_LOG_LIMIT);
    expect(kept[0]!.content).toBe("m30");
    expect(kept.at(-1)!.content).toBe("m79");
  });

  it("ignores broken or foreign data", () => {
    const storage = memoryStorage();
    storage.setItem("marin-chat:1", "{not json");
    expect(loadChat(1, storage)).toEqual([]);
    storage.setItem("marin-chat:1", JSON.stringify([{ role: "system", content: "x" }, say("user", "ok")]));
    expect(loadChat(1, storage).map((m) => m.content)).toEqual(["ok"]);
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
