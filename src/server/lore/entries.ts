// Lorebook entries as commands, the one write path for a story's entries and a canon pack's (decisions 0042, 0043):
// add one (capped per owner), change or delete one the writer owns. A story entry belongs to the story's author, a
// pack entry to the pack's owner; anybody else's entry answers exactly like a missing one (404). Every write locks the
// owner's row (the story or the pack) first, so writes to one lorebook take turns and its rules hold under
// concurrency: at most entriesPerOwner entries, and names unique within the lorebook (any case).
import { and, asc, count, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { CANON_MESSAGES } from "../../shared/schemas/canon";
import {
  LORE_LIMITS,
  LORE_MESSAGES,
  type LoreEntryChange,
  type LoreEntryInput,
  type LoreEntryView,
} from "../../shared/schemas/lore";
import type { Db } from "../db/client";
import { canonPacks, loreEntries, loreProposalAnswers, series, stories } from "../db/schema";
import { AppError, conflict, notFound } from "../errors";
import { editableBy } from "../policies/story";
import { stripControlChars } from "../content/sanitize-content";
import { presentLoreEntry } from "./load";
import { assertChangesFitOrThrow } from "./progression";

export type LoreOwner = { storyId: number } | { canonPackId: number } | { seriesId: number };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type EntryRow = typeof loreEntries.$inferSelect;

/** Route ids are numbers; anything else is an entry nobody has. */
export function parseEntryId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(LORE_MESSAGES.notFound);
  return Number(raw);
}

const ownerOf = (entry: EntryRow): LoreOwner =>
  entry.canonPackId !== null
    ? { canonPackId: entry.canonPackId }
    : entry.seriesId !== null
      ? { seriesId: entry.seriesId }
      : { storyId: entry.storyId! };

const ownedBy = (owner: LoreOwner): SQL =>
  "storyId" in owner
    ? eq(loreEntries.storyId, owner.storyId)
    : "seriesId" in owner
      ? eq(loreEntries.seriesId, owner.seriesId)
      : eq(loreEntries.canonPackId, owner.canonPackId);

/** Locks the story's or pack's row until the transaction ends: the lorebook's writes take turns. */
export async function lockLoreOwner(tx: Tx, owner: LoreOwner): Promise<void> {
  if ("storyId" in owner)
    await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, owner.storyId)).for("update");
  else if ("seriesId" in owner)
    await tx.select({ id: series.id }).from(series).where(eq(series.id, owner.seriesId)).for("update");
  else
    await tx.select({ id: canonPacks.id }).from(canonPacks).where(eq(canonPacks.id, owner.canonPackId)).for("update");
}

/** The cap on entries, for a story and a pack alike (call with the owner locked). */
async function assertRoomOrThrow(tx: Tx, owner: LoreOwner): Promise<void> {
  const [held] = await tx.select({ n: count() }).from(loreEntries).where(ownedBy(owner));
  if (Number(held?.n ?? 0) >= LORE_LIMITS.entriesPerOwner)
    throw new AppError(409, "LORE_FULL", LORE_MESSAGES.tooManyEntries);
}

