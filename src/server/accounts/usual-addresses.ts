// The addresses an account signed in from lately. Attempts from one of them count in a bucket of their own, so
// failures from elsewhere cannot lock the owner out at home even in a browser without a device cookie.
import { and, eq, gt, like, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { throttles } from "../db/schema";

/** An address stays usual this long after the account's last successful sign-in from it. */
export const USUAL_ADDRESS_TTL_MS = 30 * 24 * 60 * 60 * 1000;

// NOTE: kept in the throttles table as a key with an expiry (count = sign-ins from there), so the throttles'
// pruning removes them; no table of its own is needed.
const rowKey = (userId: number, address: string) => `login-usual:${userId}:${address}`;

export async function isUsualAddress(db: Db, userId: number, address: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ count: throttles.count })
    .from(throttles)
    .where(and(eq(throttles.key, rowKey(userId, address)), gt(throttles.windowEndsAt, now)))
    .limit(1);
  return row !== undefined;
}

export async function rememberUsualAddress(db: Db, userId: number, address: string, now: Date): Promise<void> {
  await db
    .insert(throttles)
    .values({ key: rowKey(userId, address), count: 1, windowEndsAt: new Date(now.getTime() + USUAL_ADDRESS_TTL_MS) })
    .onConflictDoUpdate({
      target: throttles.key,
      set: { count: sql`${throttles.count} + 1`, windowEndsAt: sql`excluded.window_ends_at` },
    });
}

export async function forgetUsualAddresses(db: Db, userId: number): Promise<void> {
  await db.delete(throttles).where(like(throttles.key, rowKey(userId, "%")));
}
