// DELETE /api/account (issue 18): the owner confirms with their username (and password, when set); an active Plus
// subscription is ended with the payment provider first (a refusal stops everything); then one transaction removes
// the account and all that is theirs. Published stories are deleted or orphaned (kept under 'orphan_account');
// comments stay, under '[deleted user]'. Tables that point at users cascade or set null by their foreign keys; the
// few places that name a user without one are cleared here. The username is held for 30 days.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { DeleteAccountBody } from "../../shared/schemas/account-life";
import type { Db } from "../db/client";
import {
  bookmarks,
  comments,
  images,
  likes,
  moderationAudit,
  notifications,
  outboxEvents,
  stories,
  storyMemories,
  storyVersions,
  loreEntries,
  loreProposalAnswers,
  throttles,
  users,
} from "../db/schema";
import { deleteImageObjects } from "../images/store-image";
import { AppError } from "../errors";
import { accountDeletedEmail } from "../mail/templates";
import type { EventBus } from "../events/bus";
import type { UserRow } from "../types";
import { accountContext, sendAccountEmail } from "../accounts/context";
import { confirmIdentity } from "../accounts/reauth";
import { systemAccountIds } from "../accounts/system-accounts";
import { holdUsername } from "../accounts/username-holds";
import { handOverCoWrittenWorks } from "../co-creators/hand-over";

/** How the audit log names an actor whose account is gone (the only change its trigger allows). */
const DELETED_ACTOR = "[deleted user]";

export const USERNAME_MISMATCH = "The username you typed doesn't match your account.";
export const ACCOUNT_DELETED = "Your account has been deleted.";
const ENDED_STATUSES = new Set(["canceled", "incomplete_expired"]);

export const hasLiveSubscription = (user: UserRow) =>
  user.subscriptionId !== null && user.subscriptionStatus !== null && !ENDED_STATUSES.has(user.subscriptionStatus);

export async function deleteAccount(
  request: FastifyRequest,
  user: UserRow,
  body: DeleteAccountBody,
  events: EventBus,
): Promise<void> {
  if (body.username.trim().toLowerCase() !== user.username.toLowerCase()) {
    throw new AppError(400, "USERNAME_MISMATCH", USERNAME_MISMATCH, { fields: { username: USERNAME_MISMATCH } });
  }
  await confirmIdentity(request, user, body.currentPassword);
  const ctx = accountContext(request);
  // NOTE: before the transaction: a provider that refuses (or is down) leaves the account whole, and the person is
  // never left with a deleted account still paying.
  if (hasLiveSubscription(user)) await request.server.deps.payments.cancelSubscriptionNow(user);
  const { publishedIds, imageKeys } = await removeAccount(ctx.db, user, body.stories);
  // After the commit, their images' bytes (decision 0036); one that fails is left to the stray-object sweep.
  const storage = request.server.deps.imageStorage;
  for (const key of imageKeys) await deleteImageObjects(storage, key).catch(() => undefined);
  // After the commit: cached views named them (their stories' bylines, Discover cards, author pages).
  await events.emit("user.deleted", { userId: user.id, storyIds: publishedIds });
  sendAccountEmail(ctx, accountDeletedEmail(user.email, user.username));
}

/**
 * The one transaction; answers the ids of the published stories whose views named the user, and the storage keys of
 * the images it removed (their objects are for the caller to delete after the commit).
 */
