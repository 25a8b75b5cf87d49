// A signing key named `name`: derived from APP_SECRET when configured; otherwise a random key made once and kept in
// app_secrets, so every instance and every restart signs and checks with the same key.
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { appSecrets } from "./schema";

export async function loadNamedKey(db: Db, appSecret: string | undefined, name: string): Promise<Buffer> {
  if (appSecret) return createHmac("sha256", appSecret).update(name).digest();
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return Buffer.from(row!.value, "base64url");
}
