// Who a work names after its creator (issue 30): its accepted co-creators in order, as one correlated subquery on the
// story row (story_co_creators' (story_id, user_id) key), so every list that names the author names them too in the
// same query. Written against "stories"."id": drizzle leaves columns unqualified in single-table selects. Kept with the
// policies (issue 33), which every domain reads: the collections name them too, and stories may not import them.
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories, users } from "../db/schema";

export type CoCreatorNames = { username: string }[];

/** `[{ username }]` of the accepted co-creators of the story `storyId` (a column or expression), in order. */
export function coCreatorNamesOf(storyId: SQL): SQL<CoCreatorNames> {
  return sql<CoCreatorNames>`coalesce((
    select json_agg(json_build_object('username', ccu.username) order by cc.position, cc.id)
    from story_co_creators cc join users ccu on ccu.id = cc.user_id
    where cc.story_id = ${storyId} and cc.state = 'accepted'
  ), '[]'::json)`;
}

/** The same for the row of `stories` a query selects. */
export const coCreatorNames = coCreatorNamesOf(sql`"stories"."id"`);

/** The creator's name and the co-creators' names of one story (the editor's own export names them all). */
export async function storyByline(db: Db, storyId: number): Promise<{ author: string; coCreators: string[] }> {
  const [row] = await db
    .select({ author: users.username, coCreators: coCreatorNames })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(eq(stories.id, storyId));
  return { author: row?.author ?? "", coCreators: (row?.coCreators ?? []).map((c) => c.username) };
}
