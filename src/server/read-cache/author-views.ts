// A user's name is built into the cached views of their published stories: the reader view's author, the public
// page's byline and title, every Discover card, and their author page (/u/{name}, which shows the bio too).
// Comments are listed live (never cached), so they follow by themselves.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import type { ReadCache } from "./read-cache";

/**
 * Drops every cached view naming `authorId`, here and, through the invalidation bus, in every instance: each of their
 * published stories (its read view and public page, and with it every Discover list) and the author pages (the old
 * name's included, an author with no published story too). Call it after the rename has committed; answers how many
 * stories were dropped.
 */
export async function invalidateAuthorViews(
  readCache: Pick<ReadCache, "invalidateStory" | "invalidateAuthors">,
  db: Db,
  authorId: number,
): Promise<number> {
  const rows = await db
    .select({ id: stories.id })
    .from(stories)
    .where(
      and(
        // Issue 30: and the works they co-create, which name them too.
        or(
          eq(stories.authorId, authorId),
          inArray(
            stories.id,
            sql`(select story_id from story_co_creators where user_id = ${authorId} and state = 'accepted')`,
          ),
        ),
        eq(stories.published, true),
      ),
    );
  for (const { id } of rows) readCache.invalidateStory(id);
  readCache.invalidateAuthors();
  return rows.length;
}
