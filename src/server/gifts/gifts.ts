// Gifts: a work 'For username'. The list is checked before the save's transaction (unknown names, oneself, blocks)
// and written inside it; recipients hear of it once, when the work is public (notifyGifts after each publish or
// save of a published work: the dedupe key makes a second call a no-op). A refused gift keeps its row (refused_at),
// so a later save never puts the name back; it is left out silently (docs/decisions/0086-gifts-and-related-works.md).
import { and, asc, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import { GIFT_NOT_FOUND, GIFT_TO_SELF, giftUnknownUser } from "../../shared/schemas/gifts";
import { WRITE_UNAVAILABLE } from "../../shared/schemas/safety";
import type { Db } from "../db/client";
import { storyGifts, userBlocks, users } from "../db/schema";
import { AppError, notFound } from "../errors";
import { affectedRows, insertNotifications } from "../community/notification-rows";

const giftError = (message: string) => new AppError(400, "VALIDATION", message, { fields: { giftedTo: message } });

/**
 * The recipients' ids for `names` (already trimmed and without repeats), in order. Refuses an unknown name, oneself,
 * and a new recipient who blocked the giver or whom the giver blocked (the neutral answer of every blocked write).
 */
export async function resolveGiftsOrThrow(
  db: Db,
  giverId: number,
  storyId: number,
  names: readonly string[],
): Promise<number[]> {
  if (names.length === 0) return [];
  const lower = names.map((n) => n.toLowerCase());
  const found = await db
    .select({ id: users.id, lower: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, lower));
  const byName = new Map(found.map((u) => [u.lower, u.id]));
  const ids: number[] = [];
  for (const [i, name] of lower.entries()) {
    const id = byName.get(name);
    if (id === undefined) throw giftError(giftUnknownUser(names[i]!));
    if (id === giverId) throw giftError(GIFT_TO_SELF);
    ids.push(id);
  }
  const existing = await db
    .select({ userId: storyGifts.userId })
    .from(storyGifts)
    .where(and(eq(storyGifts.storyId, storyId), inArray(storyGifts.userId, ids)));
  const added = ids.filter((id) => !existing.some((row) => row.userId === id));
  if (added.length > 0) {
    const [blocked] = await db
      .select({ one: sql`1` })
      .from(userBlocks)
      .where(
        and(
          eq(userBlocks.kind, "block"),
          or(
            and(eq(userBlocks.userId, giverId), inArray(userBlocks.otherId, added)),
            and(eq(userBlocks.otherId, giverId), inArray(userBlocks.userId, added)),
          ),
        ),
      )
      .limit(1);
    if (blocked) throw new AppError(403, "UNAVAILABLE", WRITE_UNAVAILABLE, { fields: { giftedTo: WRITE_UNAVAILABLE } });
  }
  return ids;
}

/** Inside the save's transaction: the work is for exactly `userIds` now (refused gifts stay refused, not re-added). */
export async function saveGifts(tx: Db, storyId: number, userIds: readonly number[], now: Date): Promise<void> {
  const unrefused = and(eq(storyGifts.storyId, storyId), isNull(storyGifts.refusedAt));
  await tx
    .delete(storyGifts)
    .where(userIds.length > 0 ? and(unrefused, notInArray(storyGifts.userId, [...userIds])) : unrefused);
  if (userIds.length === 0) return;
  await tx
    .insert(storyGifts)
    .values(userIds.map((userId) => ({ storyId, userId, createdAt: now })))
    .onConflictDoNothing();
}

/**
 * Each recipient of a published work hears of the gift once ('gift:<storyId>'); a draft's recipients hear at its
 * publication (insertNotifications leaves out unpublished works, and works a free recipient may not read). A
 * recipient whom the author blocked is left out here; one who blocked or muted the author by the shared rule.
 */
export async function notifyGifts(db: Db, storyId: number): Promise<number> {
  return affectedRows(
    await db.execute(
      insertNotifications(
        sql`select g.user_id, 'gift', s.author_id, s.id, null::int, null::int, null::int, 'gift:' || s.id
          from story_gifts g join stories s on s.id = g.story_id
          where g.story_id = ${storyId} and g.refused_at is null
            and not exists (select 1 from user_blocks b
              where b.user_id = s.author_id and b.other_id = g.user_id and b.kind = 'block')`,
      ),
    ),
  );
}

/** DELETE /api/gifts/{storyId}: the recipient refuses; their name leaves every page. 404 when it is not theirs. */
export async function refuseGift(db: Db, userId: number, storyId: number, now: Date): Promise<void> {
  const rows = await db
    .update(storyGifts)
    .set({ refusedAt: now })
    .where(and(eq(storyGifts.storyId, storyId), eq(storyGifts.userId, userId), isNull(storyGifts.refusedAt)))
    .returning({ storyId: storyGifts.storyId });
  if (rows.length > 0) return;
  // Refusing twice is the same answer as once.
  const [refused] = await db
    .select({ one: sql`1` })
    .from(storyGifts)
    .where(and(eq(storyGifts.storyId, storyId), eq(storyGifts.userId, userId)))
    .limit(1);
  if (!refused) throw notFound(GIFT_NOT_FOUND);
}

/** The names a work is for now (not refused), in the order they were given. */
export async function recipientsOf(db: Db, storyId: number): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(storyGifts)
    .innerJoin(users, eq(users.id, storyGifts.userId))
    .where(and(eq(storyGifts.storyId, storyId), isNull(storyGifts.refusedAt)))
    .orderBy(asc(storyGifts.createdAt), asc(users.username));
  return rows.map((r) => r.username);
}
