// A collection's prompt meme, its commands (issue 33 section 3): maintainers open and close it, readers post prompts
// with catalogue tags, writers claim them. Fills are prompt-fills.ts; reads are prompt-queries.ts.
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  PROMPT_DELETE_FORBIDDEN,
  PROMPT_HAS_FILLS,
  PROMPT_MEME_CLOSED,
  PROMPT_MEME_NOT_RUNNING,
  PROMPT_NOT_FOUND,
  type PromptCreate,
  type PromptMemeState,
  promptUnknownTag,
} from "../../shared/schemas/prompts";
import { catalogueTag, tagKey } from "../../shared/tagging";
import { stripControlChars } from "../content/sanitize-content";
import type { Db } from "../db/client";
import { collectionPrompts, collections, freeTags, promptClaims, promptFills } from "../db/schema";
import { AppError, notFound } from "../errors";
import { type CollectionRow, getCollectionOrThrow, maintainerRole, requireMaintainer } from "./access";

export type PromptRow = typeof collectionPrompts.$inferSelect;

const invalid = (field: string, message: string, status = 400) =>
  new AppError(status, status === 409 ? "CONFLICT" : "VALIDATION", message, { fields: { [field]: message } });

/** Route ids are numbers; anything else is no prompt. */
export function parsePromptId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(id >= 1 && id <= 2_147_483_647)) throw notFound(PROMPT_NOT_FOUND);
  return id;
}

/** The prompt and its collection, or 404. */
export async function getPromptOrThrow(db: Db, id: number): Promise<{ prompt: PromptRow; collection: CollectionRow }> {
  const [row] = await db
    .select({ prompt: collectionPrompts, collection: collections })
    .from(collectionPrompts)
    .innerJoin(collections, eq(collections.id, collectionPrompts.collectionId))
    .where(eq(collectionPrompts.id, id))
    .limit(1);
  if (!row) throw notFound(PROMPT_NOT_FOUND);
  return row;
}

/** 4xx unless the meme takes new prompts and claims. */
export function requireOpenMeme(collection: Pick<CollectionRow, "promptMeme">, field = "prompt"): void {
  if (collection.promptMeme === "none") throw invalid(field, PROMPT_MEME_NOT_RUNNING, 409);
  if (collection.promptMeme !== "open") throw invalid(field, PROMPT_MEME_CLOSED, 409);
}

/** PUT /api/collections/{name}/prompt-meme (maintainers). */
export async function setPromptMeme(
  db: Db,
  name: string,
  userId: number,
  state: PromptMemeState,
  now: Date,
): Promise<PromptMemeState> {
  const collection = await requireMaintainer(db, name, userId);
  await db.update(collections).set({ promptMeme: state, updatedAt: now }).where(eq(collections.id, collection.id));
  return state;
}

/**
 * Each name as the tag catalogue spells it: a catalogue tag, or a free-form tag already known (a synonym becomes its
 * canonical tag). Repeats are dropped; an unknown name is a 400 naming it.
 */
export async function resolvePromptTags(db: Db, names: readonly string[]): Promise<string[]> {
  const keys = [...new Set(names.map(tagKey))].filter((key) => key !== "");
  const free = keys.filter((key) => !catalogueTag(key));
  const known = new Map<string, string>();
  if (free.length > 0) {
    const rows = await db
      .select({
        key: freeTags.key,
        name: sql<string>`coalesce((select c.name from free_tags c where c.key = ${freeTags.synonymOf}), ${freeTags.name})`,
      })
      .from(freeTags)
      .where(inArray(freeTags.key, free));
    for (const row of rows) known.set(row.key, row.name);
  }
  const spelled = keys.map((key) => {
    const name = catalogueTag(key) ?? known.get(key);
    if (!name) throw invalid("tags", promptUnknownTag(names.find((n) => tagKey(n) === key) ?? key));
    return name;
  });
  return [...new Set(spelled)];
}

/** POST /api/collections/{name}/prompts. */
export async function createPrompt(
  db: Db,
  name: string,
  posterId: number,
  body: Required<PromptCreate>,
  now: Date,
): Promise<number> {
  const collection = await getCollectionOrThrow(db, name);
  requireOpenMeme(collection);
  const tags = await resolvePromptTags(db, body.tags);
  const [row] = await db
    .insert(collectionPrompts)
    .values({
      collectionId: collection.id,
      posterId,
      text: stripControlChars(body.text),
      tags,
      anonymous: body.anonymous,
      createdAt: now,
    })
    .returning({ id: collectionPrompts.id });
  return row!.id;
}

/** DELETE /api/prompts/{id}: its poster or a maintainer; a prompt with fills is kept (409). */
export async function deletePrompt(db: Db, id: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [prompt] = await tx.select().from(collectionPrompts).where(eq(collectionPrompts.id, id)).for("update");
    if (!prompt) throw notFound(PROMPT_NOT_FOUND);
    if (prompt.posterId !== userId && !(await maintainerRole(tx, prompt.collectionId, userId)))
      throw new AppError(403, "FORBIDDEN", PROMPT_DELETE_FORBIDDEN);
    const [fill] = await tx.select({ one: sql`1` }).from(promptFills).where(eq(promptFills.promptId, id)).limit(1);
    if (fill) throw new AppError(409, "CONFLICT", PROMPT_HAS_FILLS);
    await tx.delete(collectionPrompts).where(eq(collectionPrompts.id, id));
  });
}

async function claimCount(db: Db, promptId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(promptClaims)
    .where(eq(promptClaims.promptId, promptId));
  return Number(row?.n ?? 0);
}

/** POST /api/prompts/{id}/claims: several writers may claim one prompt; claiming twice changes nothing. */
export async function claimPrompt(db: Db, id: number, userId: number, now: Date) {
  const { collection } = await getPromptOrThrow(db, id);
  requireOpenMeme(collection);
  await db.insert(promptClaims).values({ promptId: id, userId, createdAt: now }).onConflictDoNothing();
  return { claimed: true, claimCount: await claimCount(db, id) };
}

/** DELETE /api/prompts/{id}/claims: allowed in a closed meme too (a writer may always let a claim go). */
export async function unclaimPrompt(db: Db, id: number, userId: number) {
  await getPromptOrThrow(db, id);
  await db.delete(promptClaims).where(and(eq(promptClaims.promptId, id), eq(promptClaims.userId, userId)));
  return { claimed: false, claimCount: await claimCount(db, id) };
}
