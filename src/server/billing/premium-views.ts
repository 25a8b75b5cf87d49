// Readers see an author's Plus perks (the reader background) only while the author is premium, and the read cache
// keeps built views: after a subscription change has committed, that author's cached views go.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { invalidateAuthorPremiumViews } from "../reading/author-premium";
import type { ReadCache } from "../read-cache/read-cache";
import { idOf } from "./stripe-fields";

/** After an applied event: the views of the customer's user (every allow-listed object names its customer). */
export async function invalidateSubscriberViews(
  readCache: Pick<ReadCache, "invalidateStory">,
  db: Db,
  event: Stripe.Event,
): Promise<void> {
  const customer = idOf((event.data.object as { customer?: string | { id: string } | null }).customer);
  if (!customer) return;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customer));
  if (user) await invalidateAuthorPremiumViews(readCache, db, user.id);
}
