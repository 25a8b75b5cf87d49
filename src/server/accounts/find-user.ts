// User lookups. Usernames and emails are unique case-insensitively (unique indexes on lower()).
import { ANONYMOUS_CREATOR } from "../../shared/anonymous";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { usernameHolds, users } from "../db/schema";
import { usernameHash } from "./username-holds";
import type { UserRow } from "../types";

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/** Held by an account, or by a deleted account for its first 30 days (username-holds.ts). */
export async function isUsernameTaken(db: Db, username: string, exceptUserId?: number): Promise<boolean> {
  // Issue 33: 'Anonymous' is what an anonymous work shows for its creator; nobody may hold it.
  if (username.toLowerCase() === ANONYMOUS_CREATOR.toLowerCase()) return true;
  const sameName = eq(sql`lower(${users.username})`, username.toLowerCase());
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? sameName : and(sameName, ne(users.id, exceptUserId)))
    .limit(1);
  if (row) return true;
  // NOTE: the database's clock, as for every hold: the hold's end was written from it too (deleteAccount).
  const [held] = await db
    .select({ until: usernameHolds.heldUntil })
    .from(usernameHolds)
    .where(and(eq(usernameHolds.nameHash, usernameHash(username)), sql`${usernameHolds.heldUntil} > now()`))
    .limit(1);
  return held !== undefined;
}

/** The unique constraint a failed insert or update broke, whichever driver (pg, PGlite) and wrapper (drizzle). */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === "23505") return e.constraint ?? "unknown";
  }
  return undefined;
}
