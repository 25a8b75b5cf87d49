// Marin's conversation kept per story, in threads (decisions 0044, 0052, 0098). The chat route stores the writer's
// message when it is accepted and Marin's reply when its stream ends; the pane stores the rest of what it shows
// (greetings, generation requests and what they did) through POST /api/stories/{id}/chat. Each thread keeps its newest
// MARIN_CHAT_LIMIT turns; no thread named means the story's main thread (its oldest), made on the first turn.
import { and, asc, eq, sql } from "drizzle-orm";
import { CHAT_THREAD_MESSAGES, MARIN_CHAT_LIMIT, type StoredChatMessage } from "../../shared/schemas/marin-chat";
import type { Db } from "../db/client";
import { marinChatMessages, marinChatThreads } from "../db/schema";
import { notFound } from "../errors";

// NOTE: the first half of a two-key advisory lock (the second is the story id): one story's appends, branches and
// deletions take turns, so two at once cannot both trim against a count without the other's message and leave 201,
// or both pass the thread cap.
const CHAT_LOCK_SPACE = 20044;

export async function lockStoryChat(tx: Db, storyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_LOCK_SPACE}, ${storyId})`);
}

export interface TurnOptions {
  /** The pane's own note, never sent to the model. */
  note?: boolean;
  /** Kept only when the thread has no turn yet. */
  onlyIfEmpty?: boolean;
  /** The thread; none is the story's main one. */
  threadId?: number;
}

/**
 * Adds one turn to a thread and trims that thread's oldest past the limit, in one transaction; the kept turn, or null
 * when the text is blank or `onlyIfEmpty` found a turn. A thread of another story (or a deleted one) is a 404.
 */
export async function appendChatMessage(
  db: Db,
  storyId: number,
  role: "user" | "assistant",
  content: string,
  at: Date,
  { note = false, onlyIfEmpty = false, threadId }: TurnOptions = {},
): Promise<StoredChatMessage | null> {
  const text = content.trim();
  if (text === "") return null;
  return db.transaction(async (tx) => {
    await lockStoryChat(tx, storyId);
    const thread =
      threadId === undefined ? await mainThreadId(tx, storyId, at) : await getThreadIdOrThrow(tx, storyId, threadId);
    if (onlyIfEmpty) {
      const [any] = await tx
        .select({ id: marinChatMessages.id })
        .from(marinChatMessages)
        .where(eq(marinChatMessages.threadId, thread))
        .limit(1);
      if (any) return null;
    }
    const [row] = await tx
      .insert(marinChatMessages)
      .values({ storyId, threadId: thread, role, content: text, note, createdAt: at })
      .returning();
    await tx.execute(sql`
      delete from ${marinChatMessages}
      where ${marinChatMessages.threadId} = ${thread}
        and ${marinChatMessages.id} <= (
          select m.id from ${marinChatMessages} m where m.thread_id = ${thread}
          order by m.id desc offset ${MARIN_CHAT_LIMIT} limit 1
        )`);
    await tx.update(marinChatThreads).set({ updatedAt: at }).where(eq(marinChatThreads.id, thread));
    return presentChatMessage(row!);
  });
}

/** The story's main thread (its oldest), or null when it has none. */
export async function findMainThreadId(db: Db, storyId: number): Promise<number | null> {
  const [first] = await db
    .select({ id: marinChatThreads.id })
    .from(marinChatThreads)
    .where(eq(marinChatThreads.storyId, storyId))
    .orderBy(asc(marinChatThreads.id))
    .limit(1);
  return first?.id ?? null;
}

/** The story's main thread, made on the first message. Call under the story's chat lock. */
export async function mainThreadId(tx: Db, storyId: number, at: Date): Promise<number> {
  const found = await findMainThreadId(tx, storyId);
  if (found !== null) return found;
  const [made] = await tx
    .insert(marinChatThreads)
    .values({ storyId, name: "Main", createdAt: at, updatedAt: at })
    .returning({ id: marinChatThreads.id });
  return made!.id;
}

/** The thread when it belongs to the story; a 404 otherwise (another story's, or deleted). */
export async function getThreadIdOrThrow(db: Db, storyId: number, threadId: number): Promise<number> {
  const [found] = await db
    .select({ id: marinChatThreads.id })
    .from(marinChatThreads)
    .where(and(eq(marinChatThreads.id, threadId), eq(marinChatThreads.storyId, storyId)))
    .limit(1);
  if (!found) throw notFound(CHAT_THREAD_MESSAGES.threadNotFound);
  return found.id;
}

/** A thread's conversation, oldest first (the main thread when none is named; empty before the first turn). */
export async function listChat(
  db: Db,
  storyId: number,
  threadId?: number,
): Promise<{ threadId: number | null; messages: StoredChatMessage[] }> {
  const thread =
    threadId === undefined ? await findMainThreadId(db, storyId) : await getThreadIdOrThrow(db, storyId, threadId);
  if (thread === null) return { threadId: null, messages: [] };
  const rows = await db
    .select()
    .from(marinChatMessages)
    .where(eq(marinChatMessages.threadId, thread))
    .orderBy(asc(marinChatMessages.id))
    .limit(MARIN_CHAT_LIMIT);
  return { threadId: thread, messages: rows.map(presentChatMessage) };
}

export function presentChatMessage(row: typeof marinChatMessages.$inferSelect): StoredChatMessage {
  return {
    id: `s${row.id}`,
    role: row.role,
    content: row.content,
    note: row.note,
    timestamp: row.createdAt.toISOString(),
    ...(row.versions.length > 1 ? { versions: row.versions, chosen: row.chosen } : {}),
  };
}

/** 'Clear chat': the thread's turns go; the thread (and every other) stays. */
export async function clearChat(db: Db, storyId: number, threadId?: number): Promise<void> {
  const thread =
    threadId === undefined ? await findMainThreadId(db, storyId) : await getThreadIdOrThrow(db, storyId, threadId);
  if (thread !== null) await db.delete(marinChatMessages).where(eq(marinChatMessages.threadId, thread));
}
