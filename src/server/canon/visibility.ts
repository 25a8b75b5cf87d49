// Which packs a writer may see: their own, and others' published packs unless either side has hidden the other or the
// owner is suspended. Everything else is a 404, the same answer as a pack that does not exist.
import { and, desc, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import { CANON_LIMITS, CANON_MESSAGES, type PublishedCanonPackList } from "../../shared/schemas/canon";
import type { Db } from "../db/client";
import { canonPacks, users } from "../db/schema";
import { notFound } from "../errors";
import { inGoodStanding } from "../visibility/standing";
import { notHiddenFrom } from "../safety/blocks";
import { entryCountOf } from "./packs";
import { presentPublished } from "./present";

type PackRow = typeof canonPacks.$inferSelect;

/**
 * Another writer's pack the viewer may see: published, its owner in good standing, not blocked or muted by the
 * viewer, and not blocking the viewer (their mute of the viewer hides nothing from the viewer).
 */
export function publishedFor(viewerId: number): SQL {
  return and(
    isNotNull(canonPacks.publishedAt),
    inGoodStanding(canonPacks.ownerId),
    notHiddenFrom(viewerId, canonPacks.ownerId),
    sql`not exists (select 1 from user_blocks bb where bb.user_id = ${canonPacks.ownerId} and bb.other_id = ${viewerId} and bb.kind = 'block')`,
  )!;
}

/** The viewer's own pack, or another's they may see (to read its entries or copy it). */
export async function getVisiblePackOrThrow(db: Db, packId: number, viewerId: number): Promise<PackRow> {
  const [pack] = await db
    .select()
    .from(canonPacks)
    .where(and(eq(canonPacks.id, packId), sql`(${canonPacks.ownerId} = ${viewerId} or ${publishedFor(viewerId)})`))
    .limit(1);
  if (!pack) throw notFound(CANON_MESSAGES.packNotFound);
  return pack;
}

/** Others' published packs with entries, of one fandom (any case) or all, newest first, at most browseMax. */
export async function browsePublishedPacks(
  db: Db,
  viewerId: number,
  fandom: string | undefined,
): Promise<PublishedCanonPackList> {
  const rows = await db
    .select({
      id: canonPacks.id,
      fandom: canonPacks.fandom,
      publishedAt: canonPacks.publishedAt,
      ownerUsername: users.username,
      entryCount: entryCountOf(canonPacks.id),
    })
    .from(canonPacks)
    .innerJoin(users, eq(users.id, canonPacks.ownerId))
    .where(
      and(
        ne(canonPacks.ownerId, viewerId),
        publishedFor(viewerId),
        fandom ? eq(sql`lower(${canonPacks.fandom})`, fandom.toLowerCase()) : undefined,
        sql`exists (select 1 from lore_entries le where le.canon_pack_id = ${canonPacks.id})`,
      ),
    )
    .orderBy(desc(canonPacks.publishedAt), desc(canonPacks.id))
    .limit(CANON_LIMITS.browseMax);
  return { packs: rows.map(presentPublished) };
}
