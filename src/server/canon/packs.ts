// A writer's own canon packs: list (with entry counts and the stories each applies to), create, publish, delete.
// Someone else's pack is only ever seen through visibility.ts; here every lookup is by owner.
import { and, asc, count, desc, eq, getTableColumns, gt, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { CANON_LIMITS, CANON_MESSAGES, type CanonPack, type CanonPackList } from "../../shared/schemas/canon";
import { normalizeStoryFields } from "../../shared/story-fields";
import type { Db } from "../db/client";
import { canonPacks, loreEntries, stories, users } from "../db/schema";
import { AppError, conflict, notFound } from "../errors";
import { type OwnPackRow, presentPack } from "./present";

type PackRow = typeof canonPacks.$inferSelect;

/** Route ids: anything but a small whole number is no pack (404, as for a pack one may not see). */
export function parsePackId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(CANON_MESSAGES.packNotFound);
  return Number(raw);
}

export const entryCountOf = (packId: AnyPgColumn) =>
  sql<number>`(select count(*)::int from lore_entries le where le.canon_pack_id = ${packId})`;

export async function getOwnPackOrThrow(db: Db, packId: number, ownerId: number): Promise<PackRow> {
  const [pack] = await db
    .select()
    .from(canonPacks)
    .where(and(eq(canonPacks.id, packId), eq(canonPacks.ownerId, ownerId)))
    .limit(1);
  if (!pack) throw notFound(CANON_MESSAGES.packNotFound);
  return pack;
}

const source = alias(canonPacks, "source");
const sourceOwner = alias(users, "source_owner");

async function ownPackRows(db: Db, ownerId: number, packId?: number): Promise<OwnPackRow[]> {
  return db
    .select({
      ...getTableColumns(canonPacks),
      entryCount: entryCountOf(canonPacks.id),
      sourceFandom: source.fandom,
      sourceOwner: sourceOwner.username,
    })
    .from(canonPacks)
    .leftJoin(source, eq(source.id, canonPacks.copiedFromId))
    .leftJoin(sourceOwner, eq(sourceOwner.id, source.ownerId))
    .where(and(eq(canonPacks.ownerId, ownerId), packId === undefined ? undefined : eq(canonPacks.id, packId)))
    .orderBy(asc(sql`lower(${canonPacks.fandom})`));
}

/** The writer's stories with their fandoms as lists (older rows hold text: normalizeStoryFields reads both). */
async function storiesWithFandoms(db: Db, ownerId: number) {
  const rows = await db
    .select({ id: stories.id, title: stories.title, fandoms: stories.fandoms })
    .from(stories)
    .where(eq(stories.authorId, ownerId))
    .orderBy(desc(stories.updatedAt), desc(stories.id));
  return rows.map((row) => ({ id: row.id, title: row.title, fandoms: normalizeStoryFields(row).fandoms }));
}

type StoryFandoms = Awaited<ReturnType<typeof storiesWithFandoms>>;

const storiesIn = (fandom: string, list: StoryFandoms) =>
  list
    .filter((story) => story.fandoms.some((f) => f.toLowerCase() === fandom.toLowerCase()))
    .map(({ id, title }) => ({ id, title }));

export async function listOwnPacks(db: Db, ownerId: number): Promise<CanonPackList> {
  const [rows, storyList] = await Promise.all([ownPackRows(db, ownerId), storiesWithFandoms(db, ownerId)]);
  const packed = new Set(rows.map((row) => row.fandom.toLowerCase()));
  const suggested = new Map<string, string>();
  for (const story of storyList) {
    for (const fandom of story.fandoms) {
      const folded = fandom.toLowerCase();
      if (!packed.has(folded) && !suggested.has(folded)) suggested.set(folded, fandom);
    }
  }
  return {
    packs: rows.map((row) => presentPack(row, storiesIn(row.fandom, storyList))),
    suggestedFandoms: [...suggested.values()],
  };
}

export async function getOwnPackView(db: Db, ownerId: number, packId: number): Promise<CanonPack> {
  const [[row], storyList] = await Promise.all([ownPackRows(db, ownerId, packId), storiesWithFandoms(db, ownerId)]);
  if (!row) throw notFound(CANON_MESSAGES.packNotFound);
  return presentPack(row, storiesIn(row.fandom, storyList));
}

