// Marin's conversation kept per story (issue 20, section 2; decision 0044). The chat route stores the writer's message
// when it is accepted and Marin's reply when its stream ends; each story keeps its newest MARIN_CHAT_LIMIT messages.
import { asc, eq, sql } from "drizzle-orm";
import { MARIN_CHAT_LIMIT, type StoredChatMessage } from "../../shared/schemas/marin-chat";
import type { Db } from "../db/client";
import { marinChatMessages } from "../db/schema";

// NOTE: the first half of a two-key advisory lock (the second is the story id): one story's appends take turns, so
// two at once cannot both trim against a count without the other's message and leave 201.
const CHAT_LOCK_SPACE = 20044;

/** Adds one message and trims the story's oldest past the limit, in one transaction. Blank text is not kept. */
export async function appendChatMessage(
  db: Db,
  storyId: number,
  role: "user" | "assistant",
  content: string,
  at: Date,
): Promise<void> {
  const text = content.trim();
  if (text === "") return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_LOCK_SPACE}, ${storyId})`);
    await tx.insert(marinChatMessages).values({ storyId, role, content: text, createdAt: at });
    await tx.execute(sql`
      delete from ${marinChatMessages}
      where ${marinChatMessages.storyId} = ${storyId}
        and ${marinChatMessages.id} <= (
          select m.id from ${marinChatMessages} m where m.story_id = ${storyId}
          order by m.id desc offset ${MARIN_CHAT_LIMIT} limit 1
        )`);
  });
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
  return { id: `s${row.id}`, role: row.role, content: row.content, timestamp: row.createdAt.toISOString() };
}

export async function clearChat(db: Db, storyId: number): Promise<void> {
  await db.delete(marinChatMessages).where(eq(marinChatMessages.storyId, storyId));
}
