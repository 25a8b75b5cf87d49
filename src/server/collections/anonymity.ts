// A work's anonymity and hiddenness follow its collections (issue 33): `stories.anonymous` while it is approved in an
// anonymous collection not yet revealed, `stories.unrevealed` likewise for an unrevealed one. Every command that
// changes an item's state, a collection's settings or its reveal calls a sync here in its own transaction, so the
// columns every list and lookup reads are never behind the collections.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { collectionItems, stories } from "../db/schema";

const heldBy = (flag: "anonymous" | "unrevealed") => sql`exists (
  select 1 from collection_items ci join collections c on c.id = ci.collection_id
  where ci.story_id = ${stories.id} and ci.state = 'approved' and c.revealed_at is null and c.${sql.raw(flag)})`;

/** Sets the two columns of the given stories from their collections now; answers how many rows changed. */
export async function syncStoryAnonymity(db: Db, storyIds: readonly number[]): Promise<number> {
  if (storyIds.length === 0) return 0;
  const changed = await db
    .update(stories)
    .set({ anonymous: heldBy("anonymous"), unrevealed: heldBy("unrevealed") })
    .where(
      sql`${inArray(stories.id, [...storyIds])} and (${stories.anonymous} is distinct from ${heldBy("anonymous")}
        or ${stories.unrevealed} is distinct from ${heldBy("unrevealed")})`,
    )
    .returning({ id: stories.id });
  return changed.length;
}

/** Syncs every work of a collection (after its settings changed or it was revealed). */
export async function syncCollectionAnonymity(db: Db, collectionId: number): Promise<number> {
  const rows = await db
    .select({ storyId: collectionItems.storyId })
    .from(collectionItems)
    .where(eq(collectionItems.collectionId, collectionId));
  const ids = rows.map((r) => r.storyId);
  let changed = 0;
  for (let i = 0; i < ids.length; i += 1000) changed += await syncStoryAnonymity(db, ids.slice(i, i + 1000));
  return changed;
}
