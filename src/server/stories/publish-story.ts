// Publishing and unpublishing (private <-> published; publishing needs title and description).
import { and, eq, sql } from "drizzle-orm";
import type { PublishBody } from "../../shared/schemas/story";
import { recordNewChapters, syncStoryChapters } from "../chapters/sync-chapters";
import { type RecordedEvent, recordEvent } from "../events/outbox";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { notFound } from "../errors";
import { resolveCoverInput } from "../images/cover-input";
import type { ImageStorage } from "../images/storage/driver";
import type { UserRow } from "../types";
import type { StoryWithTags } from "./present";
import { resanitizeStory } from "./resanitize-stories";
import { stripControlChars } from "../content/sanitize-content";
import { editableBy } from "../policies/story";
import { getOwnStoryOrThrow, STORY_NOT_FOUND } from "./story-queries";
import { derivedStoryColumns } from "./story-rating";
import { replaceStoryTags } from "./story-tags";
import { recordPublishVersion } from "./record-version";
import { labelNames, mergeLabels, replaceStoryLabels, taggingColumns, toLabels } from "./story-labels";
import { fingerprintLegacyText, measuredColumns } from "../provenance/provenance";
import { declarationColumns } from "./ai-declaration";
import { type FillDone, fillPromptInTransaction } from "../collections/prompt-fills";

/**
 * What the committed publish recorded in the outbox, for the caller to emit: the followers' new story, and the
 * subscribers' new chapters when this publish made chapters public for the first time.
 */
export interface PublishCommitted {
  newStory: RecordedEvent;
  newChapters: number[];
  chaptersFanOut: RecordedEvent | null;
  /** Issue 33: the prompt fill this publish made (`fills`), for the caller's after-commit step. */
  fill: FillDone | null;
}

export async function publishStory(
  db: Db,
  storage: ImageStorage,
  user: UserRow,
  id: number,
  body: PublishBody,
  now: Date,
  /** Issue 30: the gifts and related works this publish stores, in its transaction (gifts/story-fields.ts). */
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<PublishCommitted & { story: StoryWithTags }> {
  const current = await getOwnStoryOrThrow(db, id, user.id);
  const coverImageId = await resolveCoverInput(db, storage, body.coverImage, user.id, now);
  const title = body.title;
  const description = stripControlChars(body.description);
  const markedMature = body.markedMature ?? current.markedMature;
  // NOTE: `characters` is issue 17's name for the character tags on publish; `characterTags` wins when both come.
  const labels = mergeLabels(toLabels(current.labels), {
    relationships: body.relationships,
    characterTags: body.characterTags ?? body.characters,
    freeformTags: body.freeformTags,
  });
  const tagging = taggingColumns(body);
  await fingerprintLegacyText(db, current);
  const committed = await db.transaction(async (tx): Promise<PublishCommitted> => {
    // A story going public leaves with content cleaned by the current allowlist, stored, not cleaned per read.
    await resanitizeStory(tx, current);
    // Its share of Marin's words is measured again from its text and every fingerprint its writer has now.
    const measured = await measuredAgain(tx, id, user.id);
    // The declaration is checked against the counts this publish stores (a refusal rolls the publish back).
    const declared = declarationColumns(body.aiDeclaration, {
      wordCount: measured.wordCount,
      aiWordCount: measured.columns?.aiWordCount ?? current.aiWordCount ?? 0,
    });
    // NOTE: publishing rewrites title and description, so it is a save: version and updatedAt move,
    // and an editor still holding the old version gets a 409 instead of overwriting them.
    await tx
      .update(stories)
      .set({
        title,
        description,
        published: true,
        publishedAt: now,
        ...(coverImageId === undefined ? {} : { coverImageId }),
        markedMature,
        ...measured.columns,
        ...declared,
        ...(body.audience === undefined ? {} : { audience: body.audience }),
        ...(body.language === undefined ? {} : { language: body.language }),
        ...tagging,
        ...derivedStoryColumns({ ...current, ...tagging, title, description, markedMature }, [
          ...body.tags,
          ...labelNames(labels),
        ]),
        version: sql`${stories.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(stories.id, id), eq(stories.authorId, current.authorId)));
    await replaceStoryTags(tx, id, body.tags);
    await replaceStoryLabels(tx, id, labels);
    const newChapters = await syncStoryChapters(tx, id, now);
    await recordPublishVersion(tx, id, now);
    await alsoInTransaction?.(tx);
    // Issue 33: a refused fill (another's prompt gone, a closed collection) rolls the whole publish back.
    const fill = body.fills === undefined ? null : await fillPromptInTransaction(tx, user.id, id, body.fills, now);
    return {
      fill,
      newStory: await recordEvent(tx, { name: "story.first_published", storyId: id }, now),
      newChapters,
      chaptersFanOut: await recordNewChapters(tx, id, newChapters, now),
    };
  });
  return { ...committed, story: await getOwnStoryOrThrow(db, id, user.id) };
}

async function measuredAgain(db: Db, id: number, authorId: number) {
  const [row] = await db
    .select({ content: stories.content, wordCount: stories.wordCount })
    .from(stories)
    .where(eq(stories.id, id));
  const wordCount = row?.wordCount ?? 0;
  return { wordCount, columns: row ? await measuredColumns(db, authorId, row.content, wordCount) : undefined };
}

/** Only the flag changes; the text is untouched, so an open editor's version stays valid. */
export async function unpublishStory(db: Db, user: UserRow, id: number): Promise<StoryWithTags> {
  const [row] = await db
    .update(stories)
    .set({ published: false, publishedAt: null })
    .where(and(eq(stories.id, id), editableBy(user.id)))
    .returning({ id: stories.id });
  if (!row) throw notFound(STORY_NOT_FOUND);
  return getOwnStoryOrThrow(db, id, user.id);
}
