// GET /api/collections/{name}/works (issue 33): the collection's works as its maintainers see them: every item but the
// rejected ones, unrevealed and unpublished works included, each with its creators named. Nobody else may ask.
import { and, desc, eq, lt, ne } from "drizzle-orm";
import type { CollectionWorkItem, CollectionWorksPage } from "../../shared/schemas/collection-reveal";
import type { Db } from "../db/client";
import { collectionItems, stories, users } from "../db/schema";
import { coCreatorNames } from "../policies/creator-names";

export const COLLECTION_WORKS_PAGE = 100;

export async function listCollectionWorks(
  db: Db,
  collectionId: number,
  before: number | undefined,
): Promise<CollectionWorksPage> {
  const mine = and(eq(collectionItems.collectionId, collectionId), ne(collectionItems.state, "rejected"));
  const rows = await db
    .select({
      storyId: stories.id,
      title: stories.title,
      state: collectionItems.state,
      published: stories.published,
      anonymous: stories.anonymous,
      unrevealed: stories.unrevealed,
      authorId: users.id,
      username: users.username,
      coCreators: coCreatorNames,
      addedAt: collectionItems.createdAt,
    })
    .from(collectionItems)
    .innerJoin(stories, eq(stories.id, collectionItems.storyId))
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(before === undefined ? mine : and(mine, lt(collectionItems.storyId, before)))
    .orderBy(desc(collectionItems.storyId))
    .limit(COLLECTION_WORKS_PAGE + 1);
  const page = rows.slice(0, COLLECTION_WORKS_PAGE);
  return {
    items: page.map(
      (row): CollectionWorkItem => ({
        storyId: row.storyId,
        title: row.title,
        state: row.state as CollectionWorkItem["state"],
        published: row.published,
        anonymous: row.anonymous,
        unrevealed: row.unrevealed,
        author: { id: row.authorId, username: row.username },
        coCreators: row.coCreators,
        addedAt: row.addedAt.toISOString(),
      }),
    ),
    nextCursor: rows.length > COLLECTION_WORKS_PAGE ? String(page.at(-1)!.storyId) : null,
  };
}
