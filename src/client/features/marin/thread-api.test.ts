// 'Branch from here' on a turn the pane made itself finds the server's copy of it (decision 0098).
import { expect, it } from "vitest";
import type { ChatMessage } from "./chat-log";
import { storedIdOf } from "./thread-api";

const at = "2026-01-01T10:00:00.000Z";
const shown = (id: string, role: ChatMessage["role"], content: string): ChatMessage => ({
  id,
  role,
  content,
  timestamp: at,
});
const stored = (id: string, role: ChatMessage["role"], content: string) => ({
  ...shown(id, role, content),
  note: false,
});

it("takes a stored id as it is, else the stored turn at the same place from the end, else the last with that text", () => {
  const pane = [shown("s1", "user", "Hi"), shown("local-1", "user", "Again"), shown("local-2", "assistant", "Yes")];
  const server = [stored("s1", "user", "Hi"), stored("s7", "user", "Again"), stored("s8", "assistant", "Yes")];
  expect(storedIdOf(pane, 0, server)).toBe("s1");
  expect(storedIdOf(pane, 1, server)).toBe("s7");
  expect(storedIdOf(pane, 2, server)).toBe("s8");
  // The server kept one more turn since (another device): the text still finds it.
  expect(storedIdOf(pane, 1, [...server, stored("s9", "user", "Later")])).toBe("s7");
  // Not kept yet.
  expect(storedIdOf(pane, 2, server.slice(0, 2))).toBeNull();
});
