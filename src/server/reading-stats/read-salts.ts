// The day's salt for reader hashes: one random value per UTC day, made by whichever instance asks first (an insert
// that loses the race keeps the winner's), and deleted once its day is over, so a hash cannot be redone later.
import { randomBytes } from "node:crypto";
import { inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { readMarks, readSalts } from "../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `at` as YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The salts of today and tomorrow (made ahead, so the counter has the next one at midnight), by day. */
export async function loadSalts(db: Db, now: Date): Promise<Map<string, string>> {
  const days = [utcDay(now), utcDay(new Date(now.getTime() + DAY_MS))];
  await db
    .insert(readSalts)
    .values(days.map((day) => ({ day, salt: randomBytes(32).toString("base64url") })))
    .onConflictDoNothing();
  const rows = await db.select().from(readSalts).where(inArray(readSalts.day, days));
  return new Map(rows.map((row) => [row.day, row.salt]));
}

/**
 * Deletes the salts of days that are over and the marks of days before yesterday (yesterday's stay a little, so a
 * flush that arrives just after midnight still finds the readers it already counted). Answers rows deleted.
 */
export async function pruneReadSalts(db: Db, now: Date): Promise<number> {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
  const salts = await db.delete(readSalts).where(lt(readSalts.day, today)).returning({ day: readSalts.day });
  const marks = await db.delete(readMarks).where(lt(readMarks.day, yesterday)).returning({ day: readMarks.day });
  return salts.length + marks.length;
}
