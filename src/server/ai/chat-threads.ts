// Chat threads and branches (issue 32, decision 0098): 'Branch from here' copies a thread's messages up to and
// including one into a new thread (a copy, so trimming or deleting one thread never changes another), threads are
// listed, renamed and deleted. A story's oldest thread is its main one; deleting it makes the next oldest the main
// one, and deleting the last leaves the story as it was before its first message (the next one starts a new 'Main').
import { and, asc, count, eq, sql } from "drizzle-orm";
import { CHAT_THREAD_MESSAGES, type ChatThread, MARIN_CHAT_THREAD_LIMIT } from "../../shared/schemas/marin-chat";
import type { Db } from "../db/client";
import { marinChatMessages, marinChatThreads } from "../db/schema";
import { AppError, notFound } from "../errors";
import { getThreadIdOrThrow, lockStoryChat } from "./stored-chat";

export const THREAD_LIMIT_CODE = "CHAT_THREAD_LIMIT";

/** The story's threads, oldest (the main one) first, each with its message count. */
export async function listThreads(db: Db, storyId: number): Promise<ChatThread[]> {
  const counts = db
    .select({ threadId: marinChatMessages.threadId, n: count().as("n") })
    .from(marinChatMessages)
    .where(eq(marinChatMessages.storyId, storyId))
    .groupBy(marinChatMessages.threadId)
    .as("counts");
  const rows = await db
    .select({ thread: marinChatThreads, n: counts.n })
    .from(marinChatThreads)
    .leftJoin(counts, eq(counts.threadId, marinChatThreads.id))
    .where(eq(marinChatThreads.storyId, storyId))
    .orderBy(asc(marinChatThreads.id));
  return rows.map(({ thread, n }, i) => ({
    id: thread.id,
    name: thread.name,
    main: i === 0,
    parentThreadId: thread.parentThreadId,
    branchedFromMessageId: thread.branchedFromMessageId === null ? null : `s${thread.branchedFromMessageId}`,
    // NOTE: pg answers a count as a string, PGlite as a number.
    messageCount: Number(n ?? 0),
    updatedAt: thread.updatedAt.toISOString(),
  }));
}

/** 'Branch from here': a new thread holding copies of the message's thread up to and including it. */
export async function branchThread(
  db: Db,
  storyId: number,
  fromMessageId: number,
  name: string | undefined,
  at: Date,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockStoryChat(tx, storyId);
    const [from] = await tx
      .select({ threadId: marinChatMessages.threadId })
      .from(marinChatMessages)
      .where(and(eq(marinChatMessages.id, fromMessageId), eq(marinChatMessages.storyId, storyId)))
      .limit(1);
    if (!from) throw notFound(CHAT_THREAD_MESSAGES.messageNotFound);
    const names = await tx
      .select({ name: marinChatThreads.name })
      .from(marinChatThreads)
      .where(eq(marinChatThreads.storyId, storyId));
    if (names.length >= MARIN_CHAT_THREAD_LIMIT) {
      throw new AppError(409, THREAD_LIMIT_CODE, CHAT_THREAD_MESSAGES.threadLimit);
    }
    const [made] = await tx
      .insert(marinChatThreads)
      .values({
        storyId,
        name: name ?? defaultBranchName(new Set(names.map((t) => t.name)), names.length + 1),
        parentThreadId: from.threadId,
        branchedFromMessageId: fromMessageId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: marinChatThreads.id });
    // NOTE: one statement, ordered by id, so the copies keep the original order (and their answer versions).
    await tx.execute(sql`
      insert into ${marinChatMessages} (story_id, thread_id, role, content, note, versions, chosen, created_at)
      select story_id, ${made!.id}, role, content, note, versions, chosen, created_at
      from ${marinChatMessages}
      where thread_id = ${from.threadId} and id <= ${fromMessageId}
      order by id`);
    return { id: made!.id };
  });
}

/** 'Branch 2', 'Branch 3'…: the first free one from the thread count on. */
function defaultBranchName(taken: Set<string>, from: number): string {
  let n = from;
  while (taken.has(`Branch ${n}`)) n += 1;
  return `Branch ${n}`;
}

export async function renameThread(db: Db, storyId: number, threadId: number, name: string): Promise<void> {
  const renamed = await db
    .update(marinChatThreads)
    .set({ name })
    .where(and(eq(marinChatThreads.id, threadId), eq(marinChatThreads.storyId, storyId)))
    .returning({ id: marinChatThreads.id });
  if (renamed.length === 0) throw notFound(CHAT_THREAD_MESSAGES.threadNotFound);
}

/** Deletes a thread and its messages; its branches keep theirs (they are copies) and lose their parent. */
export async function deleteThread(db: Db, storyId: number, threadId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockStoryChat(tx, storyId);
    await getThreadIdOrThrow(tx, storyId, threadId);
    await tx.delete(marinChatThreads).where(eq(marinChatThreads.id, threadId));
  });
}

/** Parses a presented message id (`s123`) or its number. */
export function messageIdOf(ref: string | number): number {
  return typeof ref === "number" ? ref : Number(ref.replace(/^s/, ""));
}
