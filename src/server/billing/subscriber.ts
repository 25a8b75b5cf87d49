// The one place billing reads and writes a user's subscription: the user an event is about, locked for the event's
// transaction, and the state written back with isPremium derived from it.
import { eq, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { premiumFor, type SubscriptionState } from "./subscription-state";

export interface SubscriberKey {
  /** The Stripe customer the event names. */
  customerId: string | null;
  /** Our user id the event carries (a checkout's client_reference_id, metadata.userId), for a customer not yet linked. */
  userId: number | null;
}

export interface Subscriber extends SubscriptionState {
  id: number;
  stripeCustomerId: string | null;
}

async function lockUser(db: Db, where: SQL): Promise<Subscriber | null> {
  const [row] = await db
    .select({
      id: users.id,
      stripeCustomerId: users.stripeCustomerId,
      subscriptionId: users.subscriptionId,
      status: users.subscriptionStatus,
      expiresAt: users.subscriptionExpiresAt,
      cancelAtPeriodEnd: users.subscriptionCancelAtPeriodEnd,
      stateAt: users.subscriptionStateAt,
    })
    .from(users)
    .where(where)
    .limit(1)
    .for("update");
  return row ?? null;
}

/**
 * The user with the event's customer, else the user the event names by id, who is then linked to the customer.
 * Locked until the transaction ends, so two events about one user apply one after the other.
 */
export async function findSubscriber(db: Db, key: SubscriberKey): Promise<Subscriber | null> {
  const byCustomer = key.customerId ? await lockUser(db, eq(users.stripeCustomerId, key.customerId)) : null;
  if (byCustomer) return byCustomer;
  const byId = key.userId ? await lockUser(db, eq(users.id, key.userId)) : null;
  if (byId && key.customerId && byId.stripeCustomerId !== key.customerId) {
    // NOTE: no user holds this customer (looked up first), so the link cannot collide; a user who had another one
    // moves to this one, which holds the subscription just paid for and is the one the portal must open.
    await db.update(users).set({ stripeCustomerId: key.customerId }).where(eq(users.id, byId.id));
    return { ...byId, stripeCustomerId: key.customerId };
  }
  return byId;
}

/** Writes the state; isPremium follows it (premiumFor), and lastStripeSync is our clock's time of the write. */
export async function writeSubscriptionState(db: Db, userId: number, state: SubscriptionState, now: Date) {
  await db
    .update(users)
    .set({
      subscriptionId: state.subscriptionId,
      subscriptionStatus: state.status,
      subscriptionExpiresAt: state.expiresAt,
      subscriptionCancelAtPeriodEnd: state.cancelAtPeriodEnd,
      subscriptionStateAt: state.stateAt,
      isPremium: premiumFor(state.status, state.expiresAt, now, state.cancelAtPeriodEnd),
      lastStripeSync: now,
    })
    .where(eq(users.id, userId));
}
