// Where a signed-in reader stopped (resume reading across devices), History and 'Continue reading' (issue 17).
// A reader who turned recording off writes nothing new; what was recorded stays until they clear it.
import { creatorNameShownTo, STORIES } from "../policies/anonymity";
import { aiFields } from "../visibility/ai-filter";
import { and, desc, eq, lt, ne, or, sql } from "drizzle-orm";
import {
  CONTINUE_LIMIT,
  FINISHED_AT,
  type HistoryItem,
  type HistoryPage,
  type Progress,
  type ProgressAnswer,
  type ReadingSettings,
} from "../../shared/schemas/reading-stats";
import type { Db } from "../db/client";
import { readingProgress, readingSettings, stories, users } from "../db/schema";
import { AppError } from "../errors";
import { imageUrl } from "../images/process-image";
import { getReadableStoryOrThrow, readableBy, type Viewer } from "../policies/visibility";
import { notHiddenFrom } from "../safety/blocks";

type Reader = NonNullable<Viewer>;

export async function getReadingSettings(db: Db, userId: number): Promise<ReadingSettings> {
  const [row] = await db
    .select({ recordHistory: readingSettings.recordHistory })
    .from(readingSettings)
    .where(eq(readingSettings.userId, userId))
    .limit(1);
  return { recordHistory: row?.recordHistory ?? true };
}

export async function saveReadingSettings(db: Db, userId: number, settings: ReadingSettings): Promise<ReadingSettings> {
  await db
    .insert(readingSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: readingSettings.userId, set: { recordHistory: settings.recordHistory } });
  return settings;
}

/**
 * Remembers where `reader` is in a story they may read (404 otherwise), unless they turned recording off: one
 * statement that writes nothing when the setting says so.
 */
export async function saveProgress(db: Db, reader: Reader, storyId: number, progress: Progress, now: Date) {
  await getReadableStoryOrThrow(db, storyId, reader);
  const off = sql`exists (select 1 from ${readingSettings} where ${readingSettings.userId} = ${reader.id} and not ${readingSettings.recordHistory})`;
  await db.execute(sql`
    insert into ${readingProgress} (user_id, story_id, chapter, position, overall, updated_at)
    select ${reader.id}, ${storyId}, ${progress.chapter}, ${progress.position}, ${progress.overall}, ${now.toISOString()}::timestamptz
    where not ${off}
    on conflict (user_id, story_id) do update set chapter = excluded.chapter, position = excluded.position,
      overall = excluded.overall, updated_at = excluded.updated_at`);
}

export async function getProgress(db: Db, reader: Reader, storyId: number): Promise<ProgressAnswer> {
  const [row] = await db
    .select({
      chapter: readingProgress.chapter,
      position: readingProgress.position,
      overall: readingProgress.overall,
      updatedAt: readingProgress.updatedAt,
    })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, reader.id), eq(readingProgress.storyId, storyId)))
    .limit(1);
  return { progress: row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null };
}

const itemColumns = {
  storyId: stories.id,
  title: stories.title,
  coverImageId: stories.coverImageId,
  // Issue 33: an anonymous work's creator is 'Anonymous' in every reader's lists.
  authorUsername: creatorNameShownTo(STORIES, null, users.username),
  wordCount: stories.wordCount,
  aiWordCount: stories.aiWordCount,
  aiLabel: stories.aiLabel,
  chapter: readingProgress.chapter,
  overall: readingProgress.overall,
  updatedAt: readingProgress.updatedAt,
};

interface ItemRow {
  storyId: number;
  title: string;
  coverImageId: string | null;
  authorUsername: string;
  wordCount: number | null;
  aiWordCount: number | null;
  aiLabel: string | null;
  chapter: number;
  overall: number;
  updatedAt: Date;
}

const present = (row: ItemRow): HistoryItem => ({
  storyId: row.storyId,
  title: row.title,
  authorUsername: row.authorUsername,
  coverImage: imageUrl(row.coverImageId, "thumb"),
  ...aiFields(row),
  chapter: row.chapter,
  overall: row.overall,
  updatedAt: row.updatedAt.toISOString(),
});

const listed = (db: Db) =>
  db
    .select(itemColumns)
    .from(readingProgress)
    .innerJoin(stories, eq(stories.id, readingProgress.storyId))
    .innerJoin(users, eq(users.id, stories.authorId))
    .$dynamic()
    .orderBy(desc(readingProgress.updatedAt), desc(readingProgress.storyId));

/** Stories the reader has started and not finished, newest first; never their own, only what they may still read. */
export async function continueReading(db: Db, reader: Reader): Promise<HistoryItem[]> {
  const rows = await listed(db)
    .where(
      and(
        eq(readingProgress.userId, reader.id),
        lt(readingProgress.overall, FINISHED_AT),
        ne(stories.authorId, reader.id),
        readableBy(reader),
        notHiddenFrom(reader.id, stories.authorId),
      ),
    )
    .limit(CONTINUE_LIMIT);
  return rows.map(present);
}

const CURSOR = /^(\d{13})-(\d{1,10})$/;

/** History, newest first; the cursor is the last item's time and story id. */
export async function listHistory(
  db: Db,
  reader: Reader,
  query: { cursor?: string; limit: number },
): Promise<HistoryPage> {
  const match = query.cursor === undefined ? null : CURSOR.exec(query.cursor);
  if (query.cursor !== undefined && !match) {
    throw new AppError(400, "VALIDATION", "Invalid cursor", { fields: { cursor: "Invalid cursor" } });
  }
  const after = match
    ? or(
        lt(readingProgress.updatedAt, new Date(Number(match[1]))),
        and(eq(readingProgress.updatedAt, new Date(Number(match[1]))), lt(readingProgress.storyId, Number(match[2]))),
      )
    : undefined;
  const rows = await listed(db)
    .where(
      and(eq(readingProgress.userId, reader.id), readableBy(reader), notHiddenFrom(reader.id, stories.authorId), after),
    )
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(present);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items,
    nextCursor: last ? `${String(last.updatedAt.getTime()).padStart(13, "0")}-${last.storyId}` : null,
  };
}

export async function clearHistory(db: Db, userId: number): Promise<void> {
  await db.delete(readingProgress).where(eq(readingProgress.userId, userId));
}
