// A deleted account's username is held from everyone for 30 days (against impersonation of a person who just left),
// kept only as a hash of the lower-cased name so nothing left names them.
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { usernameHolds } from "../db/schema";
import { sha256 } from "./tokens";

export const usernameHash = (name: string) => sha256(`username:${name.trim().toLowerCase()}`);

/** Held for 30 days from the database's clock (isUsernameTaken compares with it). */
export async function holdUsername(db: Db, name: string): Promise<void> {
  const heldUntil = sql`now() + interval '30 days'`;
  await db.delete(usernameHolds).where(sql`${usernameHolds.heldUntil} < now()`);
  await db
    .insert(usernameHolds)
    .values({ nameHash: usernameHash(name), heldUntil })
    .onConflictDoUpdate({ target: usernameHolds.nameHash, set: { heldUntil } });
}

/** The daily sweep: holds that ended go (a name is free once its hold ends, swept or not). */
export async function pruneUsernameHolds(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(usernameHolds)
    .where(lt(usernameHolds.heldUntil, now))
    .returning({ hash: usernameHolds.nameHash });
  return removed.length;
}
