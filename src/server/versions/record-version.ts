// Taking versions (decision 0041). Every caller runs inside the transaction that writes the story's text, after
// the row was updated, so the row lock orders the versions of one story: two saves at once never both see "no
// version for 10 minutes" and never both take one.
import { eq } from "drizzle-orm";
import type { VersionOrigin, VersionOriginHint } from "../../shared/schemas/versions";
import type { Db } from "../db/client";
import { stories, storyVersions } from "../db/schema";
import { countStoryWords } from "../stories/story-text";
import { contentHash, encodeVersion, newestVersion, readVersionText } from "./version-store";

/** While the writer types, at most one version per this long. */
export const TYPING_VERSION_EVERY_MS = 10 * 60 * 1000;

export interface VersionSnapshot {
  storyId: number;
  text: string;
  wordCount: number;
  /** When the text was written. */
  savedAt: Date;
  origin: VersionOrigin;
  model?: string | null;
  published?: boolean;
  restoredFrom?: number | null;
}

/**
 * Keeps `snapshot` as the story's newest version. Unless `always`, a text identical to the newest version's, or an
 * empty one, is not kept again. Answers the new version's id, or null.
 */
export async function recordVersion(
  db: Db,
  snapshot: VersionSnapshot,
  now: Date,
  { always = false }: { always?: boolean } = {},
): Promise<number | null> {
  const hash = contentHash(snapshot.text);
  const newest = await newestVersion(db, snapshot.storyId);
  if (!always && (newest?.contentHash === hash || snapshot.text.trim() === "")) return null;
  const previous = newest ? await readVersionText(db, snapshot.storyId, newest.id) : null;
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
      wordCount: snapshot.wordCount,
      wordChange: snapshot.wordCount - (newest?.wordCount ?? 0),
      contentHash: hash,
      ...encoded,
    })
    .returning({ id: storyVersions.id });
  return row!.id;
}

/** What made a save: typing (undefined), Marin's insertion (the client's hint), or a restore. */
export type SaveVersionEvent = VersionOriginHint | { origin: "restore"; restoredFrom: number } | undefined;

interface StoredText {
  id: number;
  content: string;
  wordCount: number | null;
  updatedAt: Date;
}

/**
 * The versions a save of new text takes. Typing: the text as it stood before, when no version was taken for
 * TYPING_VERSION_EVERY_MS (so each stretch of typing ends in a version, and the last one before a pause is kept
 * when the writer comes back). Marin or a restore: the text before (unless already kept), then the new text.
 */
export async function recordSaveVersions(
  db: Db,
  before: StoredText,
  after: { content: string; wordCount: number },
  now: Date,
  event: SaveVersionEvent,
): Promise<void> {
  if (!event) {
    const newest = await newestVersion(db, before.id);
    if (newest && now.getTime() - newest.createdAt.getTime() < TYPING_VERSION_EVERY_MS) return;
  }
  await recordVersion(
    db,
    {
      storyId: before.id,
      text: before.content,
      wordCount: before.wordCount ?? countStoryWords(before.content).wordCount,
      savedAt: before.updatedAt,
      origin: "writer",
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
      savedAt: now,
      origin: event.origin,
      model: event.origin === "marin" ? event.model : null,
      restoredFrom: event.origin === "restore" ? event.restoredFrom : null,
    },
    now,
    { always: true },
  );
}

/** Publishing keeps the text readers get (after the publish's own re-sanitizing), read inside its transaction. */
export async function recordPublishVersion(db: Db, storyId: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ content: stories.content, wordCount: stories.wordCount })
    .from(stories)
    .where(eq(stories.id, storyId));
  if (!row) return;
  const wordCount = row.wordCount ?? countStoryWords(row.content).wordCount;
  await recordVersion(
    db,
    { storyId, text: row.content, wordCount, savedAt: now, origin: "writer", published: true },
    now,
    { always: true },
  );
}

/** An imported draft starts its history with the imported text. */
export async function recordImportVersion(
  db: Db,
  story: { id: number; content: string; wordCount: number | null },
  now: Date,
): Promise<void> {
  const wordCount = story.wordCount ?? countStoryWords(story.content).wordCount;
  await recordVersion(db, { storyId: story.id, text: story.content, wordCount, savedAt: now, origin: "import" }, now, {
    always: true,
  });
}
