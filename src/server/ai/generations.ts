// The generations Marin delivered, kept so a writer may ask for another version of one (issue 32, decision 0097).
// A row is reserved before the charge and the model, so a group's bound holds under concurrent requests (the group's
// first row is locked while it is counted); a request that then fails gives its row back (`discard`).
import { and, count, eq, or, sql } from "drizzle-orm";
import { MARIN_LIMITS } from "../../shared/schemas/marin";
import type { Db } from "../db/client";
import { marinGenerations } from "../db/schema";
import { AppError, notFound } from "../errors";

export const GENERATION_NOT_FOUND = "That generation was not found. Ask Marin for a new one.";
export const VERSIONS_FULL = `A generation has at most ${MARIN_LIMITS.versions} versions. Keep one of them, or ask for a new generation.`;
export const WRONG_ACTION = "Another version asks for the same kind of text as the first one.";

export interface GenerationAsked {
  userId: number;
  storyId: number | null;
  action: string;
  /** The request's own fields (prompt, instruction, length…), never the story's text. */
  request: Record<string, unknown>;
  /** The generation asked again (any version of its group), or undefined for a first one. */
  alternativeOf?: number;
}

/**
 * Keeps a generation before it runs and answers its id. An alternative must be the same user's, of the same story and
 * action, and its group must have room: else 404 (unknown, another user's, another story's), 400 or 409.
 */
export async function reserveGeneration(db: Db, asked: GenerationAsked): Promise<number> {
  const { userId, storyId, action, request, alternativeOf } = asked;
  if (alternativeOf === undefined) {
    const [row] = await db
      .insert(marinGenerations)
      .values({ userId, storyId, action, request })
      .returning({ id: marinGenerations.id });
    return row!.id;
  }
  return db.transaction(async (tx) => {
    const [asked] = await tx
      .select()
      .from(marinGenerations)
      .where(and(eq(marinGenerations.id, alternativeOf), eq(marinGenerations.userId, userId)));
    if (!asked || asked.storyId !== storyId) throw notFound(GENERATION_NOT_FOUND);
    if (asked.action !== action) throw new AppError(400, "WRONG_ACTION", WRONG_ACTION);
    const rootId = asked.alternativeOf ?? asked.id;
    // NOTE: the group's first row, locked: two alternatives asked at once count one after the other.
    await tx.execute(sql`select id from ${marinGenerations} where id = ${rootId} for update`);
    const [group] = await tx
      .select({ n: count() })
      .from(marinGenerations)
      .where(or(eq(marinGenerations.id, rootId), eq(marinGenerations.alternativeOf, rootId)));
    if ((group?.n ?? 0) >= MARIN_LIMITS.versions) throw new AppError(409, "TOO_MANY_VERSIONS", VERSIONS_FULL);
    const [row] = await tx
      .insert(marinGenerations)
      .values({ userId, storyId, action, request, alternativeOf: rootId })
      .returning({ id: marinGenerations.id });
    return row!.id;
  });
}

/** Gives back a reserved generation whose request failed before any text reached the writer. */
export async function discardGeneration(db: Db, id: number): Promise<void> {
  await db.delete(marinGenerations).where(eq(marinGenerations.id, id));
}
