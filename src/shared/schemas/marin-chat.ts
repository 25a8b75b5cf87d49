// GET and DELETE /api/stories/{id}/chat (issue 20, section 2): Marin's conversation about one story, kept on the server.
import { z } from "zod";

/** Messages kept per story; past this the oldest are trimmed. */
export const MARIN_CHAT_LIMIT = 200;

export const StoredChatMessage = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  /** ISO time. */
  timestamp: z.string(),
});
export type StoredChatMessage = z.infer<typeof StoredChatMessage>;

/** The answer of GET /api/stories/{id}/chat: oldest first. */
export const StoredChat = z.object({ messages: z.array(StoredChatMessage) });
export type StoredChat = z.infer<typeof StoredChat>;
