// Copying someone's published pack: its entries become rows of the copier's own pack for that fandom (created if
// missing), so later edits by either side never reach the other. Names the copier's pack already has are skipped
// and reported, as is anything past the pack's limit.
import { and, asc, eq, sql } from "drizzle-orm";
import { CANON_LIMITS, CANON_MESSAGES, type CanonCopyResult } from "../../shared/schemas/canon";
import type { Db } from "../db/client";
import { canonPacks, loreEntries } from "../db/schema";
import { AppError } from "../errors";
import { lockLoreOwner } from "../lore/entries";
import { assertRoomForPackOrThrow, getOwnPackView } from "./packs";
import { getVisiblePackOrThrow } from "./visibility";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function findOwnPackFor(tx: Db | Tx, ownerId: number, fandom: string) {
  const [pack] = await tx
    .select({ id: canonPacks.id, copiedFromId: canonPacks.copiedFromId })
    .from(canonPacks)
    .where(and(eq(canonPacks.ownerId, ownerId), eq(sql`lower(${canonPacks.fandom})`, fandom.toLowerCase())))
    .limit(1);
  return pack;
}

export async function copyPack(db: Db, viewerId: number, sourceId: number, now: Date): Promise<CanonCopyResult> {
  const source = await getVisiblePackOrThrow(db, sourceId, viewerId);
  if (source.ownerId === viewerId) throw new AppError(400, "VALIDATION", CANON_MESSAGES.copyOwn);
  if (!(await findOwnPackFor(db, viewerId, source.fandom))) await assertRoomForPackOrThrow(db, viewerId);

  const { packId, copied, skipped } = await db.transaction(async (tx) => {
    // The writer's pack for the fandom, made now if missing (a concurrent copy may make it first: then that one).
    await tx
      .insert(canonPacks)
      .values({ ownerId: viewerId, fandom: source.fandom, copiedFromId: source.id, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    const target = (await findOwnPackFor(tx, viewerId, source.fandom))!;
    await lockLoreOwner(tx, { canonPackId: target.id });

    const names = new Set(
      (await tx.select({ name: loreEntries.name }).from(loreEntries).where(eq(loreEntries.canonPackId, target.id))).map(
        (row) => row.name.toLowerCase(),
      ),
    );
    const sourceEntries = await tx
      .select()
      .from(loreEntries)
      .where(eq(loreEntries.canonPackId, source.id))
      .orderBy(asc(loreEntries.id));
    const room = CANON_LIMITS.entriesPerPack - names.size;
    const toInsert: (typeof loreEntries.$inferInsert)[] = [];
    const skipped: CanonCopyResult["skipped"] = [];
    for (const entry of sourceEntries) {
      const folded = entry.name.toLowerCase();
      if (names.has(folded)) skipped.push({ name: entry.name, reason: "exists" });
      else if (toInsert.length >= room) skipped.push({ name: entry.name, reason: "full" });
      else {
        names.add(folded);
        const { kind, name, keys, description } = entry;
        toInsert.push({ canonPackId: target.id, kind, name, keys, description, createdAt: now, updatedAt: now });
      }
    }
    if (toInsert.length > 0) await tx.insert(loreEntries).values(toInsert);
    // The credit names the first pack copied from; a later copy into the same pack keeps it.
    await tx
      .update(canonPacks)
      .set({ updatedAt: now, copiedFromId: target.copiedFromId ?? source.id })
      .where(eq(canonPacks.id, target.id));
    return { packId: target.id, copied: toInsert.length, skipped };
  });
  return { pack: await getOwnPackView(db, viewerId, packId), copied, skipped };
}
