// PATCH /api/user: the profile schema's rules (SPEC.md section 5) plus case-insensitive unique usernames.
import { eq } from "drizzle-orm";
import { type ProfileUpdateBody, profileUpdateFor } from "../../shared/schemas/accounts";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { UserRow } from "../types";
import { isUsernameTaken } from "./find-user";
import { rethrowAccountConflict, usernameTaken } from "./register-user";

export async function updateProfile(db: Db, user: UserRow, body: ProfileUpdateBody): Promise<UserRow> {
  // A ZodError here answers 400 with `fields`, like the route's own schema would.
  const update = profileUpdateFor(user.username).parse(body);
  if (update.username !== user.username && (await isUsernameTaken(db, update.username, user.id))) {
    throw usernameTaken();
  }
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
