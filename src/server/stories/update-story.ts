// PATCH /api/stories/{id}: optimistic concurrency, so a stale save gets 409 and never overwrites silently.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { RequiredStoryDescription, type StoryUpdate } from "../../shared/schemas/story";
import type { Db } from "../db/client";
import { stories } from "../db/schema";
import { recordNewChapters, syncStoryChapters } from "../chapters/sync-chapters";
import type { RecordedEvent } from "../events/outbox";
import { AppError } from "../errors";
import { countSavedWords } from "../habits/count-saved-words";
import { resolveCoverInput } from "../images/cover-input";
import type { ImageStorage } from "../images/storage/driver";
import type { UserRow } from "../types";
import { presentOwnStory, type StoryWithTags } from "./present";
import { cleanAgainst } from "./incremental-clean";
import { assertContentSize, SANITIZER_VERSION, stripControlChars } from "../content/sanitize-content";
import { getOwnStoryOrThrow, getWrittenStoryOrThrow } from "./story-queries";
import { derivedStoryColumns } from "./story-rating";
import { assertBackgroundAllowed, assertThemesAllowed } from "./story-rules";
import { replaceStoryTags } from "./story-tags";
import { recordSaveVersions, type SaveVersionEvent } from "./record-version";
import type { StoryLabels } from "../../shared/tagging";
import { labelNames, mergeLabels, replaceStoryLabels, sentLabels, taggingColumns, toLabels } from "./story-labels";
import { fingerprintLegacyText, measuredColumns } from "../provenance/provenance";
import { declarationColumns } from "./ai-declaration";

const PublishedDescription = z.object({ description: RequiredStoryDescription });

export const STALE_VERSION_MESSAGE = "This story was changed somewhere else. Reload it or overwrite with your version.";
// Without a version the client asks to overwrite; it only loses when writes keep racing it.
const OVERWRITE_ATTEMPTS = 3;

type StoryChanges = Partial<typeof stories.$inferInsert>;

/** The 409 body is SPEC's StaleVersionError: the current version and story, so the client can merge or reload. */
export function staleVersion(current: StoryWithTags): AppError {
  return new AppError(409, "STALE_VERSION", STALE_VERSION_MESSAGE, {
    currentVersion: current.version,
    story: presentOwnStory(current),
  });
}

interface ResolvedImages {
  coverImageId: string | null | undefined;
  readerBackgroundImageId: string | null | undefined;
}

function changesFrom(patch: StoryUpdate, resolved: ResolvedImages, current: StoryWithTags): StoryChanges {
  const changes: StoryChanges = {};
  if (patch.title !== undefined) changes.title = patch.title;
  if (patch.description !== undefined) changes.description = stripControlChars(patch.description);
  if (patch.content !== undefined) {
    // Only what changed since the stored (clean, counted) text is cleaned and counted again (incremental-clean.ts);
    // Marin's words are measured from the whole text afterwards (measuredColumns), as fingerprints may be new.
    const counted =
      current.sanitizedWith === SANITIZER_VERSION && current.wordCount !== null && current.aiWordCount !== null;
    const stored = counted
      ? { content: current.content, counts: { wordCount: current.wordCount!, aiWordCount: current.aiWordCount! } }
      : undefined;
    Object.assign(changes, cleanAgainst(patch.content, stored));
    changes.sanitizedWith = SANITIZER_VERSION;
  }
  if (patch.characters !== undefined) changes.characters = patch.characters;
  if (patch.setting !== undefined) changes.setting = patch.setting;
  if (patch.plotIdeas !== undefined) changes.plotIdeas = patch.plotIdeas;
  if (patch.moods !== undefined) changes.moods = patch.moods;
  if (patch.themes !== undefined) changes.themes = patch.themes;
  if (patch.fandoms !== undefined) changes.fandoms = patch.fandoms;
  if (patch.markedMature !== undefined) changes.markedMature = patch.markedMature;
  if (patch.paragraphComments !== undefined) changes.paragraphComments = patch.paragraphComments;
  Object.assign(changes, taggingColumns(patch));
  if (resolved.coverImageId !== undefined) changes.coverImageId = resolved.coverImageId;
  if (resolved.readerBackgroundImageId !== undefined)
    changes.readerBackgroundImageId = resolved.readerBackgroundImageId;
  return changes;
}

/**
 * One atomic check-and-write: the row changes only if it still has the version `current` was read at. Answers false
 * when it did not, else the chapter numbers this write published for the first time (issue 17; often none) and
 * their subscribers' fan-out, recorded with the write.
 */
