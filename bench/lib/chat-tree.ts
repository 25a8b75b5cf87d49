// A story with a chat tree for bench/chat-threads.ts: `threads` threads of `perThread` messages each (2,000 in 20 by
// default), the first the main one and each other branched from the one before it.
import { marinChatMessages, marinChatThreads } from "../../src/server/db/schema";
import type { Db } from "../../src/server/db/client";
import { insertLongStory } from "./long-story";

export async function seedChatTree(db: Db, threads: number, perThread: number) {
  const { path, headers } = await insertLongStory(db, "<p>Rain on the harbour.</p>", 1, `chat${Date.now()}`);
  const storyId = Number(path.split("/").pop());
  const at = Date.now() - threads * perThread * 1000;
  const ids: number[] = [];
  for (let t = 0; t < threads; t++) {
    const [made] = await db
      .insert(marinChatThreads)
      .values({ storyId, name: t === 0 ? "Main" : `Branch ${t + 1}`, parentThreadId: ids.at(-1) ?? null })
      .returning({ id: marinChatThreads.id });
    ids.push(made!.id);
    await db.insert(marinChatMessages).values(
      Array.from({ length: perThread }, (_, i) => ({
        storyId,
        threadId: made!.id,
        role: i % 2 ? ("assistant" as const) : ("user" as const),
        // About the length of a real exchange: a question, or a reply of a paragraph.
        content:
          i % 2
            ? `Reply ${i} of thread ${t + 1}. ${"The tide turns and the lanterns sway. ".repeat(8)}`
            : `Question ${i}?`,
        createdAt: new Date(at + (t * perThread + i) * 1000),
      })),
    );
  }
  return { storyId, token: headers.cookie.split("=")[1]!, threadIds: ids };
}
