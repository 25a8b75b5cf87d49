// The signed-in user's saved stories: only those they may still read (a story unpublished or turned mature
// drops out of the list but keeps its row, and comes back when it is readable again).
import { and, desc, eq } from "drizzle-orm";
import type { BookmarkItem } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { bookmarks, stories, users } from "../db/schema";
import { imageUrl } from "../images/process-image";
import { notHiddenFrom } from "../safety/blocks";
import { readableBy, type Viewer } from "./visibility";

// NOTE: the sidebar shows the list whole (SPEC.md has no paging for it); a cap keeps one answer bounded.
export const BOOKMARK_LIST_CAP = 500;

export async function listBookmarks(db: Db, viewer: NonNullable<Viewer>): Promise<BookmarkItem[]> {
  const rows = await db
    .select({
      id: stories.id,
      title: stories.title,
      coverImageId: stories.coverImageId,
      username: users.username,
    })
    .from(bookmarks)
    .innerJoin(stories, eq(stories.id, bookmarks.storyId))
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(and(eq(bookmarks.userId, viewer.id), readableBy(viewer), notHiddenFrom(viewer.id, stories.authorId)))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id))
    .limit(BOOKMARK_LIST_CAP);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    coverImage: imageUrl(row.coverImageId, "thumb"),
    author: { username: row.username },
  }));
}
