// The scheduled check: premium ends for users whose paid period ended and no renewal arrived (premiumFor's rule).
import { and, inArray, isNull, lte, not, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { LIVE_STATUSES, RENEWAL_GRACE_MS } from "./subscription-state";
import { sessionsChanged } from "../accounts/session-cache";

/**
 * One UPDATE on the partial index users_premium_expiry_idx; answers how many users it turned free. `onEnded` gets
 * their ids after the update (the read cache drops their perks from readers' views).
 */
export async function expireSubscriptions(
  db: Db,
  now: Date,
  onEnded?: (userIds: number[]) => Promise<unknown>,
): Promise<number> {
  const graceEnded = new Date(now.getTime() - RENEWAL_GRACE_MS);
  const live = inArray(users.subscriptionStatus, [...LIVE_STATUSES]);
  const ended = await db
    .update(users)
    .set({ isPremium: false })
    .where(
      and(
        // NOTE: the index's own predicate, written as it is, so the planner matches it.
        sql`${users.isPremium}`,
        lte(users.subscriptionExpiresAt, now),
        // Renewing (active, trialing, past_due, not set to cancel): the renewal may be a day late. Else: at the end.
        or(
          isNull(users.subscriptionStatus),
          not(live),
          users.subscriptionCancelAtPeriodEnd,
          lte(users.subscriptionExpiresAt, graceEnded),
        ),
      ),
    )
    .returning({ id: users.id });
  // Issue 19: their plan is part of their cached sessions, on every instance.
  for (const user of ended) await sessionsChanged(db, { userId: user.id });
  if (ended.length > 0) await onEnded?.(ended.map((user) => user.id));
  return ended.length;
}
