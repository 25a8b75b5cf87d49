// Readers see an author's Plus perks (the reader background) only while the author is premium, and the read cache
// keeps built views: after a subscription change has committed, that author's cached views go.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { EventBus } from "../events/bus";
import { idOf } from "./stripe-fields";

/** After an applied event: the customer's user's plan changed (every allow-listed object names its customer). */
export async function announcePlanChange(events: EventBus, db: Db, event: Stripe.Event): Promise<void> {
  const customer = idOf((event.data.object as { customer?: string | { id: string } | null }).customer);
  if (!customer) return;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customer));
  if (user) await events.emit("user.plan_changed", { userIds: [user.id] });
}
