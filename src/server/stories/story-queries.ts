// Reading stories: one query per story including its tags, one query for a user's list.
import { and, desc, eq, getTableColumns, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { notFound } from "../errors";
import { editableBy } from "../policies/story";
import { labelPairs } from "./story-labels";
import type { StoryListRow, StoryWithTags } from "./present";

export const STORY_NOT_FOUND = "Story not found";

// NOTE: a correlated subquery instead of a second round trip (or one per story) for the tag names.
// Written out with aliases: drizzle leaves columns unqualified in single-table selects.
export const tagNames = sql<string[]>`coalesce((
  select json_agg(t.name order by t.name)
  from story_tags st join tags t on t.id = st.tag_id
  where st.story_id = "stories"."id"
), '[]'::json)`;

/** Route ids are numbers; anything else is a story nobody has, hence 404 rather than 400. */
export function parseStoryId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(STORY_NOT_FOUND);
  return Number(raw);
}

const { content: _content, ...storyWithoutContent } = getTableColumns(stories);

/**
 * A story the user may edit: theirs, or one they co-create (issue 30; policies/story.ts editableBy).
 * `knownContent`: the caller already holds the row's content (a save that just wrote it), so the row is read without
 * it — for a long story most of what a read moves.
 */
export async function findOwnStory(
  db: Db,
  id: number,
  userId: number,
  knownContent?: string,
): Promise<StoryWithTags | undefined> {
  return findStory(db, and(eq(stories.id, id), editableBy(userId))!, knownContent);
}

/** The id of a story the user may edit, read without the row (a route that needs only the permission); else 404. */
export async function getOwnStoryIdOrThrow(db: Db, id: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, id), editableBy(userId)))
    .limit(1);
  if (!row) throw notFound(STORY_NOT_FOUND);
  return row.id;
}

async function findStory(db: Db, where: SQL, knownContent?: string): Promise<StoryWithTags | undefined> {
  if (knownContent !== undefined) {
    const [row] = await db
      .select({ story: storyWithoutContent, tags: tagNames, labels: labelPairs })
      .from(stories)
      .where(where)
      .limit(1);
    return row ? { ...row.story, content: knownContent, tags: row.tags, labels: row.labels } : undefined;
  }
  const [row] = await db
    .select({ story: stories, tags: tagNames, labels: labelPairs })
    .from(stories)
    .where(where)
    .limit(1);
  return row ? { ...row.story, tags: row.tags, labels: row.labels } : undefined;
}

/**
 * The story by id alone, for a command that has just checked the user may edit it and written it (a save reads its
 * row back): a co-creator's save then probes story_co_creators once, not twice.
 */
export async function getWrittenStoryOrThrow(db: Db, id: number, knownContent?: string): Promise<StoryWithTags> {
  const story = await findStory(db, eq(stories.id, id), knownContent);
  if (!story) throw notFound(STORY_NOT_FOUND);
  return story;
}

/** Somebody else's story answers exactly like a missing one: 404, so ids reveal nothing. */
export async function getOwnStoryOrThrow(
  db: Db,
  id: number,
  userId: number,
  knownContent?: string,
): Promise<StoryWithTags> {
  const story = await findOwnStory(db, id, userId, knownContent);
  if (!story) throw notFound(STORY_NOT_FOUND);
  return story;
}

export function listOwnStories(db: Db, userId: number): Promise<StoryListRow[]> {
  return (
    db
      .select({
        id: stories.id,
        title: stories.title,
        coverImageId: stories.coverImageId,
        updatedAt: stories.updatedAt,
        published: stories.published,
        coWritten: sql<boolean>`${stories.authorId} <> ${userId}`,
      })
      .from(stories)
      // Theirs, and the works they co-create (story_co_creators_user_idx).
      .where(
        or(
          eq(stories.authorId, userId),
          inArray(
            stories.id,
            sql`(select story_id from story_co_creators where user_id = ${userId} and state = 'accepted')`,
          ),
        ),
      )
      .orderBy(desc(stories.updatedAt), desc(stories.id))
  );
}
