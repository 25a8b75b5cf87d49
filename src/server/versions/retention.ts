// Free accounts keep FREE_HISTORY_DAYS of history; FicForge Plus keeps all of it (decision 0041). The sweep drops a
// free writer's versions taken before then, never a story's newest one, and first makes the oldest version kept a
// keyframe so every later delta still has its chain.
import { and, asc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { FREE_HISTORY_DAYS } from "../../shared/schemas/versions";
import type { Db } from "../db/client";
import { stories, storyVersions, users } from "../db/schema";
import { yieldToRequests } from "../db/yield";
import { makeKeyframe } from "./version-store";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Answers how many versions it deleted. */
export async function pruneFreeHistory(db: Db, now: Date, { batchSize = 50 } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - FREE_HISTORY_DAYS * DAY_MS);
  let deleted = 0;
  // NOTE: one pass in story order per run. Restarting from the oldest version for every batch walked, batch after
  // batch, every old version the sweep keeps (Plus writers', each story's lone newest one), and never ended when a
  // story stayed due after its prune: with two instances' clocks a few seconds apart, a version stamped before the
  // cutoff can follow one stamped after it, and only the versions before the first kept one can go (their deltas
  // chain forward).
  let after = 0;
  for (;;) {
    // NOTE: only versions with a newer one beside them, so a story whose newest version is old is not found again.
    const due = await db
      .selectDistinct({ storyId: storyVersions.storyId })
      .from(storyVersions)
      .innerJoin(stories, eq(stories.id, storyVersions.storyId))
      .innerJoin(users, eq(users.id, stories.authorId))
      .where(
        and(
          eq(users.isPremium, false),
          lt(storyVersions.createdAt, cutoff),
          sql`exists (select 1 from story_versions n where n.story_id = ${storyVersions.storyId} and n.id > ${storyVersions.id})`,
          gt(storyVersions.storyId, after),
        ),
      )
      .orderBy(asc(storyVersions.storyId))
      .limit(batchSize);
    if (due.length === 0) return deleted;
    for (const { storyId } of due) {
      deleted += await pruneStory(db, storyId, cutoff);
      await yieldToRequests();
    }
    after = due.at(-1)!.storyId;
  }
}

async function pruneStory(db: Db, storyId: number, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // The story's row lock orders this with the saves that take versions.
    await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, storyId)).for("update");
    const [kept] = await tx
      .select({ first: sql<number | null>`min(${storyVersions.id})` })
      .from(storyVersions)
      .where(and(eq(storyVersions.storyId, storyId), gte(storyVersions.createdAt, cutoff)));
    const [newest] = await tx
      .select({ id: sql<number | null>`max(${storyVersions.id})` })
      .from(storyVersions)
      .where(eq(storyVersions.storyId, storyId));
    const keep = kept?.first ?? newest?.id;
    if (keep == null) return 0;
    await makeKeyframe(tx, storyId, Number(keep));
    const gone = await tx
      .delete(storyVersions)
      .where(and(eq(storyVersions.storyId, storyId), lt(storyVersions.id, Number(keep))))
      .returning({ id: storyVersions.id });
    return gone.length;
  });
}
