// A fixed-window counter keyed by IP or email, kept in the database so every app instance shares it
// and a restart does not forget it. One atomic upsert per hit: safe under concurrent requests.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { throttles } from "../db/schema";

export interface Throttle {
  /** True when the key has used up its allowance in the current window. */
  isBlocked(key: string): Promise<boolean>;
  /** Counts one more attempt and answers the window's count including it. */
  hit(key: string): Promise<number>;
  /** Counts one more attempt unless the allowance is used up; answers whether it was allowed. */
  take(key: string): Promise<boolean>;
  /** Gives back one counted attempt (one that turned out not to count, such as a right password). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Milliseconds until the key's window ends (0 when it is not counted). */
  retryAfterMs(key: string): Promise<number>;
}

// Expired rows are deleted now and then, not on every hit.
const PRUNE_EVERY_HITS = 200;

export function createThrottle(db: Db, name: string, limit: number, windowMs: number, now: () => Date): Throttle {
  const rowKey = (key: string) => `${name}:${key}`;
  let hits = 0;

  const current = async (key: string) => {
    const [row] = await db
      .select({ count: throttles.count, windowEndsAt: throttles.windowEndsAt })
      .from(throttles)
      .where(and(eq(throttles.key, rowKey(key)), gt(throttles.windowEndsAt, now())))
      .limit(1);
    return row;
  };

  const hit = async (key: string): Promise<number> => {
    const at = now();
    if (++hits % PRUNE_EVERY_HITS === 0) await db.delete(throttles).where(lt(throttles.windowEndsAt, at));
    const expired = sql`${throttles.windowEndsAt} <= ${at.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(throttles)
      .values({ key: rowKey(key), count: 1, windowEndsAt: new Date(at.getTime() + windowMs) })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          count: sql`case when ${expired} then 1 else ${throttles.count} + 1 end`,
          windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${throttles.windowEndsAt} end`,
        },
      })
      .returning({ count: throttles.count });
    return row!.count;
  };

  return {
    isBlocked: async (key) => ((await current(key))?.count ?? 0) >= limit,
    hit,
    take: async (key) => (await hit(key)) <= limit,
    refund: async (key) => {
      await db
        .update(throttles)
        .set({ count: sql`greatest(${throttles.count} - 1, 0)` })
        .where(and(eq(throttles.key, rowKey(key)), gt(throttles.windowEndsAt, now())));
    },
    reset: async (key) => {
      await db.delete(throttles).where(eq(throttles.key, rowKey(key)));
    },
    retryAfterMs: async (key) => Math.max(0, ((await current(key))?.windowEndsAt.getTime() ?? 0) - now().getTime()),
  };
}
