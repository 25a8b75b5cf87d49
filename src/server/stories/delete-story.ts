// DELETE /api/stories/{id}: a published story must be unpublished first.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { AppError, notFound } from "../errors";
import type { UserRow } from "../types";
import { findOwnStory, STORY_NOT_FOUND } from "./story-queries";

// The client recognises "unpublish" in this message and shows its longer advice to unpublish from the editor first.
export const STORY_PUBLISHED_MESSAGE = "Please unpublish the story before deleting it.";

export async function deleteStory(db: Db, user: UserRow, id: number): Promise<void> {
  // NOTE: the published check is part of the delete itself, so a publish racing it cannot slip through.
  const [deleted] = await db
    .delete(stories)
    .where(and(eq(stories.id, id), eq(stories.authorId, user.id), eq(stories.published, false)))
    .returning({ id: stories.id });
  if (deleted) return;
  if (!(await findOwnStory(db, id, user.id))) throw notFound(STORY_NOT_FOUND);
  throw new AppError(409, "STORY_PUBLISHED", STORY_PUBLISHED_MESSAGE);
}
