// Taking versions (decision 0041). Every caller runs inside the transaction that writes the story's text, after
// the row was updated, so the row lock orders the versions of one story: two saves at once never both see "no
// version for 10 minutes" and never both take one.
import { eq } from "drizzle-orm";
import type { VersionOrigin, VersionOriginHint } from "../../shared/schemas/versions";
import type { Db } from "../db/client";
import { stories, storyVersions } from "../db/schema";
import { countStoryWords } from "../content/story-text";
import { chainLengthNow, contentHash, encodeVersion, newestVersion, readVersionText } from "../versions/version-store";

/** While the writer types, at most one version per this long. */
export const TYPING_VERSION_EVERY_MS = 10 * 60 * 1000;

export interface VersionSnapshot {
  storyId: number;
  text: string;
  wordCount: number;
  aiWordCount: number;
  /** The sanitizer allowlist the text was cleaned with (stories.sanitized_with). */
  sanitizedWith: number;
  /** When the text was written. */
  savedAt: Date;
  origin: VersionOrigin;
  model?: string | null;
  published?: boolean;
  restoredFrom?: number | null;
  /** Issue 30: who saved the text (null: not known, e.g. text saved before it was kept). */
  savedBy?: number | null;
}

export interface Recorded {
  /** The new version, or null when none was taken. */
  id: number | null;
  /** Whether the story's newest version now holds the snapshot's text (taken now, or already). */
  newestHolds: boolean;
}

/**
 * Keeps `snapshot` as the story's newest version. Unless `always`, a text identical to the newest version's, or an
 * empty one, is not kept again. `newestText`: the newest version's text when the caller knows it (else it is read).
 */
export async function recordVersion(
  db: Db,
  snapshot: VersionSnapshot,
  now: Date,
  { always = false, newestText }: { always?: boolean; newestText?: string } = {},
): Promise<Recorded> {
  const hash = contentHash(snapshot.text);
  const newest = await newestVersion(db, snapshot.storyId);
  if (!always && newest?.contentHash === hash) return { id: null, newestHolds: true };
  if (!always && snapshot.text.trim() === "") return { id: null, newestHolds: false };
  const previous = !newest
    ? null
    : newestText === undefined
      ? await readVersionText(db, snapshot.storyId, newest.id)
      : { text: newestText, chainLength: await chainLengthNow(db, snapshot.storyId) };
  const encoded = encodeVersion(snapshot.text, previous);
  const [row] = await db
    .insert(storyVersions)
    .values({
      storyId: snapshot.storyId,
      createdAt: now,
      savedAt: snapshot.savedAt,
      origin: snapshot.origin,
      model: snapshot.model || null,
      published: snapshot.published ?? false,
      restoredFrom: snapshot.restoredFrom ?? null,
      savedBy: snapshot.savedBy ?? null,
      wordCount: snapshot.wordCount,
      aiWordCount: snapshot.aiWordCount,
      sanitizedWith: snapshot.sanitizedWith,
      wordChange: snapshot.wordCount - (newest?.wordCount ?? 0),
      contentHash: hash,
      ...encoded,
    })
    .returning({ id: storyVersions.id });
  return { id: row!.id, newestHolds: true };
}

/** What made a save: typing (undefined), Marin's insertion (the client's hint), or a restore. */
export type SaveVersionEvent = VersionOriginHint | { origin: "restore"; restoredFrom: number } | undefined;

interface StoredText {
  id: number;
  content: string;
  wordCount: number | null;
  aiWordCount: number | null;
  sanitizedWith: number;
  updatedAt: Date;
  savedBy: number | null;
}

/** What a version records of a story's stored text (old rows may not have their words counted yet). */
function counted(row: { content: string; wordCount: number | null; aiWordCount: number | null }) {
  return row.wordCount === null || row.aiWordCount === null
    ? countStoryWords(row.content)
    : { wordCount: row.wordCount, aiWordCount: row.aiWordCount };
}

/**
 * The versions a save of new text takes. Typing: the text as it stood before, when no version was taken for
 * TYPING_VERSION_EVERY_MS (so each stretch of typing ends in a version, and the last one before a pause is kept
 * when the writer comes back). Marin or a restore: the text before (unless already kept), then the new text.
 */
export async function recordSaveVersions(
  db: Db,
  before: StoredText,
  after: { content: string; wordCount: number; aiWordCount: number; sanitizedWith: number; savedBy?: number | null },
  now: Date,
  event: SaveVersionEvent,
): Promise<void> {
  if (!event) {
    const newest = await newestVersion(db, before.id);
    if (newest && now.getTime() - newest.createdAt.getTime() < TYPING_VERSION_EVERY_MS) return;
  }
  const kept = await recordVersion(
    db,
    {
      storyId: before.id,
      text: before.content,
      ...counted(before),
      sanitizedWith: before.sanitizedWith,
      savedAt: before.updatedAt,
      origin: "writer",
      savedBy: before.savedBy,
    },
    now,
  );
  if (!event) return;
  await recordVersion(
    db,
    {
      storyId: before.id,
      text: after.content,
      wordCount: after.wordCount,
      aiWordCount: after.aiWordCount,
      sanitizedWith: after.sanitizedWith,
      savedAt: now,
      origin: event.origin,
      model: event.origin === "marin" ? event.model : null,
      restoredFrom: event.origin === "restore" ? event.restoredFrom : null,
      savedBy: after.savedBy ?? null,
    },
    now,
    // NOTE: the text just kept (or already the newest) is the base of the delta: no need to read it back.
    { always: true, newestText: kept.newestHolds ? before.content : undefined },
  );
}

/** Publishing keeps the text readers get (after the publish's own re-sanitizing), read inside its transaction. */
export async function recordPublishVersion(db: Db, storyId: number, now: Date): Promise<void> {
  const [row] = await db
    .select({
      content: stories.content,
      wordCount: stories.wordCount,
      aiWordCount: stories.aiWordCount,
      sanitizedWith: stories.sanitizedWith,
      savedBy: stories.savedBy,
    })
    .from(stories)
    .where(eq(stories.id, storyId));
  if (!row) return;
  const snapshot = {
    storyId,
    text: row.content,
    ...counted(row),
    sanitizedWith: row.sanitizedWith,
    savedBy: row.savedBy,
  };
  await recordVersion(db, { ...snapshot, savedAt: now, origin: "writer", published: true }, now, { always: true });
}

/** An imported draft starts its history with the imported text. */
export async function recordImportVersion(
  db: Db,
  story: { id: number; content: string; wordCount: number | null; aiWordCount: number | null; sanitizedWith: number },
  now: Date,
): Promise<void> {
  const snapshot = { storyId: story.id, text: story.content, ...counted(story), sanitizedWith: story.sanitizedWith };
  await recordVersion(db, { ...snapshot, savedAt: now, origin: "import" }, now, { always: true });
}
