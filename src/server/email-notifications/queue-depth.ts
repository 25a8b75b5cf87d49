// The email queue's depth for /metrics: notifications whose email is still to be sent (a partial index holds them).
import { count, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { notifications } from "../db/schema";

export async function pendingEmailCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.emailState, "pending"));
  return row?.n ?? 0;
}
