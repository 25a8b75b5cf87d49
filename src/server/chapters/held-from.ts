// The hold of a story's waiting chapter releases (scheduling/hold.ts explains it), apart so the chapter sync can read it.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { scheduledReleases } from "../db/schema";

/** The first chapter readers may not see yet, or null when nothing of the story is held back. */
export async function heldFrom(db: Db, storyId: number): Promise<number | null> {
  const [row] = await db
    .select({
      n: sql<number | null>`min((select min(c) from unnest(${scheduledReleases.chapters}) as c))::int`,
    })
    .from(scheduledReleases)
    .where(and(eq(scheduledReleases.storyId, storyId), eq(scheduledReleases.state, "scheduled")));
  return row?.n ?? null;
}

/**
 * A published story's word count as readers see it, for the server-rendered cards (author, tag, series and bookmark
 * pages): the stored count of the whole document, or while a waiting release holds chapters back, the words of the
 * chapters readers have (story_chapters records only those). Null as the stored count is (not counted yet).
 */
export const readersWordCount = sql<number | null>`(case when exists (select 1 from scheduled_releases sr
    where sr.story_id = "stories"."id" and sr.state = 'scheduled' and sr.chapters is not null)
  then (select coalesce(sum(sc.words), 0) from story_chapters sc
    where sc.story_id = "stories"."id" and sc.removed_at is null)::int
  else "stories"."word_count" end)`;
