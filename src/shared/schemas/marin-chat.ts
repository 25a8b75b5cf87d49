// GET, POST and DELETE /api/stories/{id}/chat (issue 20, section 2; decision 0052): Marin's conversation about one
// story, every turn of it kept on the server in the order it was shown.
import { z } from "zod";
import { MARIN_LIMITS } from "./marin";

/** Messages kept per thread; past this the oldest are trimmed. */
export const MARIN_CHAT_LIMIT = 200;

/** Chat threads a story keeps (its main one and its branches). */
export const MARIN_CHAT_THREAD_LIMIT = 50;
/** How long a thread's name may be. */
export const MARIN_CHAT_THREAD_NAME_CHARS = 60;

export const CHAT_THREAD_MESSAGES = {
  nameBlank: "Give the thread a name",
  nameLong: `A thread's name can be up to ${MARIN_CHAT_THREAD_NAME_CHARS} characters`,
  threadLimit: `A story can keep up to ${MARIN_CHAT_THREAD_LIMIT} chat threads. Delete one to branch again.`,
  threadNotFound: "That chat thread was not found. It may have been deleted on another device.",
  messageNotFound: "That message is not in this story's chat any more.",
} as const;

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

/** The answer of GET /api/stories/{id}/chat[?thread=ID]: the thread shown (null: the story has no chat yet), oldest first. */
export const StoredChat = z.object({ threadId: z.number().int().nullable(), messages: z.array(StoredChatMessage) });
export type StoredChat = z.infer<typeof StoredChat>;

/**
 * POST /api/stories/{id}/chat: a turn the pane shows that no AI route keeps by itself (a greeting, a generation's
 * request and what it did, an Undo). Chat questions and Marin's replies are kept by the chat route.
 */
export const ChatTurnCreate = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().trim().min(1).max(MARIN_LIMITS.messageChars),
  note: z.boolean(),
  /** Kept only when the thread has no turn yet (the greeting: two devices opening at once keep one). */
  onlyIfEmpty: z.boolean().optional(),
});
export type ChatTurnCreate = z.infer<typeof ChatTurnCreate>;

/** The answer of POST /api/stories/{id}/chat: the kept turn, or null when `onlyIfEmpty` found a chat. */
export const KeptChatTurn = z.object({ message: StoredChatMessage.nullable() });
export type KeptChatTurn = z.infer<typeof KeptChatTurn>;

/** `?thread=ID` on GET, POST and DELETE /api/stories/{id}/chat: none is the story's main thread. */
export const ChatThreadQuery = z.object({
  thread: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});

const ThreadName = z
  .string()
  .trim()
  .min(1, CHAT_THREAD_MESSAGES.nameBlank)
  .max(MARIN_CHAT_THREAD_NAME_CHARS, CHAT_THREAD_MESSAGES.nameLong);

/** A stored message's id as presented (`s123`) or its number. */
const MessageRef = z.union([
  z.string().regex(/^s?\d{1,15}$/, CHAT_THREAD_MESSAGES.messageNotFound),
  z.number().int().positive(),
]);

/** POST /api/stories/{id}/chat/threads: 'Branch from here'. */
export const ChatBranchCreate = z.object({ fromMessageId: MessageRef, name: ThreadName.optional() });
export type ChatBranchCreate = z.infer<typeof ChatBranchCreate>;

/** The answer of POST /api/stories/{id}/chat/threads: the new thread. */
export const ChatThreadMade = z.object({ id: z.number().int() });
export type ChatThreadMade = z.infer<typeof ChatThreadMade>;

/** PATCH /api/stories/{id}/chat/threads/{threadId}. */
export const ChatThreadUpdate = z.object({ name: ThreadName });
export type ChatThreadUpdate = z.infer<typeof ChatThreadUpdate>;

export const ChatThread = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The story's main thread (its oldest): what the chat shows when no thread is named. */
  main: z.boolean(),
  parentThreadId: z.number().int().nullable(),
  /** The parent's message the branch was made at, as a message id (`s123`). */
  branchedFromMessageId: z.string().nullable(),
  messageCount: z.number().int(),
  /** ISO time of its last message (or its making). */
  updatedAt: z.string(),
});
export type ChatThread = z.infer<typeof ChatThread>;

/** The answer of GET /api/stories/{id}/chat/threads: oldest first, the main one first. */
export const ChatThreadList = z.object({ threads: z.array(ChatThread) });
export type ChatThreadList = z.infer<typeof ChatThreadList>;
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

/** The answer of PATCH /api/stories/{id}/chat/messages/{messageId}: the message as it now reads. */
export const ChosenVersionAnswer = z.object({ message: StoredChatMessage });
export type ChosenVersionAnswer = z.infer<typeof ChosenVersionAnswer>;