export async function writeIfUnchanged(
  db: Db,
  current: StoryWithTags,
  changes: StoryChanges,
  tags: readonly string[] | undefined,
  now: Date,
  labels?: Partial<StoryLabels>,
  /** What made new text: typing (undefined), Marin or a restore; decides the versions kept (decision 0041). */
  versionEvent?: SaveVersionEvent,
  /** Issue 30: the gifts and related works this save stores, in its transaction (gifts/story-fields.ts). */
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<{ newChapters: number[]; fanOut: RecordedEvent | null } | false> {
  // NOTE: `current` was read at the version the write is conditional on, so its tags are the row's tags.
  const nextLabels = labels && mergeLabels(toLabels(current.labels), labels);
  const derived = derivedStoryColumns({ ...current, ...changes }, [
    ...(tags ?? current.tags),
    ...labelNames(nextLabels ?? toLabels(current.labels)),
  ]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(stories)
      .set({ ...changes, ...derived, version: sql`${stories.version} + 1`, updatedAt: now })
      .where(
        and(eq(stories.id, current.id), eq(stories.authorId, current.authorId), eq(stories.version, current.version)),
      )
      .returning({ id: stories.id });
    if (!row) return false;
    if (changes.content !== undefined) {
      const after = {
        content: changes.content,
        wordCount: changes.wordCount ?? 0,
        aiWordCount: changes.aiWordCount ?? 0,
        sanitizedWith: changes.sanitizedWith ?? 0,
        savedBy: changes.savedBy,
      };
      await recordSaveVersions(tx, current, after, now, versionEvent);
    }
    if (tags) await replaceStoryTags(tx, current.id, tags);
    if (nextLabels) await replaceStoryLabels(tx, current.id, nextLabels);
    await alsoInTransaction?.(tx);
    const newChapters =
      current.published && changes.content !== undefined ? await syncStoryChapters(tx, current.id, now) : [];
    return { newChapters, fanOut: await recordNewChapters(tx, current.id, newChapters, now) };
  });
}

export async function updateStory(
  db: Db,
  storage: ImageStorage,
  user: UserRow,
  id: number,
  patch: StoryUpdate,
  now: Date,
  /** Told, after the commit, of the chapters this save published for the first time, and their fan-out. */
  onNewChapters?: (ns: number[], fanOut: RecordedEvent | null) => void,
  /** Issue 30: more writes for the save's transaction (the gifts and related works). */
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<StoryWithTags> {
  assertContentSize(patch.content);
  let current = await getOwnStoryOrThrow(db, id, user.id);
  if (patch.version !== undefined && patch.version !== current.version) throw staleVersion(current);
  assertThemesAllowed(user, patch.themes, current.themes);
  // A published story's description is on its public page and every card: it can change, not go.
  if (current.published && patch.description !== undefined) PublishedDescription.parse(patch);
  assertBackgroundAllowed(user, patch.readerBackground, current.readerBackgroundImageId);
  const changes = changesFrom(
    patch,
    {
      coverImageId: await resolveCoverInput(db, storage, patch.coverImage, user.id, now),
      readerBackgroundImageId: await resolveCoverInput(
        db,
        storage,
        patch.readerBackground,
        user.id,
        now,
        "Background image",
      ),
    },
    current,
  );
  if (changes.content !== undefined) {
    // Issue 30: the versions of a co-written work name who saved each text.
    changes.savedBy = user.id;
    await fingerprintLegacyText(db, current);
    Object.assign(changes, await measuredColumns(db, user.id, changes.content, changes.wordCount ?? 0));
  }
  // Checked against the counts this save stores: the request's own content when it carries one.
  Object.assign(
    changes,
    declarationColumns(patch.aiDeclaration, {
      wordCount: changes.wordCount ?? current.wordCount ?? 0,
      aiWordCount: changes.aiWordCount ?? current.aiWordCount ?? 0,
    }),
  );
  // Who may read it (members-only works are shown to signed-in readers only); the saved events drop its cached pages.
  if (patch.audience !== undefined) changes.audience = patch.audience;
  if (patch.language !== undefined) changes.language = patch.language;
  for (let attempt = 1; ; attempt++) {
    const written = await writeIfUnchanged(
      db,
      current,
      changes,
      patch.tags,
      now,
      sentLabels(patch),
      patch.versionOrigin,
      alsoInTransaction,
    );
    if (written) {
      if (changes.content !== undefined) await countSavedWords(db, user.id, current, changes, now);
      if (written.newChapters.length > 0) onNewChapters?.(written.newChapters, written.fanOut);
      // The content is what this write stored, unless another write landed since: the version tells.
      // NOTE: read back by id: this request was just allowed to write it (a co-creator's save probes once).
      const after = await getWrittenStoryOrThrow(db, id, changes.content ?? current.content);
      return after.version === current.version + 1 ? after : getOwnStoryOrThrow(db, id, user.id);
    }
    // Another save landed between our read and our write (or the story was deleted: 404 here).
    current = await getOwnStoryOrThrow(db, id, user.id);
    if (patch.version !== undefined || attempt >= OVERWRITE_ATTEMPTS) throw staleVersion(current);
  }
}
