// PATCH /api/user: the profile schema's rules (SPEC.md section 5) plus case-insensitive unique usernames.
import { eq } from "drizzle-orm";
import type { ProfileUpdate } from "../../shared/schemas/accounts";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { UserRow } from "../types";
import { isUsernameTaken } from "./find-user";
import { rethrowAccountConflict, usernameTaken } from "./register-user";

export async function updateProfile(db: Db, user: UserRow, update: ProfileUpdate): Promise<UserRow> {
  if (await isUsernameTaken(db, update.username, user.id)) throw usernameTaken();
  const [updated] = await db
    .update(users)
    .set({
      username: update.username,
      ...(update.description === undefined ? {} : { description: update.description || null }),
    })
    .where(eq(users.id, user.id))
    .returning()
    .catch(rethrowAccountConflict);
  return updated!;
}
