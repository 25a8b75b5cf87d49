// A user's payment-provider customer: created once and stored (users.stripe_customer_id), even when two checkouts
// start at once.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { UserRow } from "../types";

/**
 * The user's stored customer id, or a new one from `create` stored by a conditional write. A checkout that loses the
 * race to store its customer uses the winner's (the Stripe driver's idempotency key makes both the same customer).
 */
export async function ensureCustomerId(
  db: Db,
  user: Pick<UserRow, "id" | "stripeCustomerId">,
  create: () => Promise<string>,
): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const stored = await storedCustomerId(db, user.id);
  if (stored) return stored;
  const created = await create();
  const [won] = await db
    .update(users)
    .set({ stripeCustomerId: created })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)))
    .returning({ id: users.stripeCustomerId });
  if (won?.id) return won.id;
  const winner = await storedCustomerId(db, user.id);
  if (!winner) throw new Error(`user ${user.id} has no customer after storing one`);
  return winner;
}

export async function storedCustomerId(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.id ?? null;
}
