// Style samples: stored as plain text with their profile, one per story and one for all of a writer's stories; a
// story's own sample wins. Only the story's author keeps one for it.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { type StyleProfile, type StyleSampleView, VOICE_LIMITS, VOICE_MESSAGES } from "../../shared/schemas/voice";
import { countWordsInText } from "../../shared/word-count";
import { isBlankText } from "../../shared/blank-text";
import { storyHtmlToText } from "../content/plain-text";
import type { Db } from "../db/client";
import { stories, styleSamples } from "../db/schema";
import { AppError, notFound } from "../errors";
import { STORY_NOT_FOUND } from "../stories/story-queries";
import { describeProfile, profileOf } from "./profile";

type SampleRow = typeof styleSamples.$inferSelect;

/** What Marin's prompt needs: the sample, its profile, and whose it is. */
export interface WriterVoice {
  scope: "story" | "all";
  text: string;
  profile: StyleProfile;
}

const badRequest = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(400, "VALIDATION", message, { fields: { text: message }, ...extra });

/** Pasted HTML (a copy from a web page or the editor) becomes paragraphs of text; no markup is ever stored. */
export function sampleText(input: string): string {
  const text = storyHtmlToText(input);
  // NOTE: decoded entities may spell a tag ('&lt;b&gt;'); a sample is prose, so none survives.
  return text
    .replace(/<\/?[a-z!][^>]*>/gi, "")
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The text to store, or a 400 saying what is wrong (blank, or how many words over the limit). */
export function checkedSample(input: string): { text: string; words: number } {
  const text = sampleText(input);
  if (isBlankText(text)) throw badRequest(VOICE_MESSAGES.blank);
  const words = countWordsInText(text);
  if (words > VOICE_LIMITS.sampleWords) throw badRequest(VOICE_MESSAGES.tooLong(words), { words });
  return { text, words };
}

export function presentSample(row: SampleRow): StyleSampleView {
  const profile = row.profile as StyleProfile;
  return {
    scope: row.storyId === null ? "all" : "story",
    storyId: row.storyId,
    text: row.text,
    words: profile.words,
    profile,
    description: describeProfile(profile),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The story's id when the user is its author; 404 otherwise (a co-writer or a stranger alike). */
export async function getAuthoredStoryIdOrThrow(db: Db, storyId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.authorId, userId)));
  if (!row) throw notFound(STORY_NOT_FOUND);
  return row.id;
}

const scopeOf = (userId: number, storyId: number | null) =>
  storyId === null
    ? and(eq(styleSamples.userId, userId), isNull(styleSamples.storyId))
    : eq(styleSamples.storyId, storyId);

export async function findSample(db: Db, userId: number, storyId: number | null): Promise<StyleSampleView | null> {
  const [row] = await db.select().from(styleSamples).where(scopeOf(userId, storyId));
  return row ? presentSample(row) : null;
}

export async function saveSample(
  db: Db,
  userId: number,
  storyId: number | null,
  input: string,
): Promise<StyleSampleView> {
  const { text } = checkedSample(input);
  const profile = profileOf(text);
  const set = { userId, text, profile, updatedAt: new Date() };
  // NOTE: each scope has its own partial unique index; the upsert names it, so two concurrent saves keep one row.
  const [row] = await db
    .insert(styleSamples)
    .values({ ...set, storyId })
    .onConflictDoUpdate(
      storyId === null
        ? { target: styleSamples.userId, targetWhere: sql`${styleSamples.storyId} is null`, set }
        : { target: styleSamples.storyId, targetWhere: sql`${styleSamples.storyId} is not null`, set },
    )
    .returning();
  return presentSample(row!);
}

/** Removes the scope's sample; false when there was none. */
export async function removeSample(db: Db, userId: number, storyId: number | null): Promise<boolean> {
  const gone = await db.delete(styleSamples).where(scopeOf(userId, storyId)).returning({ id: styleSamples.id });
  return gone.length > 0;
}

/**
 * The voice Marin writes in for a request: the story's own sample, else the writer's all-stories one; null without
 * either. One indexed read (both partial unique indexes), so it adds little to the time to first token.
 */
export async function voiceFor(db: Db, userId: number, storyId: number | null): Promise<WriterVoice | null> {
  const mine = and(eq(styleSamples.userId, userId), isNull(styleSamples.storyId));
  const rows = await db
    .select({ storyId: styleSamples.storyId, text: styleSamples.text, profile: styleSamples.profile })
    .from(styleSamples)
    .where(storyId === null ? mine : or(eq(styleSamples.storyId, storyId), mine))
    .orderBy(sql`${styleSamples.storyId} is null`)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return { scope: row.storyId === null ? "all" : "story", text: row.text, profile: row.profile as StyleProfile };
}
