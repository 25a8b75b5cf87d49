// DELETE /api/stories/{id}: a published story must be unpublished first.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { AppError, notFound } from "../errors";
import { authorizeOrThrow } from "../policies/authorize";
import { canDelete } from "../policies/story";
import type { UserRow } from "../types";
import { findOwnStory, STORY_NOT_FOUND } from "./story-queries";

// The client recognises "unpublish" in this message and shows its longer advice to unpublish from the editor first.
export const STORY_PUBLISHED_MESSAGE = "Please unpublish the story before deleting it.";

export const ONLY_CREATOR_DELETES = "Only the creator of this work can delete it.";

export async function deleteStory(db: Db, user: UserRow, id: number): Promise<void> {
  // NOTE: the published check is part of the delete itself, so a publish racing it cannot slip through.
  const [deleted] = await db
    .delete(stories)
    .where(and(eq(stories.id, id), eq(stories.authorId, user.id), eq(stories.published, false)))
    .returning({ id: stories.id });
  if (deleted) return;
  const story = await findOwnStory(db, id, user.id);
  if (!story) throw notFound(STORY_NOT_FOUND);
  // A co-creator edits the work but only its creator deletes it (issue 30).
  // Found by editableBy: they are its creator or one of its co-creators.
  authorizeOrThrow(canDelete(user, { authorId: story.authorId, coCreatorIds: [user.id] }), {
    forbidden: () => new AppError(403, "CREATOR_ONLY", ONLY_CREATOR_DELETES),
  });
  throw new AppError(409, "STORY_PUBLISHED", STORY_PUBLISHED_MESSAGE);
}
