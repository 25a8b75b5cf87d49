// Co-creators with consent (issue 30): the creator invites by username, the invitee accepts or declines, a co-creator
// leaves, the creator removes one or withdraws an invitation. Nobody is named on a work before accepting. Each command
// is one transaction that first locks the story's row, so two invitations at once cannot pass the cap and an answer
// cannot race a removal. Answering: the same answer again is idempotent (200, nothing sent twice); the other answer
// after one was given is a 409 (docs/decisions/0085-co-creators.md).
import { and, asc, eq, sql } from "drizzle-orm";
import {
  CO_CREATOR_MESSAGES as M,
  CO_CREATORS_MAX,
  type CoCreatorAnswerResult,
  type CoCreatorState,
} from "../../shared/schemas/co-creators";
import type { Db } from "../db/client";
import { stories, storyCoCreators, users } from "../db/schema";
import { AppError, notFound } from "../errors";
import { authorizeOrThrow } from "../policies/authorize";
import { canDelete, editableBy } from "../policies/story";
import { blockersAmong, writeUnavailable } from "../safety/blocks";
import { STORY_NOT_FOUND } from "../stories/story-queries";
import type { UserRow } from "../types";

const NAME = /^[\p{L}\p{N}_.-]{1,64}$/u;
const usernameError = (status: number, code: string, message: string) =>
  new AppError(status, code, message, { fields: { username: message } });

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The story as its editor sees it, locked for the transaction; 404 to anyone who may not edit it. */
async function lockEditableStoryOrThrow(tx: Tx | Db, storyId: number, userId: number, lock = true) {
  const query = tx
    .select({ id: stories.id, authorId: stories.authorId, published: stories.published })
    .from(stories)
    .where(and(eq(stories.id, storyId), editableBy(userId)));
  const [story] = lock ? await query.for("update") : await query;
  if (!story) throw notFound(STORY_NOT_FOUND);
  return story;
}

/** Only the creator manages co-creators; a co-creator is told so, anyone else that the story does not exist. */
function assertCreator(user: UserRow, story: { authorId: number }): void {
  authorizeOrThrow(canDelete(user, { authorId: story.authorId, coCreatorIds: [user.id] }), {
    forbidden: () => new AppError(403, "CREATOR_ONLY", M.creatorOnly),
  });
}

async function findInvitee(tx: Tx, username: string) {
  if (!NAME.test(username)) throw usernameError(404, "USER_NOT_FOUND", M.unknown);
  const [row] = await tx
    .select({ id: users.id, username: users.username, allows: users.coCreatorInvites })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (!row) throw usernameError(404, "USER_NOT_FOUND", M.unknown);
  return row;
}

/** POST /api/stories/{id}/co-creators: answers the new invitation's id. */
export async function inviteCoCreator(db: Db, user: UserRow, storyId: number, username: string, now: Date) {
  return db.transaction(async (tx) => {
    const story = await lockEditableStoryOrThrow(tx, storyId, user.id);
    assertCreator(user, story);
    const invitee = await findInvitee(tx, username);
    if (invitee.id === user.id) throw usernameError(400, "CO_CREATOR_SELF", M.self);
    // A block either way: the same neutral refusal as every write aimed at a blocker.
    const [theirs, mine] = await Promise.all([
      blockersAmong(tx, [invitee.id], user.id),
      blockersAmong(tx, [user.id], invitee.id),
    ]);
    if (theirs.blockedBy.length > 0 || mine.blockedBy.length > 0) {
      const refusal = writeUnavailable();
      throw new AppError(refusal.status, refusal.code, refusal.message, { fields: { username: refusal.message } });
    }
    const rows = await tx
      .select({ userId: storyCoCreators.userId, state: storyCoCreators.state })
      .from(storyCoCreators)
      .where(eq(storyCoCreators.storyId, storyId));
    const existing = rows.find((r) => r.userId === invitee.id);
    if (existing?.state === "accepted")
      throw usernameError(409, "CO_CREATOR_EXISTS", M.alreadyCoCreator(invitee.username));
    if (existing?.state === "pending")
      throw usernameError(409, "CO_CREATOR_INVITED", M.alreadyInvited(invitee.username));
    if (existing?.state === "declined") throw usernameError(409, "CO_CREATOR_DECLINED", M.declined(invitee.username));
    if (!invitee.allows) throw usernameError(403, "CO_CREATOR_CLOSED", M.closed(invitee.username));
    if (rows.filter((r) => r.state !== "declined").length >= CO_CREATORS_MAX)
      throw usernameError(409, "CO_CREATOR_CAP", M.cap);
    const [row] = await tx
      .insert(storyCoCreators)
      .values({ storyId, userId: invitee.id, invitedBy: user.id, state: "pending", createdAt: now })
      .returning({ id: storyCoCreators.id });
    return { id: row!.id };
  });
}

