// A pack's entries: list, add, edit, delete. Writes lock the pack's row, so two writes to one pack take turns and
// the pack's rules hold under concurrency: names are unique in a pack (any case) and it holds at most entriesPerPack.
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { CANON_LIMITS, CANON_MESSAGES, type CanonEntry, type CanonEntryBody } from "../../shared/schemas/canon";
import type { Db } from "../db/client";
import { canonPacks, loreEntries } from "../db/schema";
import { conflict, notFound } from "../errors";
import { stripControlChars } from "../stories/sanitize-content";
import { presentEntry } from "./present";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type EntryInput = { kind: CanonEntryBody["kind"]; name: string; keys: string[]; description: string };
type EntryPatch = Partial<EntryInput>;

/** Plain text, stored as given (React escapes it) minus control characters; the schema has trimmed it. */
function clean<T extends Partial<EntryInput>>(fields: T): T {
  return {
    ...fields,
    ...(fields.name === undefined ? {} : { name: stripControlChars(fields.name) }),
    ...(fields.description === undefined ? {} : { description: stripControlChars(fields.description) }),
    ...(fields.keys === undefined ? {} : { keys: fields.keys.map(stripControlChars) }),
  };
}

/** Route ids: anything but a small whole number is no entry. */
export function parseEntryId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(CANON_MESSAGES.entryNotFound);
  return Number(raw);
}

export async function listPackEntries(db: Db, packId: number): Promise<CanonEntry[]> {
  const rows = await db
    .select()
    .from(loreEntries)
    .where(eq(loreEntries.canonPackId, packId))
    .orderBy(asc(sql`lower(${loreEntries.name})`), asc(loreEntries.id));
  return rows.map(presentEntry);
}

export async function lockPack(tx: Tx, packId: number): Promise<void> {
  await tx.select({ id: canonPacks.id }).from(canonPacks).where(eq(canonPacks.id, packId)).for("update");
}

async function assertNameFreeOrThrow(tx: Tx, packId: number, name: string, exceptId?: number): Promise<void> {
  const [clash] = await tx
    .select({ id: loreEntries.id })
    .from(loreEntries)
    .where(
      and(
        eq(loreEntries.canonPackId, packId),
        eq(sql`lower(${loreEntries.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(loreEntries.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw conflict(CANON_MESSAGES.nameTaken);
}

const touchPack = (tx: Tx, packId: number, now: Date) =>
  tx.update(canonPacks).set({ updatedAt: now }).where(eq(canonPacks.id, packId));

export async function addPackEntry(db: Db, packId: number, input: EntryInput, now: Date): Promise<CanonEntry> {
  const fields = clean(input);
  return db.transaction(async (tx) => {
    await lockPack(tx, packId);
    const [held] = await tx.select({ n: count() }).from(loreEntries).where(eq(loreEntries.canonPackId, packId));
    if (Number(held?.n ?? 0) >= CANON_LIMITS.entriesPerPack) throw conflict(CANON_MESSAGES.packFull);
    await assertNameFreeOrThrow(tx, packId, fields.name);
    const [row] = await tx
      .insert(loreEntries)
      .values({ ...fields, canonPackId: packId, createdAt: now, updatedAt: now })
      .returning();
    await touchPack(tx, packId, now);
    return presentEntry(row!);
  });
}

export async function updatePackEntry(
  db: Db,
  packId: number,
  entryId: number,
  patch: EntryPatch,
  now: Date,
): Promise<CanonEntry> {
  const fields = clean(patch);
  return db.transaction(async (tx) => {
    await lockPack(tx, packId);
    if (fields.name !== undefined) await assertNameFreeOrThrow(tx, packId, fields.name, entryId);
    const [row] = await tx
      .update(loreEntries)
      .set({ ...fields, updatedAt: now })
      .where(and(eq(loreEntries.id, entryId), eq(loreEntries.canonPackId, packId)))
      .returning();
    if (!row) throw notFound(CANON_MESSAGES.entryNotFound);
    await touchPack(tx, packId, now);
    return presentEntry(row);
  });
}

export async function deletePackEntry(db: Db, packId: number, entryId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(loreEntries)
      .where(and(eq(loreEntries.id, entryId), eq(loreEntries.canonPackId, packId)))
      .returning({ id: loreEntries.id });
    if (deleted.length === 0) throw notFound(CANON_MESSAGES.entryNotFound);
    await touchPack(tx, packId, now);
  });
}
