// PATCH /api/user: the profile schema's rules plus case-insensitive unique usernames.
import { eq, sql } from "drizzle-orm";
import { type ProfileUpdateBody, profileUpdateFor } from "../../shared/schemas/accounts";
import type { Db } from "../db/client";
import { formerUsernames, users } from "../db/schema";
import type { UserRow } from "../types";
import { isUsernameTaken } from "./find-user";
import { rethrowAccountConflict, usernameTaken } from "./register-user";

export async function updateProfile(db: Db, user: UserRow, body: ProfileUpdateBody): Promise<UserRow> {
  // A ZodError here answers 400 with `fields`, like the route's own schema would.
  const update = profileUpdateFor(user.username).parse(body);
  if (update.username !== user.username && (await isUsernameTaken(db, update.username, user.id))) {
    throw usernameTaken();
  }
  const renamed = update.username.toLowerCase() !== user.username.toLowerCase();
  const updated = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          username: update.username,
          ...(update.description === undefined ? {} : { description: update.description || null }),
        })
        .where(eq(users.id, user.id))
        .returning();
      // The old name keeps leading here (/u/oldname answers 301) until someone else takes it.
      if (renamed) {
        await tx
          .insert(formerUsernames)
          .values({ nameLower: user.username.toLowerCase(), userId: user.id })
          .onConflictDoUpdate({
            target: formerUsernames.nameLower,
            set: { userId: user.id, changedAt: sql`now()` },
          });
      }
      return row;
    })
    .catch(rethrowAccountConflict);
  return updated!;
}