/** Names are unique within a lorebook, ignoring case (call with the owner locked). */
async function assertNameFreeOrThrow(tx: Tx, owner: LoreOwner, name: string, exceptId?: number): Promise<void> {
  const [clash] = await tx
    .select({ id: loreEntries.id })
    .from(loreEntries)
    .where(
      and(
        ownedBy(owner),
        eq(sql`lower(${loreEntries.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(loreEntries.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw conflict("canonPackId" in owner ? CANON_MESSAGES.nameTaken : LORE_MESSAGES.nameTaken);
}

/** A change to a pack's entries is a change to the pack. */
async function touchOwner(tx: Tx, owner: LoreOwner): Promise<void> {
  if ("canonPackId" in owner)
    await tx.update(canonPacks).set({ updatedAt: sql`now()` }).where(eq(canonPacks.id, owner.canonPackId));
}

/** Plain text, stored as given (React escapes it) minus control characters; the schema has trimmed it. */
function clean<T extends LoreEntryChange>(fields: T): T {
  return {
    ...fields,
    ...(fields.name === undefined ? {} : { name: stripControlChars(fields.name) }),
    ...(fields.description === undefined ? {} : { description: stripControlChars(fields.description) }),
    ...(fields.keys === undefined ? {} : { keys: fields.keys.map(stripControlChars) }),
    ...(fields.changes === undefined
      ? {}
      : { changes: fields.changes.map((c) => ({ ...c, description: stripControlChars(c.description) })) }),
  };
}

/** Adds an entry to a story or a pack. Accepting a proposal records the answer in the same transaction. */
export async function createLoreEntry(db: Db, owner: LoreOwner, input: LoreEntryInput): Promise<LoreEntryView> {
  const { kind, name, keys, description, changes, enabled } = clean(input);
  return db.transaction(async (tx) => {
    await lockLoreOwner(tx, owner);
    await assertChangesFitOrThrow(tx, owner, changes);
    await assertRoomOrThrow(tx, owner);
    await assertNameFreeOrThrow(tx, owner, name);
    const [row] = await tx
      .insert(loreEntries)
      .values({ ...owner, kind, name, keys, description, changes, enabled })
      .returning();
    if (input.proposal && "storyId" in owner) {
      await tx
        .insert(loreProposalAnswers)
        .values({ storyId: owner.storyId, name: input.proposal.trim().toLowerCase(), answer: "accepted" })
        .onConflictDoNothing();
    }
    await touchOwner(tx, owner);
    return presentLoreEntry(row!);
  });
}

/** The entry, if the user may change it: the author of its story, the owner of its pack or of its series. */
export async function getOwnLoreEntryOrThrow(db: Db, entryId: number, userId: number): Promise<EntryRow> {
  const [row] = await db
    .select({ entry: loreEntries })
    .from(loreEntries)
    .leftJoin(stories, eq(stories.id, loreEntries.storyId))
    .leftJoin(canonPacks, eq(canonPacks.id, loreEntries.canonPackId))
    .leftJoin(series, eq(series.id, loreEntries.seriesId))
    .where(
      and(
        eq(loreEntries.id, entryId),
        or(editableBy(userId), eq(canonPacks.ownerId, userId), eq(series.ownerId, userId)),
      ),
    )
    .limit(1);
  if (!row) throw notFound(LORE_MESSAGES.notFound);
  return row.entry;
}

export async function updateLoreEntry(db: Db, entry: EntryRow, change: LoreEntryChange): Promise<LoreEntryView> {
  const owner = ownerOf(entry);
  const fields = clean(change);
  return db.transaction(async (tx) => {
    await lockLoreOwner(tx, owner);
    if (fields.changes !== undefined) await assertChangesFitOrThrow(tx, owner, fields.changes);
    if (fields.name !== undefined) await assertNameFreeOrThrow(tx, owner, fields.name, entry.id);
    const [row] = await tx
      .update(loreEntries)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(loreEntries.id, entry.id), ownedBy(owner)))
      .returning();
    if (!row) throw notFound(LORE_MESSAGES.notFound);
    await touchOwner(tx, owner);
    return presentLoreEntry(row);
  });
}

export async function deleteLoreEntry(db: Db, entry: EntryRow): Promise<void> {
  const owner = ownerOf(entry);
  await db.transaction(async (tx) => {
    await tx.delete(loreEntries).where(eq(loreEntries.id, entry.id));
    await touchOwner(tx, owner);
  });
}

/** A pack's entries, by name (any case). */
export async function listPackEntries(db: Db, packId: number): Promise<LoreEntryView[]> {
  const rows = await db
    .select()
    .from(loreEntries)
    .where(eq(loreEntries.canonPackId, packId))
    .orderBy(asc(sql`lower(${loreEntries.name})`), asc(loreEntries.id));
  return rows.map(presentLoreEntry);
}