export async function removeAccount(
  db: Db,
  user: UserRow,
  fate: "delete" | "orphan",
): Promise<{ publishedIds: number[]; imageKeys: string[] }> {
  return db.transaction(async (tx) => {
    const system = await systemAccountIds(tx);
    // Issue 30: a co-written work stays with its co-creators (its first one becomes its creator) before anything
    // below treats the account's works as theirs alone.
    const handedOver = await handOverCoWrittenWorks(tx, user.id);
    // Fan-outs they caused that have not run yet (the request's own run failed or its process died, and the sweep
    // comes a minute later) go with them: a follow, a like, their comments, their stories' publishes.
    await tx.execute(sql`delete from ${outboxEvents} where (event->>'followerId')::int = ${user.id}
      or (event->>'likerId')::int = ${user.id}
      or (event->>'commentId')::int in (select id from ${comments} where author_id = ${user.id})
      or (event->>'name' in ('story.first_published', 'chapters.published')
        and (event->>'storyId')::int in (select id from ${stories} where author_id = ${user.id}))`);
    const published = await tx
      .select({ id: stories.id })
      .from(stories)
      .where(and(eq(stories.authorId, user.id), eq(stories.published, true)));
    const publishedIds = published.map((s) => s.id);
    const namedIds = [...publishedIds, ...handedOver.filter((s) => s.published).map((s) => s.id)];
    if (fate === "orphan" && publishedIds.length > 0) {
      await tx.update(stories).set({ authorId: system.orphan }).where(inArray(stories.id, publishedIds));
      // Marin's notes and the writer's lorebook on the story were the writer's private tools.
      await tx.delete(storyMemories).where(inArray(storyMemories.storyId, publishedIds));
      await tx.delete(loreEntries).where(inArray(loreEntries.storyId, publishedIds));
      await tx.delete(loreProposalAnswers).where(inArray(loreProposalAnswers.storyId, publishedIds));
    }
    // Drafts, and published stories not orphaned (their chapters, comments, likes … go with them by cascade).
    await tx.delete(stories).where(eq(stories.authorId, user.id));

    // Their likes and bookmarks leave the counts they were in.
    await tx.execute(sql`update ${stories} set like_count = greatest(like_count - 1, 0)
      where id in (select story_id from ${likes} where user_id = ${user.id})`);
    // NOTE: a work counts its public bookmarks only (issue 30): a private one was never in the count.
    await tx.execute(sql`update ${stories} set bookmark_count = greatest(bookmark_count - 1, 0)
      where id in (select story_id from ${bookmarks} where user_id = ${user.id} and not ${bookmarks.private})`);

    // Threads stay readable: their comments (kept text, or '[deleted]' placeholders) move to '[deleted user]'.
    await tx.update(comments).set({ authorId: system.deleted }).where(eq(comments.authorId, user.id));
    // Other people's notifications they caused read as "Someone" (actor_id has no foreign key on purpose); a
    // "followed you" goes with the follow (its dedupe key names the follower).
    await tx
      .delete(notifications)
      .where(and(eq(notifications.actorId, user.id), eq(notifications.type, "new_follower")));
    await tx.update(notifications).set({ actorId: null }).where(eq(notifications.actorId, user.id));
    // Issue 30: the texts they saved on works kept by others no longer name them (no foreign key: see stories.ts).
    // NOTE: unindexed scans, paid once per deleted account rather than by every save.
    await tx.update(stories).set({ savedBy: null }).where(eq(stories.savedBy, user.id));
    await tx.update(storyVersions).set({ savedBy: null }).where(eq(storyVersions.savedBy, user.id));

    // Their images, unless a kept (orphaned) story still shows one; those stay without an owner (FK: set null).
    const removedImages = await tx
      .delete(images)
      .where(
        and(
          eq(images.ownerId, user.id),
          sql`not exists (select 1 from ${stories} s where s.cover_image_id = ${images.id} or s.reader_background_image_id = ${images.id})`,
        ),
      )
      .returning({ storageKey: images.storageKey });
    // Counters and remembered addresses keyed by their id or address (throttles has no foreign key).
    await tx
      .delete(throttles)
      .where(
        or(
          sql`${throttles.key} ~ ${`^[a-z0-9-]+:${user.id}(:|$)`}`,
          sql`lower(${throttles.key}) like ${`%:${user.email.toLowerCase().replace(/[\\%_]/g, "\\$&")}`}`,
        ),
      );
    // The moderation audit log keeps its entries (issue 18) but forgets who (its trigger allows only this update).
    await tx
      .update(moderationAudit)
      .set({ actorId: null, actorName: DELETED_ACTOR })
      .where(eq(moderationAudit.actorId, user.id));
    await tx.update(moderationAudit).set({ targetUserId: null }).where(eq(moderationAudit.targetUserId, user.id));
    await holdUsername(tx, user.username);
    // Everything else that points at the account cascades (sessions, follows, likes, bookmarks, notifications,
    // settings, reading history, email changes, …) or is set null (reports, images kept by orphaned stories).
    const [gone] = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
    if (!gone) throw new AppError(409, "ACCOUNT_CHANGED", "Your account changed meanwhile. Please try again.");
    return { publishedIds: namedIds, imageKeys: removedImages.flatMap((i) => (i.storageKey ? [i.storageKey] : [])) };
  });
}
