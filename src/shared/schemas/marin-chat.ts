// GET, POST and DELETE /api/stories/{id}/chat (issue 20, section 2; decision 0052): Marin's conversation about one
// story, every turn of it kept on the server in the order it was shown.
import { z } from "zod";
import { MARIN_LIMITS } from "./marin";

/** Messages kept per story; past this the oldest are trimmed. */
export const MARIN_CHAT_LIMIT = 200;

export const StoredChatMessage = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  /** The pane's own note (a greeting, what a generation did): shown, never sent to the model. */
  note: z.boolean(),
  /** ISO time. */
  timestamp: z.string(),
  /** Marin's answer in several versions (issue 32), oldest first; `content` is `versions[chosen]`. */
  versions: z.array(z.string()).optional(),
  chosen: z.number().int().min(0).optional(),
});
export type StoredChatMessage = z.infer<typeof StoredChatMessage>;

/** The answer of GET /api/stories/{id}/chat: oldest first. */
export const StoredChat = z.object({ messages: z.array(StoredChatMessage) });
export type StoredChat = z.infer<typeof StoredChat>;

/**
 * POST /api/stories/{id}/chat: a turn the pane shows that no AI route keeps by itself (a greeting, a generation's
 * request and what it did, an Undo). Chat questions and Marin's replies are kept by the chat route.
 */
export const ChatTurnCreate = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().trim().min(1).max(MARIN_LIMITS.messageChars),
  note: z.boolean(),
  /** Kept only when the story has no chat yet (the greeting: two devices opening at once keep one). */
  onlyIfEmpty: z.boolean().optional(),
});
export type ChatTurnCreate = z.infer<typeof ChatTurnCreate>;

/** The answer of POST /api/stories/{id}/chat: the kept turn, or null when `onlyIfEmpty` found a chat. */
export const KeptChatTurn = z.object({ message: StoredChatMessage.nullable() });
export type KeptChatTurn = z.infer<typeof KeptChatTurn>;

/** A stored message's id as the API shows it ('s' and the row's id). */
export const StoredMessageId = z.string().regex(/^s[1-9]\d{0,14}$/, "That message id is not valid.");

/** PATCH /api/stories/{id}/chat/messages/{messageId}: which version of Marin's answer is shown (issue 32). */
export const ChosenVersion = z.object({
  chosen: z
    .number()
    .int()
    .min(0)
    .max(MARIN_LIMITS.versions - 1),
});
export type ChosenVersion = z.infer<typeof ChosenVersion>;
