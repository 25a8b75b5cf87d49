// The signed-in user's saved stories: only those they may still read (a story unpublished or turned mature
// drops out of the list but keeps its row, and comes back when it is readable again).
import { creatorNameShownTo, STORIES } from "../policies/anonymity";
import { and, count, desc, eq, not } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { BookmarkItem, BookmarksQuery, HiddenBookmarks } from "../../shared/schemas/reading";
import type { Db } from "../db/client";
import { bookmarks, stories, users } from "../db/schema";
import { imageUrl } from "../images/process-image";
import { notHiddenFrom } from "../safety/blocks";
import { readableBy, type Viewer } from "../policies/visibility";
import { aiFields } from "../visibility/ai-filter";

// NOTE: the sidebar shows the list whole (it has no paging); a cap keeps one answer bounded.
export const BOOKMARK_LIST_CAP = 500;

/** What a reader's own list shows of each story (Saved Stories, Mark for Later): select these, present with `savedStory`. */
export const savedStoryColumns = {
  id: stories.id,
  title: stories.title,
  coverImageId: stories.coverImageId,
  // Issue 33: an anonymous work's creator is 'Anonymous' in every reader's lists.
  username: creatorNameShownTo(STORIES, null, users.username),
  wordCount: stories.wordCount,
  aiWordCount: stories.aiWordCount,
  aiLabel: stories.aiLabel,
};

interface SavedStoryRow {
  id: number;
  title: string;
  coverImageId: string | null;
  username: string;
  wordCount: number | null;
  aiWordCount: number | null;
  aiLabel: string | null;
}

export function savedStory(row: SavedStoryRow) {
  return {
    id: row.id,
    title: row.title,
    coverImage: imageUrl(row.coverImageId, "thumb"),
    author: { username: row.username },
    ...aiFields(row),
  };
}

export async function listBookmarks(db: Db, viewer: NonNullable<Viewer>): Promise<BookmarkItem[]> {
  const rows = await db
    .select({
      ...savedStoryColumns,
      note: bookmarks.note,
      tags: bookmarks.tags,
      rec: bookmarks.rec,
      private: bookmarks.private,
      bookmarkedAt: bookmarks.createdAt,
    })
    .from(bookmarks)
    .innerJoin(stories, eq(stories.id, bookmarks.storyId))
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(and(eq(bookmarks.userId, viewer.id), readableBy(viewer), notHiddenFrom(viewer.id, stories.authorId)))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id))
    .limit(BOOKMARK_LIST_CAP);
  return rows.map((row) => ({
    ...savedStory(row),
    note: row.note,
    tags: row.tags,
    rec: row.rec,
    private: row.private,
    bookmarkedAt: row.bookmarkedAt.toISOString(),
  }));
}

/** Saved Stories filtered (issue 30): one of the reader's bookmark tags (any case), or recs only. */
export function filterBookmarks(items: BookmarkItem[], query: BookmarksQuery): BookmarkItem[] {
  const tag = query.tag?.toLowerCase();
  return items.filter(
    (item) =>
      (tag === undefined || item.tags.some((t) => t.toLowerCase() === tag)) &&
      (query.rec === undefined || item.rec === (query.rec === "true")),
  );
}

/**
 * How many saved stories the list leaves out because the viewer blocks or mutes their authors (stories they may no
 * longer read otherwise are not counted): Saved Stories says so rather than quietly shrinking.
 */
export async function countHiddenBookmarks(db: Db, viewer: NonNullable<Viewer>): Promise<HiddenBookmarks> {
  const [row] = await db
    .select({ n: count() })
    .from(bookmarks)
    .innerJoin(stories, eq(stories.id, bookmarks.storyId))
    .where(and(eq(bookmarks.userId, viewer.id), readableBy(viewer), not(notHiddenFrom(viewer.id, stories.authorId))));
  return { hiddenByYou: row?.n ?? 0 };
}

/** Lists this long or shorter are kept with the viewer's cached session (~150 bytes an item): the bound's share. */
export const BOOKMARKS_KEPT_MAX = 100;
/** Characters of notes and tags a kept list may carry in all (the session cache's memory stays bounded). */
export const BOOKMARK_TEXT_KEPT_MAX = 8_000;

/**
 * GET /api/bookmarks: the list from the viewer's cached session while no story changed since it was built (the read
 * cache's generation), else from the database, kept for next time. Their own bookmark or block drops the session
 * entry, so a toggle is seen at once (decision 0045).
 */
export async function bookmarksFor(request: FastifyRequest, viewer: NonNullable<Viewer>): Promise<BookmarkItem[]> {
  const { readCache, sessionCache } = request.server;
  const session = request.session?.user.id === viewer.id ? request.session : null;
  const generation = readCache.generation;
  if (session?.bookmarks && session.bookmarks.generation === generation) return session.bookmarks.items;
  const sessionGeneration = sessionCache.generation;
  const items = await listBookmarks(request.db, viewer);
  // NOTE: kept only if nothing was dropped while the query ran (a story changed, or any session's entry).
  const current = readCache.generation === generation && sessionCache.generation === sessionGeneration;
  // NOTE: notes make an item up to ~5 KB (issue 30): a list is kept only while its notes and tags stay small.
  const said = items.reduce((sum, item) => sum + (item.note?.length ?? 0) + item.tags.join("").length, 0);
  if (session && current && items.length <= BOOKMARKS_KEPT_MAX && said <= BOOKMARK_TEXT_KEPT_MAX) {
    session.bookmarks = { generation, items };
  }
  return items;
}
