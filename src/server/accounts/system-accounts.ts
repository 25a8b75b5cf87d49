// Two reserved accounts that nobody can sign in to (no password, no Google id, an address under .invalid that no
// mail reaches, and names sign-up refuses): 'orphan_account', the author of stories whose writer deleted their
// account and chose to leave them (AO3's practice), and '[deleted user]', the author of a deleted account's
// comments, so threads stay readable. Made on first need, in the deleting transaction.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

export const ORPHAN_USERNAME = "orphan_account";
export const DELETED_USERNAME = "[deleted user]";
const SYSTEM_DOMAIN = "system.ficforge.invalid";

const SYSTEM_ACCOUNTS = [
  { username: ORPHAN_USERNAME, email: `orphan_account@${SYSTEM_DOMAIN}` },
  { username: DELETED_USERNAME, email: `deleted_user@${SYSTEM_DOMAIN}` },
];

export const isSystemEmail = (email: string) => email.toLowerCase().endsWith(`@${SYSTEM_DOMAIN}`);

/** The two accounts' ids, made when missing (two deletions at once both end with the same rows). */
export async function systemAccountIds(db: Db): Promise<{ orphan: number; deleted: number }> {
  await db
    .insert(users)
    .values(SYSTEM_ACCOUNTS.map((a) => ({ ...a, password: null, authProvider: "email", emailVerified: false })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        SYSTEM_ACCOUNTS.map((a) => a.username.toLowerCase()),
      ),
    );
  const id = (name: string) => rows.find((r) => r.username === name)?.id;
  const orphan = id(ORPHAN_USERNAME);
  const deleted = id(DELETED_USERNAME);
  // NOTE: someone holding one of the names (taken before this code existed) would be a real person's account.
  if (orphan === undefined || deleted === undefined) throw new Error("a system account's name is held by a person");
  return { orphan, deleted };
}
