// A batch of counted reads held in memory until the next flush (read-counter.ts): by day, story and chapter, who
// read (not yet hashed), and the resolution of readers who may be the story's author.
import { and, gt, inArray } from "drizzle-orm";
import { sha256 } from "../accounts/sessions";
import type { Db } from "../db/client";
import { sessions, stories } from "../db/schema";

/** Separates the parts of a reader key (kind, token or id, address, agent). */
export const SEP = "\u0000";

/** One story on one day: its reads, and who read it, not yet hashed, by chapter (0: the story was opened). */
export interface StoryDay {
  /** Reads by signed-out readers. */
  reads: number;
  /**
   * Reads by someone who may be the story's author, by who: a signed-in user, or a visitor with a session cookie
   * (public pages do not load sessions). Resolved at the flush, where the author's own go.
   */
  known: Map<string, number>;
  readers: Map<number, Set<string>>;
}

export interface Batch {
  /**
   * Day → story → reads and readers. A repeat read costs two map lookups by a number and the day's (same) string
   * and a Set lookup; each reader is hashed once per flush, off the request.
   */
  days: Map<string, Map<number, StoryDay>>;
  /** Readers held (the sum of every Set's size), for maxPendingMarks. */
  marks: number;
}

export const newBatch = (): Batch => ({ days: new Map(), marks: 0 });

export function storyDay(batch: Batch, day: string, storyId: number): StoryDay {
  let byStory = batch.days.get(day);
  if (!byStory) {
    byStory = new Map();
    batch.days.set(day, byStory);
  }
  let entry = byStory.get(storyId);
  if (!entry) {
    entry = { reads: 0, known: new Map(), readers: new Map() };
    byStory.set(storyId, entry);
  }
  return entry;
}

export function addReader(batch: Batch, entry: StoryDay, chapter: number, who: string): void {
  let set = entry.readers.get(chapter);
  if (!set) {
    set = new Set();
    entry.readers.set(chapter, set);
  }
  const before = set.size;
  set.add(who);
  batch.marks += set.size - before;
}

/**
 * The author's own reads and reach are not counted (decision 0031): resolves each known reader (a signed-in user,
 * or a session cookie, looked up here in one query) and drops those who wrote the story; the rest join the batch's
 * reads, a session's holder counted as its user, a cookie without a live session as the signed-out visitor it is.
 * Two queries per flush, none when nobody signed in read.
 */
export async function leaveOutAuthors(db: Db, batch: Batch, now: Date): Promise<void> {
  const tokens = new Set<string>();
  const storyIds = new Set<number>();
  const note = (storyId: number, who: string) => {
    if (who[0] === "a") return;
    storyIds.add(storyId);
    if (who.startsWith(`s${SEP}`)) tokens.add(who.split(SEP)[1]!);
  };
  for (const byStory of batch.days.values()) {
    for (const [storyId, entry] of byStory) {
      for (const who of entry.known.keys()) note(storyId, who);
      for (const readers of entry.readers.values()) for (const who of readers) note(storyId, who);
    }
  }
  if (storyIds.size === 0) return;
  const users = new Map<string, number>();
  if (tokens.size > 0) {
    const byHash = new Map([...tokens].map((token) => [sha256(token), token]));
    const rows = await db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(and(inArray(sessions.id, [...byHash.keys()]), gt(sessions.expiresAt, now)));
    for (const row of rows) users.set(byHash.get(row.id)!, row.userId);
  }
  /** The reader as the batch counts them: `u…` for a user, `a…` for a signed-out visitor. */
  const resolve = (who: string): { who: string; userId?: number } => {
    if (who.startsWith(`u${SEP}`)) return { who, userId: Number(who.slice(2)) };
    if (!who.startsWith(`s${SEP}`)) return { who };
    const [, token, ...rest] = who.split(SEP);
    const userId = users.get(token!);
    return userId === undefined ? { who: rest.join(SEP) } : { who: `u${SEP}${userId}`, userId };
  };
  const authors = new Map<number, number>();
  const rows = await db
    .select({ id: stories.id, authorId: stories.authorId })
    .from(stories)
    .where(inArray(stories.id, [...storyIds]));
  for (const row of rows) authors.set(row.id, row.authorId);
  const isAuthor = (storyId: number, userId: number | undefined) =>
    userId !== undefined && authors.get(storyId) === userId;
  for (const byStory of batch.days.values()) {
    for (const [storyId, entry] of byStory) {
      for (const [who, n] of entry.known) if (!isAuthor(storyId, resolve(who).userId)) entry.reads += n;
      entry.known.clear();
      for (const [chapter, readers] of entry.readers) {
        const kept = new Set<string>();
        for (const who of readers) {
          if (who[0] === "a") {
            kept.add(who);
            continue;
          }
          const reader = resolve(who);
          if (!isAuthor(storyId, reader.userId)) kept.add(reader.who);
        }
        entry.readers.set(chapter, kept);
      }
    }
  }
}
