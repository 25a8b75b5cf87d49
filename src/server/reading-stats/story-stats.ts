// GET /api/stories/{id}/stats: the author's numbers for one story (readers' comments, not the author's replies), in
// three indexed queries (totals, the last 30 days, chapters). Reads written by the counters' last flush show; what is still in memory shows within seconds.
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { STATS_DAYS, type StoryStats, type StoryStatsDay } from "../../shared/schemas/reading-stats";
import type { Db } from "../db/client";
import { stories, storyChapterReads, storyReadDays } from "../db/schema";
import { notFound } from "../errors";
import { editableBy } from "../policies/story";
import { STORY_NOT_FOUND } from "../stories/story-queries";
import { utcDay } from "./read-salts";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function getOwnStoryStatsOrThrow(db: Db, storyId: number, userId: number, now: Date): Promise<StoryStats> {
  const [story] = await db
    .select({
      likes: stories.likeCount,
      bookmarks: stories.bookmarkCount,
      // Readers' comments: the author's own replies are conversation, not a number the author earned. Counted
      // here (comments_story_idx) rather than kept, as visible comments only, like the count readers see.
      comments: sql<number>`(select count(*)::int from comments c where c.story_id = ${storyId}
        and c.author_id <> "stories"."author_id" and c.moderation = 'visible' and c.deleted_at is null)`,
      reads: sql<number>`(select coalesce(sum(reads), 0)::int from story_read_days d where d.story_id = ${storyId})`,
      readers: sql<number>`(select coalesce(sum(readers), 0)::int from story_read_days d where d.story_id = ${storyId})`,
    })
    .from(stories)
    .where(and(eq(stories.id, storyId), editableBy(userId)))
    .limit(1);
  if (!story) throw notFound(STORY_NOT_FOUND);

  const first = utcDay(new Date(now.getTime() - (STATS_DAYS - 1) * DAY_MS));
  const [dayRows, chapterRows] = await Promise.all([
    db
      .select({ day: storyReadDays.day, reads: storyReadDays.reads, readers: storyReadDays.readers })
      .from(storyReadDays)
      .where(and(eq(storyReadDays.storyId, storyId), gte(storyReadDays.day, first))),
    db
      .select({ chapter: storyChapterReads.chapter, readers: storyChapterReads.readers })
      .from(storyChapterReads)
      .where(eq(storyChapterReads.storyId, storyId))
      .orderBy(asc(storyChapterReads.chapter)),
  ]);
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const days: StoryStatsDay[] = Array.from({ length: STATS_DAYS }, (_, i) => {
    const day = utcDay(new Date(now.getTime() - (STATS_DAYS - 1 - i) * DAY_MS));
    const row = byDay.get(day);
    return { day, reads: row?.reads ?? 0, readers: row?.readers ?? 0 };
  });
  return {
    reads: Number(story.reads),
    readers: Number(story.readers),
    likes: story.likes,
    bookmarks: story.bookmarks,
    comments: Number(story.comments),
    days,
    chapters: chapterRows,
  };
}
