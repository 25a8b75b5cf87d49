// POST /api/stories/{id}/versions/{v}/restore: the story's text becomes the version's. Nothing is destroyed: the
// text it replaces is kept first (unless already a version), and the restored text is a new version of its own.
// A published story's restore is public at once, so it needs the writer's word that they know (RestoreBody).
import { RESTORE_IS_PUBLIC, RESTORE_IS_PUBLIC_MESSAGE } from "../../shared/schemas/versions";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { RecordedEvent } from "../events/outbox";
import type { StoryWithTags } from "../stories/present";
import { SANITIZER_VERSION, sanitizeContent } from "../content/sanitize-content";
import { getOwnStoryOrThrow } from "../stories/story-queries";
import { countStoryWords } from "../content/story-text";
import { staleVersion, writeIfUnchanged } from "../stories/update-story";
import type { UserRow } from "../types";
import { fingerprintLegacyText, measuredColumns } from "../provenance/provenance";
import { chaptersLost } from "./chapters-lost";
import { getVersionOrThrow } from "./version-queries";
import { readVersionText } from "./version-store";

// As a save without a version: it only loses when other writes keep racing it.
const ATTEMPTS = 3;

export async function restoreVersion(
  db: Db,
  user: UserRow,
  storyId: number,
  versionId: number,
  now: Date,
  /** The writer was told that readers see the restored text at once (required for a published story). */
  readersSeeIt: boolean,
  /** Told, after the commit, of chapters this made public for the first time (a published story), as a save is. */
  onNewChapters?: (ns: number[], fanOut: RecordedEvent | null) => void,
): Promise<StoryWithTags> {
  let current = await getOwnStoryOrThrow(db, storyId, user.id);
  const version = await getVersionOrThrow(db, storyId, versionId);
  const { text } = await readVersionText(db, storyId, versionId);
  // NOTE: readers see a published story's text as soon as it is written; a writer who was not told is asked first.
  if (current.published && !readersSeeIt) {
    throw new AppError(409, RESTORE_IS_PUBLIC, RESTORE_IS_PUBLIC_MESSAGE, {
      chaptersLost: chaptersLost(current, { text, sanitizedWith: version.sanitizedWith }),
    });
  }
  // NOTE: a version kept under an older allowlist (or an old row's uncleaned text) is cleaned and counted again;
  // one kept under today's comes back as it is, with the word count it was kept with. Marin's words are measured
  // again either way: the version's own count may predate fingerprints.
  const fresh = version.sanitizedWith >= SANITIZER_VERSION;
  const content = fresh ? text : sanitizeContent(text);
  const wordCount = fresh ? version.wordCount : countStoryWords(content).wordCount;
  await fingerprintLegacyText(db, current);
  const changes = {
    content,
    sanitizedWith: SANITIZER_VERSION,
    wordCount,
    savedBy: user.id,
    ...(await measuredColumns(db, user.id, content, wordCount)),
  };
  const event = { origin: "restore" as const, restoredFrom: versionId };
  for (let attempt = 1; ; attempt++) {
    const written = await writeIfUnchanged(db, current, changes, undefined, now, undefined, event);
    if (written) {
      if (written.newChapters.length > 0) onNewChapters?.(written.newChapters, written.fanOut);
      return getOwnStoryOrThrow(db, storyId, user.id);
    }
    // Another save landed between the read and the write, or the story was deleted (404 here).
    current = await getOwnStoryOrThrow(db, storyId, user.id);
    if (attempt >= ATTEMPTS) throw staleVersion(current);
  }
}
