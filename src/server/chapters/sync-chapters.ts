// Keeps story_chapters in step with a published story's document: called in the same transaction as every save of
// a published story and every publish, so the chapter list never disagrees with the text that was committed.
import { and, asc, eq, gt, inArray, isNull, lte, max, sql } from "drizzle-orm";
import { type RecordedEvent, recordEvent } from "../events/outbox";
import type { Db } from "../db/client";
import { yieldToRequests } from "../db/yield";
import { stories, storyChapters } from "../db/schema";
import { SANITIZER_VERSION, sanitizeContent } from "../content/sanitize-content";
import { heldFrom } from "./held-from";
import { type SplitChapter, splitChapters } from "./split-chapters";

/** A published story's chapters, from its stored (sanitized) HTML; none for a document without a word or a heading. */
export function chaptersOfContent(content: string, sanitizedWith: number): SplitChapter[] {
  const clean = sanitizedWith >= SANITIZER_VERSION ? content : sanitizeContent(content);
  const chapters = splitChapters(clean);
  return chapters.length === 1 && chapters[0]!.title === null && chapters[0]!.words === 0 ? [] : chapters;
}

/**
 * Derives story `storyId`'s chapters from its document (if it is published) and records them: a chapter number seen
 * for the first time gets `firstPublishedAt` (default `now`), one seen before keeps its date (a re-save, or a
 * publish after an unpublish, never moves it), and numbers past the end are marked removed, not deleted (put back,
 * they keep their date). Answers the chapter numbers published for the first time by this call, ascending.
 * Two calls for one story (two instances, two tabs) are serialized by the story row's lock, so a number is new once.
 * Issue 31: chapters held back by a waiting scheduled release (scheduling/hold.ts) are not recorded: readers have
 * not seen them, so they are neither listed nor announced until the release lifts the hold and syncs again.
 */
export async function syncStoryChapters(
  db: Db,
  storyId: number,
  now: Date,
  firstPublishedAt: Date = now,
): Promise<number[]> {
  const [story] = await db
    .select({ content: stories.content, sanitizedWith: stories.sanitizedWith, published: stories.published })
    .from(stories)
    .where(eq(stories.id, storyId))
    .for("update");
  if (!story?.published) return [];
  const held = await heldFrom(db, storyId);
  const all = chaptersOfContent(story.content, story.sanitizedWith);
  const chapters = held === null ? all : all.slice(0, held - 1);
  const known = new Set(
    (await db.select({ n: storyChapters.n }).from(storyChapters).where(eq(storyChapters.storyId, storyId))).map(
      (row) => row.n,
    ),
  );
  if (chapters.length > 0) {
    await db
      .insert(storyChapters)
      .values(
        chapters.map((chapter, i) => ({
          storyId,
          n: i + 1,
          title: chapter.title,
          words: chapter.words,
          firstPublishedAt,
        })),
      )
      .onConflictDoUpdate({
        target: [storyChapters.storyId, storyChapters.n],
        set: { title: sql`excluded.title`, words: sql`excluded.words`, removedAt: null },
      });
  }
  await db
    .update(storyChapters)
    .set({ removedAt: now })
    .where(
      and(eq(storyChapters.storyId, storyId), gt(storyChapters.n, chapters.length), isNull(storyChapters.removedAt)),
    );
  return chapters.map((_, i) => i + 1).filter((n) => !known.has(n));
}

/** Records the subscribers' fan-out for chapters a save published for the first time (in the save's transaction). */
export async function recordNewChapters(
  tx: Db,
  storyId: number,
  chapters: number[],
  now: Date,
): Promise<RecordedEvent | null> {
  return chapters.length > 0 ? recordEvent(tx, { name: "chapters.published", storyId, chapters }, now) : null;
}

export interface StoredChapter {
  n: number;
  title: string | null;
  words: number;
  firstPublishedAt: Date;
}

/** The chapters a story has now (removed ones left out), in order. */
export async function loadChapters(db: Db, storyId: number): Promise<StoredChapter[]> {
  return db
    .select({
      n: storyChapters.n,
      title: storyChapters.title,
      words: storyChapters.words,
      firstPublishedAt: storyChapters.firstPublishedAt,
    })
    .from(storyChapters)
    .where(and(eq(storyChapters.storyId, storyId), isNull(storyChapters.removedAt)))
    .orderBy(asc(storyChapters.n));
}

const BACKFILL_WINDOW = 2_000;
const STORIES_PER_TRANSACTION = 20;

/**
 * Published stories from before chapters were recorded get theirs once, dated at the story's publication (they were
 * public since then; nobody is told of them). Answers how many stories it filled; later runs find none.
 */
export async function recordMissingChapters(db: Db, now: Date): Promise<number> {
  // NOTE: whether a story has chapters is no column an index could hold, so every run walks the published stories,
  // but in windows of BACKFILL_WINDOW ids (a primary-key range each, a short statement) with a pause after each, never
  // in one scan of the catalogue that readers would wait behind.
  const [last] = await db.select({ id: max(stories.id) }).from(stories);
  let filled = 0;
  for (let after = 0; after < (last?.id ?? 0); after += BACKFILL_WINDOW) {
    const missing = await db
      .select({ id: stories.id })
      .from(stories)
      .where(
        and(
          gt(stories.id, after),
          lte(stories.id, after + BACKFILL_WINDOW),
          eq(stories.published, true),
          sql`not exists (select 1 from story_chapters c where c.story_id = ${stories.id})`,
          // NOTE: a story with no words has no chapter to record.
          sql`coalesce(${stories.wordCount}, 1) > 0`,
        ),
      )
      .orderBy(asc(stories.id));
    const ids = missing.map((row) => row.id);
    for (let i = 0; i < ids.length; i += STORIES_PER_TRANSACTION) {
      filled += await db.transaction((tx) => recordFirstChapters(tx, ids.slice(i, i + STORIES_PER_TRANSACTION), now));
      await yieldToRequests();
    }
  }
  return filled;
}

/** The first chapter list of each of these stories that is published and has none yet; answers how many got one. */
async function recordFirstChapters(tx: Db, ids: number[], now: Date): Promise<number> {
  // NOTE: the rows locked as a save locks them (syncStoryChapters), then the chapters looked up again in a statement
  // of its own (a fresh snapshot): a save or publish since the listing has recorded its own and is left alone.
  const locked = await tx
    .select({
      id: stories.id,
      content: stories.content,
      sanitizedWith: stories.sanitizedWith,
      publishedAt: stories.publishedAt,
    })
    .from(stories)
    .where(and(inArray(stories.id, ids), eq(stories.published, true)))
    .orderBy(asc(stories.id))
    .for("update");
  const recorded = new Set(
    (
      await tx
        .selectDistinct({ id: storyChapters.storyId })
        .from(storyChapters)
        .where(inArray(storyChapters.storyId, ids))
    ).map((row) => row.id),
  );
  const rows = locked
    .filter((story) => !recorded.has(story.id))
    .flatMap((story) =>
      chaptersOfContent(story.content, story.sanitizedWith).map((chapter, i) => ({
        storyId: story.id,
        n: i + 1,
        title: chapter.title,
        words: chapter.words,
        firstPublishedAt: story.publishedAt ?? now,
      })),
    );
  if (rows.length > 0) await tx.insert(storyChapters).values(rows);
  return new Set(rows.map((row) => row.storyId)).size;
}