/**
 * POST /api/co-creator-invitations/{id}/accept | decline, by the invitee only (anyone else: 404). `changed` says
 * whether this request gave the answer (then the inviter is told and the work's views change).
 */
export async function answerInvitation(
  db: Db,
  user: UserRow,
  invitationId: number,
  answer: Exclude<CoCreatorState, "pending">,
  now: Date,
): Promise<CoCreatorAnswerResult & { changed: boolean }> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ id: storyCoCreators.id, storyId: storyCoCreators.storyId, state: storyCoCreators.state })
      .from(storyCoCreators)
      .where(and(eq(storyCoCreators.id, invitationId), eq(storyCoCreators.userId, user.id)));
    if (!invitation) throw notFound(M.invitationNotFound);
    // The story's row first, as every other command here: the order of locks is the same everywhere.
    await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, invitation.storyId)).for("update");
    const [locked] = await tx
      .select({ state: storyCoCreators.state })
      .from(storyCoCreators)
      .where(eq(storyCoCreators.id, invitationId))
      .for("update");
    if (!locked) throw notFound(M.invitationNotFound);
    const result = { id: invitation.id, storyId: invitation.storyId, state: answer };
    if (locked.state === answer) return { ...result, changed: false };
    if (locked.state !== "pending") throw new AppError(409, "ALREADY_ANSWERED", M.alreadyAnswered);
    await tx
      .update(storyCoCreators)
      .set({
        state: answer,
        answeredAt: now,
        // Named after those who accepted before them.
        position:
          answer === "accepted"
            ? sql`(select coalesce(max(position), 0) + 1 from story_co_creators where story_id = ${invitation.storyId} and state = 'accepted')`
            : 0,
      })
      .where(eq(storyCoCreators.id, invitationId));
    return { ...result, changed: true };
  });
}

/** DELETE /api/stories/{id}/co-creators/me: a co-creator leaves (or an invitee drops a pending invitation). */
export async function leaveStory(db: Db, user: UserRow, storyId: number): Promise<{ wasAccepted: boolean }> {
  const [gone] = await db
    .delete(storyCoCreators)
    .where(and(eq(storyCoCreators.storyId, storyId), eq(storyCoCreators.userId, user.id)))
    .returning({ state: storyCoCreators.state });
  if (!gone) throw notFound(M.notCoCreator);
  return { wasAccepted: gone.state === "accepted" };
}

/** DELETE /api/stories/{id}/co-creators/{userId}: the creator removes a co-creator or withdraws an invitation. */
export async function removeCoCreator(
  db: Db,
  user: UserRow,
  storyId: number,
  userId: number,
): Promise<{ wasAccepted: boolean }> {
  return db.transaction(async (tx) => {
    const story = await lockEditableStoryOrThrow(tx, storyId, user.id);
    assertCreator(user, story);
    const [gone] = await tx
      .delete(storyCoCreators)
      .where(and(eq(storyCoCreators.storyId, storyId), eq(storyCoCreators.userId, userId)))
      .returning({ state: storyCoCreators.state });
    if (!gone) throw notFound(M.coCreatorNotFound);
    return { wasAccepted: gone.state === "accepted" };
  });
}

/** GET /api/stories/{id}/co-creators: for its editors. Declined invitations are the creator's to see. */
export async function listCoCreators(db: Db, user: UserRow, storyId: number) {
  const story = await lockEditableStoryOrThrow(db, storyId, user.id, false);
  const inviters = sql`(select u2.username from users u2 where u2.id = ${storyCoCreators.invitedBy})`;
  const rows = await db
    .select({
      id: storyCoCreators.id,
      userId: storyCoCreators.userId,
      username: users.username,
      state: storyCoCreators.state,
      invitedBy: sql<string | null>`${inviters}`,
      createdAt: storyCoCreators.createdAt,
      answeredAt: storyCoCreators.answeredAt,
    })
    .from(storyCoCreators)
    .innerJoin(users, eq(users.id, storyCoCreators.userId))
    .where(eq(storyCoCreators.storyId, storyId))
    .orderBy(
      sql`case ${storyCoCreators.state} when 'accepted' then 0 when 'pending' then 1 else 2 end`,
      asc(storyCoCreators.position),
      asc(storyCoCreators.id),
    );
  const [creator] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, story.authorId));
  const isCreator = story.authorId === user.id;
  return {
    creator: creator ?? { id: story.authorId, username: "" },
    coCreators: rows
      .filter((r) => isCreator || r.state !== "declined")
      .map((r) => ({
        id: r.id,
        userId: r.userId,
        username: r.username,
        state: r.state as CoCreatorState,
        invitedBy: r.invitedBy === null ? null : { username: r.invitedBy },
        createdAt: r.createdAt.toISOString(),
        answeredAt: r.answeredAt?.toISOString() ?? null,
      })),
    canManage: isCreator,
    max: CO_CREATORS_MAX,
  };
}
