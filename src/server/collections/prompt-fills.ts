// A fill: the writer's own published work fills a prompt (issue 33 section 3), on publish (`fills`) or later by
// POST /api/prompts/{id}/fills. In one transaction the work joins the prompt's collection by the collections' own rules
// (collections/items.ts joinCollectionLocked), the prompt_fills row is written, the work's anonymity follows, and the
// poster hears of it once — unless the work is hidden until a reveal, which then calls notifyPromptFills for what it
// held back.
import { eq, sql } from "drizzle-orm";
import {
  FILL_STORY_NOT_FOUND,
  FILL_STORY_NOT_PUBLISHED,
  type FillAnswer,
  PROMPT_MEME_NOT_RUNNING,
} from "../../shared/schemas/prompts";
import { affectedRows, insertNotifications } from "../community/notification-rows";
import type { Db } from "../db/client";
import { promptFills, stories } from "../db/schema";
import { AppError } from "../errors";
import { joinCollectionLocked } from "./items";
import { getPromptOrThrow } from "./prompts";

export interface FillDone extends FillAnswer {
  /** The work's `anonymous` or `unrevealed` changed: its cached pages must go. */
  anonymityChanged: boolean;
  /** Notifications inserted (0 or 1): the email worker is woken when there is one. */
  notified: number;
}

const fieldError = (status: number, message: string, field = "fills") =>
  new AppError(status, status === 404 ? "NOT_FOUND" : status === 409 ? "CONFLICT" : "VALIDATION", message, {
    fields: { [field]: message },
  });

/**
 * Inside the caller's transaction (the publish's, after the story is written, or the fill route's): the checks, the
 * item, the fill row and the poster's notification. Filling the same prompt twice is the same answer as once.
 */
export async function fillPromptInTransaction(
  tx: Db,
  authorId: number,
  storyId: number,
  promptId: number,
  now: Date,
  storyField = "fills",
): Promise<FillDone> {
  // NOTE: the story's row lock makes two fills of one work take turns over its collections limit.
  const [story] = await tx
    .select({
      authorId: stories.authorId,
      published: stories.published,
      anonymous: stories.anonymous,
      unrevealed: stories.unrevealed,
    })
    .from(stories)
    .where(eq(stories.id, storyId))
    .for("update");
  // Another writer's work is answered like a missing one: nobody learns it exists.
  if (!story || story.authorId !== authorId) throw fieldError(404, FILL_STORY_NOT_FOUND, storyField);
  if (!story.published) throw fieldError(400, FILL_STORY_NOT_PUBLISHED, storyField);
  const { collection } = await getPromptOrThrow(tx, promptId);
  if (collection.promptMeme === "none") throw fieldError(409, PROMPT_MEME_NOT_RUNNING);
  // The collections' own rules (an open collection takes it, a moderated one holds it for a maintainer); a work
  // already in it or waiting there fills as it is.
  const joined = await joinCollectionLocked(tx, collection, { id: storyId, ...story }, authorId, now, {
    field: storyField,
    keepExisting: true,
  });
  const item = joined.state as FillDone["item"];
  await tx.insert(promptFills).values({ promptId, storyId, createdAt: now }).onConflictDoNothing();
  const [after] = await tx
    .select({ anonymous: stories.anonymous, unrevealed: stories.unrevealed })
    .from(stories)
    .where(eq(stories.id, storyId));
  const anonymityChanged = after?.anonymous !== story.anonymous || after?.unrevealed !== story.unrevealed;
  const notified = await notifyPromptFills(tx, collection.id, [storyId], promptId);
  return { promptId, storyId, item, anonymityChanged, notified };
}

/** POST /api/prompts/{id}/fills: a work already published fills the prompt. */
export async function fillPrompt(
  db: Db,
  authorId: number,
  storyId: number,
  promptId: number,
  now: Date,
): Promise<FillDone> {
  // The prompt first, so a missing prompt is its 404, not the story's.
  await getPromptOrThrow(db, promptId);
  return db.transaction((tx) => fillPromptInTransaction(tx, authorId, storyId, promptId, now, "storyId"));
}

/**
 * Tells each poster of a prompt in the collection of the fills of these works (only `promptId`'s when given), once per fill
 * ('prompt_fill:<prompt>:<story>'). Held back while the work is hidden until a reveal (or its collection will hide it
 * when approved): the reveal calls this again for its works. An anonymous work (or one whose collection is anonymous
 * and not yet revealed) names no actor. No notice of one's own fill, nor across a block either way.
 */
export async function notifyPromptFills(
  db: Db,
  collectionId: number,
  storyIds: readonly number[],
  promptId?: number,
): Promise<number> {
  if (storyIds.length === 0) return 0;
  const ids = sql.raw(`array[${storyIds.map(Number).join(",")}]::int[]`);
  const onePrompt = promptId === undefined ? sql`true` : sql`f.prompt_id = ${promptId}`;
  return affectedRows(
    await db.execute(
      insertNotifications(
        sql`select p.poster_id, 'prompt_fill',
            case when s.anonymous or (c.anonymous and c.revealed_at is null) then null else s.author_id end,
            s.id, null::int, null::int, null::int, 'prompt_fill:' || p.id || ':' || s.id
          from prompt_fills f
          join collection_prompts p on p.id = f.prompt_id
          join collections c on c.id = p.collection_id
          join stories s on s.id = f.story_id
          where c.id = ${collectionId} and f.story_id = any(${ids}) and ${onePrompt}
            and not s.unrevealed and not (c.unrevealed and c.revealed_at is null)
            and p.poster_id <> s.author_id
            and not exists (select 1 from user_blocks b where b.kind = 'block'
              and ((b.user_id = s.author_id and b.other_id = p.poster_id)
                or (b.user_id = p.poster_id and b.other_id = s.author_id)))`,
        { collectionId },
      ),
    ),
  );
}
