// Lorebook entries as commands: add one to a story or a canon pack (capped per owner), change or delete one its
// writer owns. A story entry belongs to the story's author, a pack entry to the pack's owner; anybody else's entry
// answers exactly like a missing one (404).
import { and, count, eq, or, sql } from "drizzle-orm";
import {
  LORE_LIMITS,
  LORE_MESSAGES,
  type LoreEntryChange,
  type LoreEntryInput,
  type LoreEntryView,
} from "../../shared/schemas/lore";
import type { Db } from "../db/client";
import { canonPacks, loreEntries, loreProposalAnswers, stories } from "../db/schema";
import { AppError, notFound } from "../errors";
import { presentLoreEntry } from "./load";

export type LoreOwner = { storyId: number } | { canonPackId: number };

/** Route ids are numbers; anything else is an entry nobody has. */
export function parseEntryId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(LORE_MESSAGES.notFound);
  return Number(raw);
}

/**
 * Adds an entry. The owner's row is locked while entries are counted, so two adds at once cannot pass the cap
 * together. Accepting a proposal records the answer in the same transaction.
 */
export async function createLoreEntry(db: Db, owner: LoreOwner, input: LoreEntryInput): Promise<LoreEntryView> {
  return db.transaction(async (tx) => {
    const where =
      "storyId" in owner ? eq(loreEntries.storyId, owner.storyId) : eq(loreEntries.canonPackId, owner.canonPackId);
    if ("storyId" in owner)
      await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, owner.storyId)).for("update");
    else
      await tx.select({ id: canonPacks.id }).from(canonPacks).where(eq(canonPacks.id, owner.canonPackId)).for("update");
    const [held] = await tx.select({ n: count() }).from(loreEntries).where(where);
    if ((held?.n ?? 0) >= LORE_LIMITS.entriesPerOwner)
      throw new AppError(409, "LORE_FULL", LORE_MESSAGES.tooManyEntries);
    const [row] = await tx
      .insert(loreEntries)
      .values({ ...owner, kind: input.kind, name: input.name, keys: input.keys, description: input.description })
      .returning();
    if (input.proposal && "storyId" in owner) {
      await tx
        .insert(loreProposalAnswers)
        .values({ storyId: owner.storyId, name: input.proposal.trim().toLowerCase(), answer: "accepted" })
        .onConflictDoNothing();
    }
    return presentLoreEntry(row!);
  });
}

/** The entry, if the user may change it: the author of its story or the owner of its pack. */
export async function getOwnLoreEntryOrThrow(db: Db, entryId: number, userId: number) {
  const [row] = await db
    .select({ entry: loreEntries })
    .from(loreEntries)
    .leftJoin(stories, eq(stories.id, loreEntries.storyId))
    .leftJoin(canonPacks, eq(canonPacks.id, loreEntries.canonPackId))
    .where(and(eq(loreEntries.id, entryId), or(eq(stories.authorId, userId), eq(canonPacks.ownerId, userId))))
    .limit(1);
  if (!row) throw notFound(LORE_MESSAGES.notFound);
  return row.entry;
}

export async function updateLoreEntry(db: Db, entryId: number, change: LoreEntryChange): Promise<LoreEntryView> {
  const [row] = await db
    .update(loreEntries)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(loreEntries.id, entryId))
    .returning();
  if (!row) throw notFound(LORE_MESSAGES.notFound);
  return presentLoreEntry(row);
}

export async function deleteLoreEntry(db: Db, entryId: number): Promise<void> {
  await db.delete(loreEntries).where(eq(loreEntries.id, entryId));
}