export async function assertRoomForPackOrThrow(db: Db, ownerId: number): Promise<void> {
  const [row] = await db.select({ n: count() }).from(canonPacks).where(eq(canonPacks.ownerId, ownerId));
  if (Number(row?.n ?? 0) >= CANON_LIMITS.packsPerWriter) throw conflict(CANON_MESSAGES.tooManyPacks);
}

/** One pack per writer and fandom (the unique index on owner and lower(fandom)): a second one is a 409. */
export async function createPack(db: Db, ownerId: number, fandom: string, now: Date): Promise<CanonPack> {
  await assertRoomForPackOrThrow(db, ownerId);
  const [created] = await db
    .insert(canonPacks)
    .values({ ownerId, fandom, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: canonPacks.id });
  if (!created) throw conflict(CANON_MESSAGES.packExists);
  return getOwnPackView(db, ownerId, created.id);
}

/** Publishing an empty pack would offer nothing to copy: refused. Publishing again keeps the first date. */
export async function publishPack(db: Db, ownerId: number, packId: number, now: Date): Promise<CanonPack> {
  const pack = await getOwnPackOrThrow(db, packId, ownerId);
  const [entry] = await db
    .select({ id: loreEntries.id })
    .from(loreEntries)
    .where(eq(loreEntries.canonPackId, pack.id))
    .limit(1);
  if (!entry) throw new AppError(400, "VALIDATION", CANON_MESSAGES.publishEmpty);
  if (!pack.publishedAt) {
    await db.update(canonPacks).set({ publishedAt: now, updatedAt: now }).where(eq(canonPacks.id, pack.id));
  }
  return getOwnPackView(db, ownerId, pack.id);
}

/** Copies already made stay their owners' (a copy, never a live link). */
export async function unpublishPack(db: Db, ownerId: number, packId: number, now: Date): Promise<CanonPack> {
  const pack = await getOwnPackOrThrow(db, packId, ownerId);
  await db.update(canonPacks).set({ publishedAt: null, updatedAt: now }).where(eq(canonPacks.id, pack.id));
  return getOwnPackView(db, ownerId, pack.id);
}

/** Its entries go with it (ON DELETE CASCADE); copies others made keep their entries and lose only the credit. */
export async function deletePack(db: Db, ownerId: number, packId: number): Promise<void> {
  const deleted = await db
    .delete(canonPacks)
    .where(and(eq(canonPacks.id, packId), eq(canonPacks.ownerId, ownerId)))
    .returning({ id: canonPacks.id });
  if (deleted.length === 0) throw notFound(CANON_MESSAGES.packNotFound);
}

/**
 * The data export's canon-packs.json: the writer's packs (fandom, publication, the pack first copied from while it
 * exists, entry count); their entries are in lorebook.json with the pack's id.
 */
export async function canonPackExportPage(db: Db, ownerId: number, afterId: number, limit: number) {
  const rows = await db
    .select({
      id: canonPacks.id,
      fandom: canonPacks.fandom,
      publishedAt: canonPacks.publishedAt,
      copiedFromId: canonPacks.copiedFromId,
      sourceFandom: source.fandom,
      sourceOwner: sourceOwner.username,
      entryCount: entryCountOf(canonPacks.id),
      createdAt: canonPacks.createdAt,
      updatedAt: canonPacks.updatedAt,
    })
    .from(canonPacks)
    .leftJoin(source, eq(source.id, canonPacks.copiedFromId))
    .leftJoin(sourceOwner, eq(sourceOwner.id, source.ownerId))
    .where(and(eq(canonPacks.ownerId, ownerId), gt(canonPacks.id, afterId)))
    .orderBy(asc(canonPacks.id))
    .limit(limit);
  return rows.map(({ copiedFromId, sourceFandom, sourceOwner, ...row }) => ({
    ...row,
    copiedFrom: copiedFromId !== null ? { id: copiedFromId, fandom: sourceFandom, ownerUsername: sourceOwner } : null,
  }));
}
