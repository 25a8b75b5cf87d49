// Marin's conversation kept per story (decisions 0044, 0052). The chat route stores the writer's message when it is
// accepted and Marin's reply when its stream ends; the pane stores the rest of what it shows (greetings, generation
// requests and what they did) through POST /api/stories/{id}/chat. Each story keeps its newest MARIN_CHAT_LIMIT turns.
import { asc, eq, sql } from "drizzle-orm";
import { MARIN_CHAT_LIMIT, type StoredChatMessage } from "../../shared/schemas/marin-chat";
import type { Db } from "../db/client";
import { marinChatMessages, marinChatThreads } from "../db/schema";

// NOTE: the first half of a two-key advisory lock (the second is the story id): one story's appends take turns, so
// two at once cannot both trim against a count without the other's message and leave 201.
const CHAT_LOCK_SPACE = 20044;

export interface TurnOptions {
  /** The pane's own note, never sent to the model. */
  note?: boolean;
  /** Kept only when the story has no turn yet. */
  onlyIfEmpty?: boolean;
}

/**
 * Adds one turn and trims the story's oldest past the limit, in one transaction; the kept turn, or null when the text
 * is blank or `onlyIfEmpty` found a chat.
 */
export async function appendChatMessage(
  db: Db,
  storyId: number,
  role: "user" | "assistant",
  content: string,
  at: Date,
  { note = false, onlyIfEmpty = false }: TurnOptions = {},
): Promise<StoredChatMessage | null> {
  const text = content.trim();
  if (text === "") return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_LOCK_SPACE}, ${storyId})`);
    if (onlyIfEmpty) {
      const [any] = await tx
        .select({ id: marinChatMessages.id })
        .from(marinChatMessages)
        .where(eq(marinChatMessages.storyId, storyId))
        .limit(1);
      if (any) return null;
    }
    const threadId = await mainThreadId(tx, storyId, at);
    const [row] = await tx
      .insert(marinChatMessages)
      .values({ storyId, threadId, role, content: text, note, createdAt: at })
      .returning();
    await tx.execute(sql`
      delete from ${marinChatMessages}
      where ${marinChatMessages.storyId} = ${storyId}
        and ${marinChatMessages.id} <= (
          select m.id from ${marinChatMessages} m where m.story_id = ${storyId}
          order by m.id desc offset ${MARIN_CHAT_LIMIT} limit 1
        )`);
    return presentChatMessage(row!);
  });
}

/** The story's main thread (its first), made on the first message. Call under the story's chat lock. */
export async function mainThreadId(tx: Db, storyId: number, at: Date): Promise<number> {
  const [first] = await tx
    .select({ id: marinChatThreads.id })
    .from(marinChatThreads)
    .where(eq(marinChatThreads.storyId, storyId))
    .orderBy(asc(marinChatThreads.id))
    .limit(1);
  if (first) return first.id;
  const [made] = await tx
    .insert(marinChatThreads)
    .values({ storyId, name: "Main", createdAt: at, updatedAt: at })
    .returning({ id: marinChatThreads.id });
  return made!.id;
}

/** The story's conversation, oldest first. */
export async function listChat(db: Db, storyId: number): Promise<StoredChatMessage[]> {
  const rows = await db
    .select()
    .from(marinChatMessages)
    .where(eq(marinChatMessages.storyId, storyId))
    .orderBy(asc(marinChatMessages.id))
    .limit(MARIN_CHAT_LIMIT);
  return rows.map(presentChatMessage);
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

export async function clearChat(db: Db, storyId: number): Promise<void> {
  await db.delete(marinChatMessages).where(eq(marinChatMessages.storyId, storyId));
}
