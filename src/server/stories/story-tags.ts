// A story's tags: the tags table holds each name once, story_tags links them.
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { storyTags, tags } from "../db/schema";

/** Replaces the story's tags with `names` (call inside the write's transaction). */
export async function replaceStoryTags(db: Db, storyId: number, names: readonly string[]): Promise<void> {
  await db.delete(storyTags).where(eq(storyTags.storyId, storyId));
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  await db
    .insert(tags)
    .values(unique.map((name) => ({ name })))
    .onConflictDoNothing({ target: tags.name });
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.name, unique));
  await db.insert(storyTags).values(rows.map((row) => ({ storyId, tagId: row.id })));
}
