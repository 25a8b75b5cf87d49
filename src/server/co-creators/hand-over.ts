// When a work's creator deletes their account (issue 30), a co-written work stays with the others: its first
// accepted co-creator becomes its creator (stories.author_id) and the rest move up one place. Only works with no
// co-creator follow the account's orphaning rules (my-account/delete-account.ts). Runs inside that transaction.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories, storyCoCreators } from "../db/schema";

/** Hands each co-written work of `userId` to its first co-creator; answers the ids of the works handed over. */
export async function handOverCoWrittenWorks(tx: Db, userId: number): Promise<{ id: number; published: boolean }[]> {
  const rows = await tx
    .select({
      rowId: storyCoCreators.id,
      storyId: storyCoCreators.storyId,
      heirId: storyCoCreators.userId,
      published: stories.published,
    })
    .from(storyCoCreators)
    .innerJoin(stories, eq(stories.id, storyCoCreators.storyId))
    .where(and(eq(stories.authorId, userId), eq(storyCoCreators.state, "accepted")))
    .orderBy(asc(storyCoCreators.storyId), asc(storyCoCreators.position), asc(storyCoCreators.id))
    .for("update");
  const heirs = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!heirs.has(row.storyId)) heirs.set(row.storyId, row);
  for (const heir of heirs.values()) {
    await tx.update(stories).set({ authorId: heir.heirId }).where(eq(stories.id, heir.storyId));
    await tx.delete(storyCoCreators).where(eq(storyCoCreators.id, heir.rowId));
  }
  const ids = [...heirs.keys()];
  if (ids.length > 0) {
    await tx
      .update(storyCoCreators)
      .set({ position: sql`greatest(${storyCoCreators.position} - 1, 1)` })
      .where(and(inArray(storyCoCreators.storyId, ids), eq(storyCoCreators.state, "accepted")));
  }
  return [...heirs.values()].map((h) => ({ id: h.storyId, published: h.published }));
}
