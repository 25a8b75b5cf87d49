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
