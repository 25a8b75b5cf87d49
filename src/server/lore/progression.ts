// Issue 32 progression: an entry's 'Changes from chapter N'. A change may start at chapter 1 up to the chapter after
// the story's last (the one being written next); a series' entry is bounded by its longest work the same way; a canon
// pack's entries have no chapters to follow (a pack spans stories), so they take no changes.
import { eq } from "drizzle-orm";
import { LORE_MESSAGES, type LoreChange } from "../../shared/schemas/lore";
import type { Db } from "../db/client";
import { seriesWorks, stories } from "../db/schema";
import { AppError } from "../errors";
import { splitChapters } from "../chapters/split-chapters";
import type { LoreOwner } from "./entries";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const invalid = (message: string) => new AppError(400, "VALIDATION", message, { fields: { changes: message } });

/** How many chapters the saved text has (an empty story has its first one). */
export const chapterCount = (content: string) => splitChapters(content).length;

/** The highest chapter a change of this owner's entries may start at. */
async function lastChapterOf(tx: Tx, owner: LoreOwner): Promise<number> {
  if ("canonPackId" in owner) return 0;
  const rows =
    "storyId" in owner
      ? await tx.select({ content: stories.content }).from(stories).where(eq(stories.id, owner.storyId))
      : await tx
          .select({ content: stories.content })
          .from(seriesWorks)
          .innerJoin(stories, eq(stories.id, seriesWorks.storyId))
          .where(eq(seriesWorks.seriesId, owner.seriesId));
  return Math.max(1, ...rows.map((row) => chapterCount(row.content)));
}

/** Refuses changes the owner's chapters cannot hold (call with the owner locked; the schema has checked the rest). */
export async function assertChangesFitOrThrow(tx: Tx, owner: LoreOwner, changes: readonly LoreChange[]) {
  if (changes.length === 0) return;
  if ("canonPackId" in owner) throw invalid(LORE_MESSAGES.changeInPack);
  const last = await lastChapterOf(tx, owner);
  const highest = Math.max(...changes.map((change) => change.fromChapter));
  if (highest > last + 1) throw invalid(LORE_MESSAGES.changeAfterLast(last));
}
